import {
  type BookmarkChangeResponse,
  BookmarkChangeResponseSchema,
  type BookmarkListResponse,
  BookmarkListResponseSchema,
  type ReadingSettingResponse,
  ReadingSettingResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import type { CallOptions, PagingParams } from './catalogue-operations.ts';

// Page bookmarks and the reading settings (ADR 044). They take any ApiClient (the server's or the browser's).

/** GET /bookmark/list: one title's bookmarks in reading order, or all of them, newest first. */
export function listBookmarks(
  api: ApiClient,
  params: PagingParams & { title_id?: number } = {},
  options: CallOptions = {},
): Promise<BookmarkListResponse> {
  return api.call(
    'listBookmarks',
    'GET',
    '/bookmark/list',
    { ...params },
    { ...options, schema: BookmarkListResponseSchema },
  );
}

/** POST /bookmark/add: bookmarks a page (again: the same bookmark with the new note). */
export function addBookmark(
  api: ApiClient,
  params: { episode_id: number; page: number; note?: string },
  options: CallOptions = {},
): Promise<BookmarkChangeResponse> {
  return api.call(
    'addBookmark',
    'POST',
    '/bookmark/add',
    { ...params },
    { ...options, schema: BookmarkChangeResponseSchema },
  );
}

/** POST /bookmark/update: a new note. */
export function updateBookmark(
  api: ApiClient,
  params: { bookmark_id: number; note: string },
  options: CallOptions = {},
): Promise<BookmarkChangeResponse> {
  return api.call(
    'updateBookmark',
    'POST',
    '/bookmark/update',
    { ...params },
    { ...options, schema: BookmarkChangeResponseSchema },
  );
}

/** POST /bookmark/delete */
export function deleteBookmark(
  api: ApiClient,
  params: { bookmark_id: number },
  options: CallOptions = {},
): Promise<BookmarkChangeResponse> {
  return api.call(
    'deleteBookmark',
    'POST',
    '/bookmark/delete',
    { ...params },
    { ...options, schema: BookmarkChangeResponseSchema },
  );
}

/** GET /user/reading_setting: private reading and this device's name. */
export function getReadingSetting(api: ApiClient, options: CallOptions = {}): Promise<ReadingSettingResponse> {
  return api.call(
    'getReadingSetting',
    'GET',
    '/user/reading_setting',
    {},
    { ...options, schema: ReadingSettingResponseSchema },
  );
}

/** POST /user/private_reading: 1 turns private reading on, 0 off. */
export function setPrivateReading(
  api: ApiClient,
  params: { private_reading: 0 | 1 },
  options: CallOptions = {},
): Promise<ReadingSettingResponse> {
  return api.call(
    'setPrivateReading',
    'POST',
    '/user/private_reading',
    { ...params },
    { ...options, schema: ReadingSettingResponseSchema },
  );
}

/** POST /user/device_name: names this device ("" for the browser's own name). */
export function nameDevice(
  api: ApiClient,
  params: { device_name: string },
  options: CallOptions = {},
): Promise<ReadingSettingResponse> {
  return api.call(
    'nameDevice',
    'POST',
    '/user/device_name',
    { ...params },
    { ...options, schema: ReadingSettingResponseSchema },
  );
}
