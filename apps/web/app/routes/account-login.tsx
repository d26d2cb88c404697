import { redirect } from 'react-router';
import { logIn, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { text } from '#app/features/account/account-forms.ts';
import { LOGIN_ERROR_PARAM, loginPathFor, withQuery } from '#app/features/account/account-paths.ts';
import { REDIRECT_PARAM, safeRedirectTarget, TOP_PATH } from '#app/guards/navigation-guard.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/account-login';

// The login dialog's form endpoint (not a screen): POST /web/user/login, the uwt cookie forwarded
// to the browser. With scripts the dialog gets the result and stays open on errors; without, the
// visitor goes on to the target, or back to the dialog with the error in the URL.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-login');

/** Opening the endpoint itself opens the login dialog. */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(loginPathFor(safeRedirectTarget(url.searchParams.get(REDIRECT_PARAM))));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await logIn(form, accountApiFor(request, context));
  const to = safeRedirectTarget(text(form, 'redirect')) ?? TOP_PATH;
  if (text(form, '_js') === '1') {
    return result.status === 'done' ? { status: 'done' as const, to } : resultResponse(result);
  }
  if (result.status === 'done') throw redirect(to);
  const back = safeRedirectTarget(text(form, 'from')) ?? loginPathFor(to);
  const error = result.status === 'failed' ? String(result.code) : Object.values(result.errors)[0];
  throw redirect(withQuery(back, LOGIN_ERROR_PARAM, error));
}

/** Never shown: the loader always redirects (a component keeps this a page route, so its answers are navigations). */
export default function FormEndpoint() {
  return null;
}
