import {
  type ChapterAlertSettingResponse,
  ChapterAlertSettingResponseSchema,
  type NewChapterListResponse,
  NewChapterListResponseSchema,
  type UnsubscribeResponse,
  UnsubscribeResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import type { CallOptions } from './catalogue-operations.ts';

// New-chapter alerts (ADR 065): the mail switches, the header bell and the no-login unsubscribe.
// They take any ApiClient (the server's or the browser's).

/** GET /user/chapter_alert_setting: the account's mail switch and the muted titles. */
export function getChapterAlertSetting(
  api: ApiClient,
  options: CallOptions = {},
): Promise<ChapterAlertSettingResponse> {
  return api.call(
    'getChapterAlertSetting',
    'GET',
    '/user/chapter_alert_setting',
    {},
    { ...options, schema: ChapterAlertSettingResponseSchema },
  );
}

/** POST /user/chapter_alert_mail: 1 turns the alert mail on (in the caller's language), 0 off. */
export function setChapterAlertMail(
  api: ApiClient,
  params: { chapter_alert_mail: 0 | 1 },
  options: CallOptions = {},
): Promise<ChapterAlertSettingResponse> {
  return api.call(
    'setChapterAlertMail',
    'POST',
    '/user/chapter_alert_mail',
    { ...params },
    { ...options, schema: ChapterAlertSettingResponseSchema },
  );
}

/** POST /favorite/alert: one followed title's alert mail on (1) or off (0). */
export function setTitleAlert(
  api: ApiClient,
  params: { title_id: number; alert_mail: 0 | 1 },
  options: CallOptions = {},
): Promise<ChapterAlertSettingResponse> {
  return api.call(
    'setTitleAlert',
    'POST',
    '/favorite/alert',
    { ...params },
    { ...options, schema: ChapterAlertSettingResponseSchema },
  );
}

/** GET /user/new_chapters: the bell's chapters released since it was last opened, newest first. */
export function listNewChapters(api: ApiClient, options: CallOptions = {}): Promise<NewChapterListResponse> {
  return api.call(
    'listNewChapters',
    'GET',
    '/user/new_chapters',
    {},
    { ...options, schema: NewChapterListResponseSchema },
  );
}

/** POST /user/new_chapters/seen: the bell was opened. */
export function markNewChaptersSeen(api: ApiClient, options: CallOptions = {}): Promise<NewChapterListResponse> {
  return api.call(
    'markNewChaptersSeen',
    'POST',
    '/user/new_chapters/seen',
    {},
    { ...options, schema: NewChapterListResponseSchema },
  );
}

/** GET /mail/unsubscribe: whose alert mail the link's token stops. */
export function readUnsubscribe(
  api: ApiClient,
  params: { token: string },
  options: CallOptions = {},
): Promise<UnsubscribeResponse> {
  return api.call(
    'readUnsubscribe',
    'GET',
    '/mail/unsubscribe',
    { ...params },
    { ...options, schema: UnsubscribeResponseSchema },
  );
}

/** POST /mail/unsubscribe: stops the alert mail of the link's token (no login). */
export function unsubscribe(
  api: ApiClient,
  params: { token: string },
  options: CallOptions = {},
): Promise<UnsubscribeResponse> {
  return api.call(
    'unsubscribe',
    'POST',
    '/mail/unsubscribe',
    { ...params },
    { ...options, schema: UnsubscribeResponseSchema },
  );
}
