import { responseCodeOf } from '@manga/api-client';
import type { RouterContextProvider } from 'react-router';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import { confirmToken, resultResponse } from './account-actions.server.ts';
import { accountApiFor, clearSessionCookie, isSessionGone } from './account-api.server.ts';

/**
 * Password reset's second step: GET /web/account/password/reset. It ends every session of the
 * account; when that included this browser's, the browser is logged out here too.
 */
export async function submitPasswordReset(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const api = accountApiFor(request, context);
  const result = await confirmToken('password-reset', form, api);
  const state = visitorOf(context);
  if (result.status === 'done' && state.visitor.isLoggedIn) {
    try {
      await api.getAccount();
    } catch (error) {
      if (isSessionGone(responseCodeOf(error))) clearSessionCookie(state);
    }
  }
  return resultResponse(result);
}
