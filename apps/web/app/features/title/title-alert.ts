import type { ChapterAlertSettingResponse } from '@manga/contracts';

// A followed title's new-chapter e-mail switch on its page (issue 28, ADR 065 addendum): the form's
// fields, what its action answers and what the page shows.

/** The form's intent field (the follow form's) and value, and the field with the wanted state. */
export const TITLE_ALERT_INTENT = 'title_alert';
export const TITLE_ALERT_FIELD = 'alert_mail';

/** The action's answer; `form` tells it from the follow form's (both post to the title page). */
export type TitleAlertActionResult =
  | { form: typeof TITLE_ALERT_INTENT; status: 'done'; alertMail: boolean }
  | { form: typeof TITLE_ALERT_INTENT; status: 'failed'; code: number };

/** The action's answer when it is the alert form's (for the page drawn after a post without JavaScript). */
export function titleAlertResultOf(data: unknown): TitleAlertActionResult | undefined {
  return typeof data === 'object' && data !== null && 'form' in data && data.form === TITLE_ALERT_INTENT
    ? (data as TitleAlertActionResult)
    : undefined;
}

/** The logged-in reader's alert mail, for the title page (undefined for a visitor or when the API failed). */
export interface TitleAlertView {
  /** The account's new-chapter mail (/my/setting) is on. */
  accountMail: boolean;
  /** This title's own switch (`favorite_title.alert_mail`): not in the account's muted list. */
  titleMail: boolean;
}

/** The view of GET /user/chapter_alert_setting's answer for one title. */
export function toTitleAlert(
  setting: Pick<ChapterAlertSettingResponse, 'chapter_alert_mail' | 'alert_off_title_list'>,
  titleId: number,
): TitleAlertView {
  return {
    accountMail: setting.chapter_alert_mail === 1,
    titleMail: !setting.alert_off_title_list.includes(titleId),
  };
}

/** The wanted state of a submitted form: 1 or 0, or undefined for anything else. */
export function titleAlertValueOf(value: FormDataEntryValue | null): 0 | 1 | undefined {
  return value === '1' ? 1 : value === '0' ? 0 : undefined;
}

/**
 * What the page shows of the switch:
 * - `hidden` to a visitor, when the reader does not follow the title (there is nothing to mail:
 *   the follow button beside it is the first step) or when the setting could not be read;
 * - `blocked` while the account's mail is off: disabled and unchecked (nothing would be mailed),
 *   with a link to turn it on in the settings;
 * - `on` / `off`: this title's own switch.
 */
export type TitleAlertState = 'hidden' | 'blocked' | 'on' | 'off';

export function titleAlertStateOf(alert: TitleAlertView | undefined, following: boolean): TitleAlertState {
  if (!alert || !following) return 'hidden';
  if (!alert.accountMail) return 'blocked';
  return alert.titleMail ? 'on' : 'off';
}
