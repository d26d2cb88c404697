import {
  SuccessEnvelopeSchema,
  type TitleViewedListResponse,
  TitleViewedListResponseSchema,
  type TitleViewedProgressResponse,
  TitleViewedProgressResponseSchema,
  type ViewerFinishResponse,
  ViewerFinishResponseSchema,
  type ViewerLastPageResponse,
  ViewerLastPageResponseSchema,
  type ViewerProgressResponse,
  ViewerProgressResponseSchema,
  type WebEpisodeDownloadResponse,
  WebEpisodeDownloadResponseSchema,
  type WebEpisodeNextTimeResponse,
  WebEpisodeNextTimeResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import type { CallOptions, PagingParams } from './catalogue-operations.ts';

// The reader's calls (product §7, ADR 016): the last page, the finish, the page reached, the next
// chapter's time, and the reading history. They take any ApiClient (the server's or the browser's).

/** GET /episode/viewer/lastpage: the reader reached the last page (scroll mode or not, direction). */
export function reachViewerLastPage(
  api: ApiClient,
  params: { episode_id: number; viewer_scroll: 0 | 1; viewing_direction: number },
  options: CallOptions = {},
): Promise<ViewerLastPageResponse> {
  return api.call(
    'reachViewerLastPage',
    'GET',
    '/episode/viewer/lastpage',
    { ...params },
    { ...options, schema: ViewerLastPageResponseSchema },
  );
}

/** GET /episode/viewer/finish: the reader finished the episode. */
export function finishViewerEpisode(
  api: ApiClient,
  params: { episode_id: number },
  options: CallOptions = {},
): Promise<ViewerFinishResponse> {
  return api.call(
    'finishViewerEpisode',
    'GET',
    '/episode/viewer/finish',
    { ...params },
    { ...options, schema: ViewerFinishResponseSchema },
  );
}

/**
 * POST /episode/viewer/progress: the page a logged-in reader is on. `keepalive` lets the request
 * outlive the page (sent when the reader leaves), like navigator.sendBeacon but with our headers.
 */
export function recordViewerProgress(
  api: ApiClient,
  params: { episode_id: number; page: number },
  options: CallOptions & { keepalive?: boolean } = {},
): Promise<ViewerProgressResponse> {
  return api.call(
    'recordViewerProgress',
    'POST',
    '/episode/viewer/progress',
    { ...params },
    { ...options, schema: ViewerProgressResponseSchema },
  );
}

/** GET /web/episode/download (ADR 052): what the reader may keep of a chapter to read it offline. */
export function getWebEpisodeDownload(
  api: ApiClient,
  params: { episode_id: number },
  options: CallOptions = {},
): Promise<WebEpisodeDownloadResponse> {
  return api.call(
    'getWebEpisodeDownload',
    'GET',
    '/web/episode/download',
    { ...params },
    { ...options, schema: WebEpisodeDownloadResponseSchema },
  );
}

/** GET /web/episode/nexttime: the chapter after this one, released or scheduled. */
export function getNextEpisodeTime(
  api: ApiClient,
  params: { episode_id: number },
  options: CallOptions = {},
): Promise<WebEpisodeNextTimeResponse> {
  return api.call(
    'getNextEpisodeTime',
    'GET',
    '/web/episode/nexttime',
    { ...params },
    { ...options, schema: WebEpisodeNextTimeResponseSchema },
  );
}

/** GET /title/viewed/list: the reader's history, newest first (at most 20 titles). */
export function listViewedTitles(
  api: ApiClient,
  params: PagingParams = {},
  options: CallOptions = {},
): Promise<TitleViewedListResponse> {
  return api.call(
    'listViewedTitles',
    'GET',
    '/title/viewed/list',
    { ...params },
    { ...options, schema: TitleViewedListResponseSchema },
  );
}

/** GET /title/viewed/progress: where the reader is in one title (null when it is not in the history). */
export function getViewedTitleProgress(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<TitleViewedProgressResponse> {
  return api.call(
    'getViewedTitleProgress',
    'GET',
    '/title/viewed/progress',
    { ...params },
    { ...options, schema: TitleViewedProgressResponseSchema },
  );
}

/** POST /title/viewed/delete: forgets one title of the history. */
export async function deleteViewedTitle(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<void> {
  await api.call(
    'deleteViewedTitle',
    'POST',
    '/title/viewed/delete',
    { ...params },
    { ...options, schema: SuccessEnvelopeSchema },
  );
}

/** POST /title/viewed/delete/all: forgets the whole history. */
export async function deleteAllViewedTitles(api: ApiClient, options: CallOptions = {}): Promise<void> {
  await api.call(
    'deleteAllViewedTitles',
    'POST',
    '/title/viewed/delete/all',
    {},
    { ...options, schema: SuccessEnvelopeSchema },
  );
}
