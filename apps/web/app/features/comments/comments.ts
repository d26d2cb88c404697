import {
  type Comment,
  type CommentPostInfo,
  CommentRefusalMessage,
  CommentSort,
  cleanCommentText,
  commentLength,
  parseWireDateTime,
  ResponseCode,
  responseCodeMessageKey,
} from '@manga/contracts';

// The view model of an episode's comments (ADR 013), shared by the loader and action of
// `/episode/:episodeId/comments`, the title page's loader, and the components. Pure: no API calls.

/** Comments asked for at once (the first page and each "show more"). */
export const COMMENT_PAGE_SIZE = 20;

/** The anchor of an episode's comments section, on the title page and in the viewer. */
export const commentsAnchor = (episodeId: number) => `comments-${episodeId}`;

/** The web endpoint an episode's comments load from and post to (routes/episode-comments.tsx). */
export const commentsEndpoint = (episodeId: number) => `/episode/${episodeId}/comments`;

/** Query parameter of the title page naming the episode whose comments are open. */
export const OPEN_COMMENTS_PARAM = 'comments';

/** The community rules readers are pointed to (the terms' "Comments" section). */
export const COMMENT_RULES_PATH = '/article/terms-of-service#section-6';

/**
 * The title page's link that opens (`open`) or closes an episode's comments under its row
 * (`?comments=<id>#episode-<id>`), keeping the rest of the query (the episode order).
 */
export function openCommentsHref(search: string, episodeId: number, open: boolean): string {
  const params = new URLSearchParams(search);
  params.delete(COMMENT_ERROR_PARAM);
  params.delete(COMMENT_ERROR_EPISODE_PARAM);
  if (open) params.set(OPEN_COMMENTS_PARAM, String(episodeId));
  else params.delete(OPEN_COMMENTS_PARAM);
  const query = params.toString();
  // The episode's row: its comments open right under it.
  return `${query ? `?${query}` : '?'}#episode-${episodeId}`;
}

/** The episode whose comments a title page's `?comments=` opens: one of `episodeIds`, else none. */
export function openCommentsEpisodeOf(raw: string | null, episodeIds: readonly number[]): number | undefined {
  if (!raw || !/^\d{1,12}$/.test(raw)) return undefined;
  const id = Number(raw);
  return episodeIds.includes(id) ? id : undefined;
}

/** A failed post without JavaScript comes back with its code in these (the component shows it inline). */
export const COMMENT_ERROR_PARAM = 'comment_error';
export const COMMENT_ERROR_EPISODE_PARAM = 'comment_episode';

/**
 * Where a comment form posted without JavaScript sends the visitor back: the page it came from
 * (`from`, already checked to be ours), at the episode's comments, with a refusal's code for the
 * section to show.
 */
export function noScriptReturnPath(from: string, episodeId: number, code: number | undefined): string {
  const url = new URL(from, 'http://web.invalid');
  url.searchParams.delete(COMMENT_ERROR_PARAM);
  url.searchParams.delete(COMMENT_ERROR_EPISODE_PARAM);
  if (code !== undefined) {
    url.searchParams.set(COMMENT_ERROR_PARAM, String(code));
    url.searchParams.set(COMMENT_ERROR_EPISODE_PARAM, String(episodeId));
  }
  return `${url.pathname}${url.search}#${commentsAnchor(episodeId)}`;
}

/** Who wrote a comment as readers may see it: a nickname if they chose one, else their pseudonym. */
export interface CommenterName {
  nickname: string | undefined;
  /** Six characters, the same on all their comments (the API's `user_tag`). */
  tag: string;
}

export interface CommentView {
  id: number;
  text: string;
  author: CommenterName;
  likeCount: number;
  isLiked: boolean;
  isMine: boolean;
  /** ISO instant. */
  postedAt: string | undefined;
}

/** Why the reader cannot post now, in the words the form shows. */
export type CommentRefusal =
  /** A guest, or a session that ended (2011, 1101): the login prompt. */
  | { kind: 'login'; code: number }
  /** Suspended from commenting until a time (2019). */
  | { kind: 'suspended'; code: number; until: string | undefined }
  /** The hourly limit (6301), until a time. */
  | { kind: 'limit'; code: number; until: string | undefined }
  /** 6500 with a reason clients know (contracts' CommentRefusalMessage). */
  | { kind: 'not_viewed' | 'closed' | 'empty'; code: number }
  /** Anything else: the product §8 message of its code. */
  | { kind: 'code'; code: number };

export interface PostStatus {
  canPost: boolean;
  refusal: CommentRefusal | undefined;
  /** Posts left in the rolling hour, and the hourly allowance. */
  remaining: number;
  limit: number;
  /** The longest comment the server accepts, in characters (code points). */
  maxLength: number;
}

export interface EpisodeCommentsPage {
  episodeId: number;
  sort: CommentSort;
  comments: CommentView[];
  /** Visible comments of the episode (its `comment_num`). */
  total: number;
  hasNext: boolean;
  /** Where the next page starts. */
  nextOffset: number;
}

/** What the comments section draws: a page with the post box's state, or why it could not load. */
export type EpisodeCommentsData =
  | ({ status: 'ready'; post: PostStatus | undefined } & EpisodeCommentsPage)
  | { status: 'failed'; episodeId: number; code: number };

/** The `sort` of a comments request: most liked when asked, else newest. */
export function commentSortOf(raw: string | null | undefined): CommentSort {
  return raw === CommentSort.Popular ? CommentSort.Popular : CommentSort.New;
}

/** A non-negative offset from a query value; anything else is 0. */
export function commentOffsetOf(raw: string | null | undefined): number {
  return raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
}

