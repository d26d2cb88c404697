import { responseCodeOf } from '@manga/api-client';
import { type RouterContextProvider, redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * A wallet page's failed call: a session the API no longer knows logs the visitor out and sends
 * them to log in and back to the same page; anything else goes through the error pipeline.
 */
export function failWalletLoad(error: unknown, context: Context, url: URL): never {
  if (error instanceof Response) throw error;
  if (isSessionGone(responseCodeOf(error))) {
    clearSessionCookie(visitorOf(context));
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  handleApiError(error);
  throw error;
}
