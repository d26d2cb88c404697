import {
  type FavoriteChangeResponse,
  FavoriteChangeResponseSchema,
  type FavoriteListResponse,
  FavoriteListResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import type { CallOptions, PagingParams } from './catalogue-operations.ts';

// Followed titles (ADR 017): the list, follow and unfollow. They take any ApiClient (the server's
// or the browser's).

/** GET /favorite/list: the reader's followed titles, most recently followed first (`limit=0`: all). */
export function listFavoriteTitles(
  api: ApiClient,
  params: PagingParams & { needs_title_list?: 0 | 1 } = {},
  options: CallOptions = {},
): Promise<FavoriteListResponse> {
  return api.call(
    'listFavoriteTitles',
    'GET',
    '/favorite/list',
    { ...params },
    { ...options, schema: FavoriteListResponseSchema },
  );
}

/** POST /favorite/add: follows a title. */
export function addFavoriteTitle(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<FavoriteChangeResponse> {
  return api.call(
    'addFavoriteTitle',
    'POST',
    '/favorite/add',
    { ...params },
    { ...options, schema: FavoriteChangeResponseSchema },
  );
}

/** POST /favorite/delete: unfollows a title. */
export function deleteFavoriteTitle(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<FavoriteChangeResponse> {
  return api.call(
    'deleteFavoriteTitle',
    'POST',
    '/favorite/delete',
    { ...params },
    { ...options, schema: FavoriteChangeResponseSchema },
  );
}
