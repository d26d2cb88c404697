import { type ApiClient, responseCodeOf } from '@manga/api-client';
import { type CommentHistoryResponse, type CommentLikeNoticeResponse, ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import {
  MY_COMMENTS_PAGE_PARAM,
  MY_COMMENTS_PAGE_SIZE,
  type MyCommentActivity,
  missingPlaces,
  namesOf,
  type PlaceNames,
  toLikeNotices,
  toMyComments,
} from './my-comments.ts';

type Context = Readonly<RouterContextProvider>;

/** Names the notices' titles and episodes the history page did not; without them the names stay empty. */
async function addNames(api: ApiClient, names: PlaceNames, ids: ReturnType<typeof missingPlaces>): Promise<void> {
  const [episodes, titles] = await Promise.all([
    ids.episodeIds.length > 0
      ? api.listEpisodes({ episode_id_list: ids.episodeIds }).catch(() => undefined)
      : undefined,
    ids.titleIds.length > 0 ? api.listTitles({ title_id_list: ids.titleIds }).catch(() => undefined) : undefined,
  ]);
  for (const episode of episodes?.episode_list ?? []) names.episodes.set(episode.episode_id, episode.episode_name);
  for (const title of titles?.title_list ?? []) names.titles.set(title.title_id, title.title_name);
}

/** The page of the reader's comments /my shows (`?comments_page=N`), and its offset. */
export function myCommentsPage(url: URL): number {
  return pageNumber(url.searchParams.get(MY_COMMENTS_PAGE_PARAM));
}

/** The offset of that page in GET /episode/comment/history (newest first). */
export function myCommentsOffset(url: URL): number {
  return pageWindow(myCommentsPage(url), MY_COMMENTS_PAGE_SIZE).offset;
}

/**
 * The reader's comments (`?comments_page=N`, newest first) and the likes received since they last
 * looked, for /my, from the answers of GET /episode/comment/history and /episode/comment/like/notice. Reading the notices marks them seen (ADR 013). A session the API no longer knows
 * logs the visitor out and sends them to log in and back; other failures only fail their section.
 */
export async function myCommentActivityOf(
  request: Request,
  context: Context,
  url: URL,
  calls: { history: Promise<CommentHistoryResponse>; notices: Promise<CommentLikeNoticeResponse> },
): Promise<MyCommentActivity> {
  const api = apiFor(request, context);
  const page = myCommentsPage(url);
  const [history, notices] = await Promise.allSettled([calls.history, calls.notices]);
  for (const result of [history, notices]) {
    if (result.status === 'fulfilled') continue;
    const code = responseCodeOf(result.reason);
    if (isSessionGone(code)) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    if (code === ResponseCode.ServerMaintenance) handleApiError(result.reason);
  }
  const timeZone = env.wireTimeZone;
  const names = history.status === 'fulfilled' ? namesOf(history.value) : namesOf({ episode_list: [], title_list: [] });
  if (notices.status === 'fulfilled') await addNames(api, names, missingPlaces(notices.value, names));
  return {
    comments:
      history.status === 'fulfilled'
        ? { status: 'ready', ...toMyComments(history.value, page, timeZone) }
        : { status: 'failed', code: responseCodeOf(history.reason) },
    likes:
      notices.status === 'fulfilled'
        ? { status: 'ready', ...toLikeNotices(notices.value, names, timeZone) }
        : { status: 'failed', code: responseCodeOf(notices.reason) },
  };
}
