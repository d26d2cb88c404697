import { loadNgWords, submitNgWordAction } from '#app/features/ops/ops.server.ts';
import { OpsNgWordsScreen } from '#app/features/ops/ops-ngwords-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-ngwords';

// The operator console's NG word list (ADR 013): operators only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-ngwords');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadNgWords(apiFor(request, context), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitNgWordAction(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.ops-ngWords.title');

export default function OpsNgWordsPage({ loaderData }: Route.ComponentProps) {
  return <OpsNgWordsScreen list={loaderData} />;
}
