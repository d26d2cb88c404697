import { loadStaff, submitStaffAction } from '#app/features/ops/ops.server.ts';
import { OpsStaffScreen } from '#app/features/ops/ops-staff-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-staff';

// The console's staff roles (ADR 042): admins only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-staff');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadStaff(apiFor(request, context), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitStaffAction(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff_console.title');

export default function OpsStaffPage({ loaderData }: Route.ComponentProps) {
  return <OpsStaffScreen data={loaderData} />;
}
