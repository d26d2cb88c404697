import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-presave';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-presave');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-presave.title');

export default function AccountPresavePage() {
  return <PlannedScreen page="account-presave" />;
}
