import { SignupWelcomeScreen } from '#app/features/account/signup-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-save-welcome';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-save-welcome');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-save-welcome.title');

export default function AccountSaveWelcomePage() {
  return <SignupWelcomeScreen />;
}
