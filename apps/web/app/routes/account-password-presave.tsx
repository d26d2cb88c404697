import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-presave';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-presave');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-presave.title');

export default function AccountPasswordPresavePage() {
  return <PlannedScreen page="account-password-presave" />;
}
