import { claimLoginBonus, responseCodeOf } from '@manga/api-client';
import { type LoginBonusResponse, ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { LOGIN_BONUS_INTENT, type LoginBonusActionResult, toLoginBonusView } from './login-bonus.ts';

/** /my's login bonus section from GET /web/loginbonus (the calendar as it stands; it claims nothing). */
export function loginBonusSectionOf(answer: LoginBonusResponse) {
  const view = toLoginBonusView(answer);
  if (!view) throw new Error('GET /web/loginbonus answered no calendar');
  return view;
}

/**
 * /my's form `intent=login_bonus`: claims today's bonus (GET /loginbonus; the API gives it once a
 * day whatever is sent) and answers the calendar with what it gave, or the code.
 */
export async function submitMyForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<LoginBonusActionResult> {
  const form = await request.formData();
  if (form.get('intent') !== LOGIN_BONUS_INTENT) return { status: 'failed', code: ResponseCode.InvalidParameter };
  try {
    const bonus = toLoginBonusView(await claimLoginBonus(apiFor(request, context)));
    return bonus ? { status: 'claimed', bonus } : { status: 'failed', code: ResponseCode.ServerError };
  } catch (error) {
    const code = responseCodeOf(error);
    if (isSessionGone(code)) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor('/my'));
    }
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    return { status: 'failed', code };
  }
}
