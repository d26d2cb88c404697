import { loadReportQueue, submitReportAction } from '#app/features/ops/ops.server.ts';
import { OpsReportsScreen } from '#app/features/ops/ops-reports-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops';

// The operator console's report queue (ADR 013): operators only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadReportQueue(apiFor(request, context), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitReportAction(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.ops-reports.title');

export default function OpsReportsPage({ loaderData }: Route.ComponentProps) {
  return <OpsReportsScreen queue={loaderData} />;
}
