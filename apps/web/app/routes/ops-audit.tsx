import { loadAuditLog } from '#app/features/ops/ops.server.ts';
import { OpsAuditScreen } from '#app/features/ops/ops-audit-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-audit';

// The operator console's audit log (ADR 013): operators only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-audit');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadAuditLog(apiFor(request, context), url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.ops-audit.title');

export default function OpsAuditPage({ loaderData }: Route.ComponentProps) {
  return <OpsAuditScreen log={loaderData} />;
}
