import { type CommentHistoryResponse, type CommentLikeNoticeResponse, parseWireDateTime } from '@manga/contracts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import { openCommentsHref } from './comments.ts';

// The view model of the reader's comment activity on /my (ADR 013): their own comments
// (GET /episode/comment/history) and the likes they received since they last looked
// (GET /episode/comment/like/notice).

/** The reader's comments per page on /my. */
export const MY_COMMENTS_PAGE_SIZE = 10;
/** Query parameter of /my's page of "Your comments". */
export const MY_COMMENTS_PAGE_PARAM = 'comments_page';

/** Where a comment was made: the title and episode by name, and the title page with its comments open. */
export interface CommentPlace {
  titleName: string;
  episodeName: string;
  /** The title page with this episode's comments open. */
  commentsHref: string;
  episodeHref: string;
}

export interface MyCommentView {
  id: number;
  text: string;
  likeCount: number;
  postedAt: string | undefined;
  place: CommentPlace;
}

export interface LikeNoticeView {
  commentId: number;
  text: string;
  newLikes: number;
  likeCount: number;
  latestAt: string | undefined;
  place: CommentPlace;
}

export type Loaded<T> = ({ status: 'ready' } & T) | { status: 'failed'; code: number };

export interface MyCommentActivity {
  comments: Loaded<{ items: MyCommentView[]; page: number; hasNext: boolean }>;
  likes: Loaded<{ total: number; items: LikeNoticeView[]; lastSeenAt: string | undefined }>;
}

function placeOf(titleId: number, episodeId: number, names: PlaceNames): CommentPlace {
  return {
    titleName: names.titles.get(titleId) ?? '',
    episodeName: names.episodes.get(episodeId) ?? '',
    commentsHref: `${titleHref(titleId)}${openCommentsHref('', episodeId, true)}`,
    episodeHref: episodeHref(titleId, episodeId),
  };
}

/** Names of the titles and episodes the history answered, by id. */
export function namesOf(lists: Pick<CommentHistoryResponse, 'episode_list' | 'title_list'>): {
  titles: Map<number, string>;
  episodes: Map<number, string>;
} {
  return {
    titles: new Map(lists.title_list.map((title) => [title.title_id, title.title_name])),
    episodes: new Map(lists.episode_list.map((episode) => [episode.episode_id, episode.episode_name])),
  };
}

/** The ids the notices name that `names` does not know yet. */
export function missingPlaces(notices: CommentLikeNoticeResponse, names: PlaceNames) {
  const unique = (ids: number[]) => [...new Set(ids)];
  return {
    titleIds: unique(notices.like_notice_list.map((n) => n.title_id).filter((id) => !names.titles.has(id))),
    episodeIds: unique(notices.like_notice_list.map((n) => n.episode_id).filter((id) => !names.episodes.has(id))),
  };
}

/** Title and episode names by id (from the history's lists, and the catalogue for the notices'). */
export type PlaceNames = ReturnType<typeof namesOf>;

export function toMyComments(history: CommentHistoryResponse, page: number, timeZone: string) {
  const names = namesOf(history);
  return {
    page,
    hasNext: history.has_next === 1,
    items: history.comment_list.map((comment) => ({
      id: comment.comment_id,
      text: comment.comment,
      likeCount: comment.like_count,
      postedAt: parseWireDateTime(comment.created_time, timeZone)?.toISOString(),
      place: placeOf(comment.title_id, comment.episode_id, names),
    })),
  };
}

/** Likes received since the reader last looked; the notices name ids only, `names` has their names. */
export function toLikeNotices(notices: CommentLikeNoticeResponse, names: PlaceNames, timeZone: string) {
  return {
    total: notices.like_notice_num,
    lastSeenAt: parseWireDateTime(notices.last_seen_time, timeZone)?.toISOString(),
    items: notices.like_notice_list.map((notice) => ({
      commentId: notice.comment_id,
      text: notice.comment,
      newLikes: notice.new_like_num,
      likeCount: notice.like_count,
      latestAt: parseWireDateTime(notice.latest_like_time, timeZone)?.toISOString(),
      place: placeOf(notice.title_id, notice.episode_id, names),
    })),
  };
}
