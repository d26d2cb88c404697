import { describe, expect, it } from 'vitest';
import { titleAlertResultOf, titleAlertStateOf, titleAlertValueOf, toTitleAlert } from './title-alert.ts';

const setting = (on: 0 | 1, off: number[] = []) => ({
  status: 'success' as const,
  response_code: 0 as const,
  error_message: '' as const,
  chapter_alert_mail: on,
  alert_off_title_list: off,
});

describe('the title page’s alert switch', () => {
  it('reads the account’s switch and the title’s from GET /user/chapter_alert_setting', () => {
    expect(toTitleAlert(setting(1, [7]), 10003)).toEqual({ accountMail: true, titleMail: true });
    expect(toTitleAlert(setting(1, [10003]), 10003)).toEqual({ accountMail: true, titleMail: false });
    expect(toTitleAlert(setting(0), 10003)).toEqual({ accountMail: false, titleMail: true });
  });

  it('is hidden to visitors and readers who do not follow, blocked while the account’s mail is off', () => {
    expect(titleAlertStateOf(undefined, true)).toBe('hidden');
    expect(titleAlertStateOf({ accountMail: true, titleMail: true }, false)).toBe('hidden');
    expect(titleAlertStateOf({ accountMail: false, titleMail: true }, true)).toBe('blocked');
    expect(titleAlertStateOf({ accountMail: true, titleMail: true }, true)).toBe('on');
    expect(titleAlertStateOf({ accountMail: true, titleMail: false }, true)).toBe('off');
  });

  it('takes 1 or 0 from the form and nothing else', () => {
    expect(titleAlertValueOf('1')).toBe(1);
    expect(titleAlertValueOf('0')).toBe(0);
    for (const bad of [null, '', 'true', '2', ' 1', '01']) expect(titleAlertValueOf(bad)).toBeUndefined();
  });

  it('tells its own answer from the follow and purchase forms’', () => {
    expect(titleAlertResultOf({ form: 'title_alert', status: 'done', alertMail: false })).toEqual({
      form: 'title_alert',
      status: 'done',
      alertMail: false,
    });
    expect(titleAlertResultOf({ status: 'done', following: true })).toBeUndefined();
    expect(titleAlertResultOf({ status: 'failed', code: 1001 })).toBeUndefined();
    expect(titleAlertResultOf(undefined)).toBeUndefined();
  });
});
