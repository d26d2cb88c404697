import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { MaintenanceScreen } from '#app/layouts/status-screens.tsx';
import type { Route } from './+types/maintenance';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('maintenance');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'maintenance.title');

export default function MaintenancePage() {
  return <MaintenanceScreen />;
}
