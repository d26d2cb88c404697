import { redirect } from 'react-router';
import { submitLogout } from '#app/features/account/session.server.ts';
import { TOP_PATH } from '#app/guards/navigation-guard.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/account-logout';

// Logout's form endpoint (not a screen): see features/account/session.server.ts.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-logout');

export function loader() {
  throw redirect(TOP_PATH);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitLogout(request, context);
}

/** Never shown: the loader always redirects (a component keeps this a page route, so its answers are navigations). */
export default function FormEndpoint() {
  return null;
}
