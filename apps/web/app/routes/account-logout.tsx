import { responseCodeOf } from '@manga/api-client';
import { redirect } from 'react-router';
import { accountApiFor, clearSessionCookie } from '#app/features/account/account-api.server.ts';
import { TOP_PATH } from '#app/guards/navigation-guard.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/account-logout';

// Logout's form endpoint (not a screen): POST /web/user/logout, then the session cookie is cleared
// whatever the API answered (SPEC §4: logout always logs out), and the visitor goes to the top page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-logout');

export function loader() {
  throw redirect(TOP_PATH);
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await accountApiFor(request, context).logout();
  } catch (error) {
    console.warn(`POST /web/user/logout failed with ${responseCodeOf(error)}; logged out locally`);
  }
  clearSessionCookie(visitorOf(context));
  throw redirect(TOP_PATH);
}

/** Never shown: the loader always redirects (a component keeps this a page route, so its answers are navigations). */
export default function FormEndpoint() {
  return null;
}
