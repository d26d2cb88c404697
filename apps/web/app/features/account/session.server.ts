import { responseCodeOf } from '@manga/api-client';
import { sameOriginReturnTarget } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { REDIRECT_PARAM, TOP_PATH } from '#app/guards/navigation-guard.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import { logIn, resultResponse } from './account-actions.server.ts';
import { accountApiFor, clearSessionCookie } from './account-api.server.ts';
import { text } from './account-forms.ts';
import { LOGIN_ERROR_PARAM, loginPathFor, loginReturnTarget, withQuery } from './account-paths.ts';

// The login and logout form endpoints (not screens).

type Context = Readonly<RouterContextProvider>;

/** Opening the login endpoint itself opens the login dialog. */
export function openLoginDialog(url: URL): never {
  throw redirect(loginPathFor(url.searchParams.get(REDIRECT_PARAM) ?? undefined));
}

/**
 * POST /web/user/login, the uwt cookie forwarded to the browser. With scripts the dialog gets the
 * result and stays open on errors; without, the visitor goes on to the target, or back to the
 * dialog with the error in the URL.
 */
export async function submitLogin(request: Request, context: Context) {
  const form = await request.formData();
  const result = await logIn(form, accountApiFor(request, context));
  const to = loginReturnTarget(text(form, 'redirect')) ?? TOP_PATH;
  if (text(form, '_js') === '1') {
    return result.status === 'done' ? { status: 'done' as const, to } : resultResponse(result);
  }
  if (result.status === 'done') throw redirect(to);
  const back = sameOriginReturnTarget(text(form, 'from')) ?? loginPathFor(to);
  const error = result.status === 'failed' ? String(result.code) : Object.values(result.errors)[0];
  throw redirect(withQuery(back, LOGIN_ERROR_PARAM, error));
}

/**
 * POST /web/user/logout, then the session cookie is cleared whatever the API answered (product §4:
 * logout always logs out), and the visitor goes to the top page.
 */
export async function submitLogout(request: Request, context: Context): Promise<never> {
  try {
    await accountApiFor(request, context).logout();
  } catch (error) {
    console.warn(`POST /web/user/logout failed with ${responseCodeOf(error)}; logged out locally`);
  }
  clearSessionCookie(visitorOf(context));
  throw redirect(TOP_PATH);
}
