import { sameOriginReturnTarget } from '@manga/contracts';
import { REDIRECT_PARAM, TOP_PATH } from '#app/guards/navigation-guard.ts';

// Where the account screens send visitors (shared by the server actions and the components).

export const LOGIN_ACTION_PATH = '/account/login';
export const LOGOUT_ACTION_PATH = '/account/logout';
export const SIGNUP_PATH = '/account/presave';
export const SIGNUP_WELCOME_PATH = '/account/save/welcome';
export const MY_PAGE_PATH = '/my';
export const SETTINGS_PATH = '/my/setting';
export const TICKETS_PATH = '/my/setting/ticket';
export const PASSWORD_RESET_REQUEST_PATH = '/account/password/prereset';
export const PASSWORD_RESET_SENT_PATH = '/account/password/prereset/send';
export const PASSWORD_CHANGE_PATH = '/account/password/presave';
export const PASSWORD_CHANGE_SENT_PATH = '/account/password/presave/send';
export const EMAIL_CHANGE_PATH = '/my/setting/email';
export const EMAIL_CHANGE_SENT_PATH = '/account/email/presave/send';
export const OPT_OUT_PATH = '/my/setting/optout';
export const TERMS_PATH = '/article/terms-of-service';
export const PRIVACY_PATH = '/article/privacy-policy';

/** Query parameter that opens the login or sign-up dialog over a page (`?dialog=login`). */
export const DIALOG_PARAM = 'dialog';
/** Query parameter that carries a failed no-JavaScript login back to the dialog. */
export const LOGIN_ERROR_PARAM = 'login_error';

/**
 * Where a login sends the visitor on to: a same-origin target without the dialog's own parameters.
 * A page asked for with the dialog open (a link followed while a logout was still drawing) must not
 * open it again once logged in, nor the note of an earlier failed try.
 */
export function loginReturnTarget(target: string | null | undefined): string | undefined {
  const safe = sameOriginReturnTarget(target);
  const queryAt = safe?.indexOf('?') ?? -1;
  if (!safe || queryAt === -1) return safe;
  const hashAt = safe.indexOf('#', queryAt);
  const params = new URLSearchParams(safe.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt));
  if (!params.has(DIALOG_PARAM) && !params.has(LOGIN_ERROR_PARAM)) return safe;
  params.delete(DIALOG_PARAM);
  params.delete(LOGIN_ERROR_PARAM);
  const query = params.toString();
  const hash = hashAt === -1 ? '' : safe.slice(hashAt);
  return sameOriginReturnTarget(`${safe.slice(0, queryAt)}${query ? `?${query}` : ''}${hash}`);
}

/** The top page with the login dialog open, sending the visitor on to `target` afterwards (as the /my middleware does). */
export function loginPathFor(target: string | undefined): string {
  const safe = loginReturnTarget(target);
  if (!safe || safe === TOP_PATH) return `${TOP_PATH}?${DIALOG_PARAM}=login`;
  return `${TOP_PATH}?${DIALOG_PARAM}=login&${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}

/** `path` with `name=value` added to (or replacing in) its query. */
export function withQuery(path: string, name: string, value: string | undefined): string {
  const url = new URL(path, 'http://web.invalid');
  if (value === undefined) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
