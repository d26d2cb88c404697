import { openLoginDialog, submitLogin } from '#app/features/account/session.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/account-login';

// The login dialog's form endpoint (not a screen): see features/account/session.server.ts.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-login');

export function loader({ url }: Route.LoaderArgs) {
  return openLoginDialog(url);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitLogin(request, context);
}

/** Never shown: the loader always redirects (a component keeps this a page route, so its answers are navigations). */
export default function FormEndpoint() {
  return null;
}
