import { responseCodeOf } from '@manga/api-client';
import { type RouterContextProvider, redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import { resultResponse, saveOptOut } from './account-actions.server.ts';
import { accountApiFor, clearSessionCookie, guardSession, isSessionGone } from './account-api.server.ts';
import { loginPathFor } from './account-paths.ts';
import type { OptOutChoices } from './opt-out.ts';

type Context = Readonly<RouterContextProvider>;

/** GET /web/opt_out: the stored choices; a dead session logs out and asks to log in again. */
export async function loadOptOut(request: Request, context: Context, url: URL): Promise<OptOutChoices> {
  try {
    const { opt_out } = await accountApiFor(request, context).getOptOut();
    return { ads: opt_out.ads === 1, analysis: opt_out.analysis === 1 };
  } catch (error) {
    if (isSessionGone(responseCodeOf(error))) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(url.pathname));
    }
    handleApiError(error);
    throw error;
  }
}

/** POST /web/opt_out (ads, analysis): a checked box opts out. */
export async function submitOptOut(request: Request, context: Context, url: URL) {
  const form = await request.formData();
  return resultResponse(guardSession(await saveOptOut(form, accountApiFor(request, context)), context, url));
}
