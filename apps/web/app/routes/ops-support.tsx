import { OpsSupportScreen } from '#app/features/ops/ops-support-screen.tsx';
import { loadSupport, submitSupportAction } from '#app/features/ops/support.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-support';

// Support (issue 26, ADR 063): support staff and admins only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-support');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadSupport(apiFor(request, context), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitSupportAction(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'support_console.title');

export default function OpsSupportPage({ loaderData }: Route.ComponentProps) {
  return <OpsSupportScreen data={loaderData} />;
}
