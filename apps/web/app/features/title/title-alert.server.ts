import { responseCodeOf, setTitleAlert } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { titleHref } from '#app/features/catalogue/title-view.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import {
  TITLE_ALERT_FIELD,
  TITLE_ALERT_INTENT,
  type TitleAlertActionResult,
  titleAlertValueOf,
} from './title-alert.ts';

/**
 * The title page's alert form: `intent=title_alert&alert_mail=1|0` (POST /favorite/alert). The API
 * refuses a title the reader does not follow (3000 TitleNotFound); a visitor without a session goes
 * to log in and comes back to the title.
 */
export async function submitTitleAlert(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  titleId: number,
): Promise<TitleAlertActionResult> {
  const value = titleAlertValueOf(form.get(TITLE_ALERT_FIELD));
  if (value === undefined) return { form: TITLE_ALERT_INTENT, status: 'failed', code: ResponseCode.InvalidParameter };
  try {
    const setting = await setTitleAlert(apiFor(request, context), { title_id: titleId, alert_mail: value });
    return { form: TITLE_ALERT_INTENT, status: 'done', alertMail: !setting.alert_off_title_list.includes(titleId) };
  } catch (error) {
    const code = responseCodeOf(error);
    if (isSessionGone(code)) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(titleHref(titleId)));
    }
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    return { form: TITLE_ALERT_INTENT, status: 'failed', code };
  }
}