export function toCommentView(comment: Comment, timeZone: string): CommentView {
  return {
    id: comment.comment_id,
    text: comment.comment,
    author: { nickname: comment.user_name.trim() || undefined, tag: comment.user_tag },
    likeCount: comment.like_count,
    isLiked: comment.is_liked === 1,
    isMine: comment.is_mine === 1,
    postedAt: parseWireDateTime(comment.created_time, timeZone)?.toISOString(),
  };
}

const REFUSAL_BY_MESSAGE: ReadonlyMap<string, 'not_viewed' | 'closed' | 'empty'> = new Map([
  [CommentRefusalMessage.NotViewed, 'not_viewed'],
  [CommentRefusalMessage.Closed, 'closed'],
  [CommentRefusalMessage.Empty, 'empty'],
]);

/**
 * A refusal from a response code, the API's message and the time posting opens again (a wire time of
 * post/info's `next_post_time`, or undefined).
 */
export function refusalOf(code: number, message: string, until: string | undefined): CommentRefusal {
  switch (code) {
    case ResponseCode.UserNotLogin:
    case ResponseCode.WebTokenInvalid:
      return { kind: 'login', code };
    case ResponseCode.AccountSuspended:
      return { kind: 'suspended', code, until };
    case ResponseCode.PostCommentLimitOver:
      return { kind: 'limit', code, until };
    case ResponseCode.PostCommentError: {
      const kind = REFUSAL_BY_MESSAGE.get(message);
      return kind ? { kind, code } : { kind: 'code', code };
    }
    default:
      return { kind: 'code', code };
  }
}

/**
 * The refusal a post without JavaScript came back with (`noScriptReturnPath`'s query), for the
 * section of `episodeId` only; undefined otherwise.
 */
export function noScriptRefusalOf(search: string, episodeId: number): CommentRefusal | undefined {
  const params = new URLSearchParams(search);
  if (params.get(COMMENT_ERROR_EPISODE_PARAM) !== String(episodeId)) return undefined;
  const code = Number(params.get(COMMENT_ERROR_PARAM));
  return Number.isInteger(code) ? refusalOf(code, '', undefined) : undefined;
}

export function toPostStatus(info: CommentPostInfo, timeZone: string): PostStatus {
  const until = parseWireDateTime(info.next_post_time, timeZone)?.toISOString();
  return {
    canPost: info.can_post === 1,
    refusal: info.can_post === 1 ? undefined : refusalOf(info.reason_code, info.reason_message, until ?? undefined),
    remaining: info.remaining_num,
    limit: info.limit_num,
    maxLength: info.max_length,
  };
}

/** The translation of a refusal: a key and its values (`until` is formatted by the component). */
export function refusalMessageKey(refusal: CommentRefusal): string {
  switch (refusal.kind) {
    case 'login':
      return 'comments.refusal.login';
    case 'suspended':
      return refusal.until ? 'comments.refusal.suspended_until' : 'comments.refusal.suspended';
    case 'limit':
      return refusal.until ? 'comments.refusal.limit_until' : 'comments.refusal.limit';
    case 'not_viewed':
    case 'closed':
    case 'empty':
      return `comments.refusal.${refusal.kind}`;
    case 'code':
      return responseCodeMessageKey(refusal.code);
  }
}

/** What the post box knows about a draft before sending it: its length as the server counts it. */
export interface DraftCheck {
  /** Characters after the server's cleaning (contracts' cleanCommentText, code points). */
  length: number;
  empty: boolean;
  tooLong: boolean;
}

export function checkDraft(text: string, maxLength: number): DraftCheck {
  const length = commentLength(cleanCommentText(text));
  return { length, empty: length === 0, tooLong: length > maxLength };
}

/** A page of comments after more of them arrived: appended, without repeating one already shown. */
export function appendComments(shown: readonly CommentView[], more: readonly CommentView[]): CommentView[] {
  const ids = new Set(shown.map((comment) => comment.id));
  return [...shown, ...more.filter((comment) => !ids.has(comment.id))];
}

/** The list after a like or unlike: the comment's count and mark as the API answered them. */
export function withLike(
  comments: readonly CommentView[],
  commentId: number,
  likeCount: number,
  isLiked: boolean,
): CommentView[] {
  return comments.map((comment) => (comment.id === commentId ? { ...comment, likeCount, isLiked } : comment));
}

/** Two letters for a commenter's avatar, and a hue from the tag so one commenter keeps one colour. */
export function avatarOf(author: CommenterName): { initials: string; hue: number } {
  const source = author.nickname ?? author.tag;
  const initials = [...source.replace(/\s+/g, '')].slice(0, 2).join('').toUpperCase() || '?';
  let hash = 0;
  for (const char of author.tag) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return { initials, hue: hash };
}

/** What a comment action (like, unlike, mute, report, post) answers the section. */
export type CommentActionResult =
  | { status: 'done'; intent: 'post'; comment: CommentView; post: PostStatus }
  | { status: 'done'; intent: 'like' | 'unlike'; commentId: number; likeCount: number; isLiked: boolean }
  | { status: 'done'; intent: 'mute' | 'report'; commentId: number }
  | {
      status: 'failed';
      intent: CommentIntent;
      commentId: number | undefined;
      refusal: CommentRefusal;
      /** The post box's state after a refused post, when the API told it. */
      post: PostStatus | undefined;
    };

export const COMMENT_INTENTS = ['post', 'like', 'unlike', 'mute', 'report'] as const;
export type CommentIntent = (typeof COMMENT_INTENTS)[number];

export function commentIntentOf(raw: unknown): CommentIntent | undefined {
  return (COMMENT_INTENTS as readonly unknown[]).includes(raw) ? (raw as CommentIntent) : undefined;
}
