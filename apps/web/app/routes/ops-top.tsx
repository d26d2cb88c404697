import { loadTopCuration, submitTopCuration } from '#app/features/editorial/top-curation.server.ts';
import { TopCurationScreen } from '#app/features/editorial/top-curation-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-top';

// Top page curation (issue 26, ADR 074): editors and admins only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-top');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadTopCuration(apiFor(request, context), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitTopCuration(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'top_curation.title');

export default function OpsTopPage({ loaderData }: Route.ComponentProps) {
  return <TopCurationScreen data={loaderData} />;
}
