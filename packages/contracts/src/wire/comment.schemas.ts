import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema } from './episode.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

// The /episode/comment/* family (product §7). No public client calls it (wire §3.6, §8), so the shapes
// are ours, written to wire §1.6–1.7's conventions: envelope beside the payload, `*_list` arrays,
// int flags 0/1, `YYYY-MM-DD HH:MM:SS` times in the wire time zone (ADR 013).

/** Page size of comment lists when `limit` is absent, and the most one call answers (larger is clamped). */
export const COMMENT_PAGE_LIMIT_DEFAULT = 20;
export const COMMENT_PAGE_LIMIT_MAX = 100;
/** At most this many ids in `comment_id_list`. */
export const COMMENT_ID_LIST_MAX = 100;
/**
 * Transport bound of the `comment` parameter (1001 beyond it). The length readers may post is smaller
 * and set by the server (`max_length` of /episode/comment/post/info); between the two the answer is 6500.
 */
export const COMMENT_REQUEST_MAX_LENGTH = 5000;

/** `sort` of /episode/comment/list: newest first, or most liked first (ties newest first). */
export const CommentSort = { New: 'new', Popular: 'popular' } as const;
export type CommentSort = (typeof CommentSort)[keyof typeof CommentSort];
/** `sort` of /episode/comment/history: also oldest first. */
export const CommentHistorySort = { ...CommentSort, Old: 'old' } as const;
export type CommentHistorySort = (typeof CommentHistorySort)[keyof typeof CommentHistorySort];

const CommentIdListParamSchema = IdListSchema.refine((ids) => ids.length <= COMMENT_ID_LIST_MAX, {
  message: `at most ${COMMENT_ID_LIST_MAX} ids per call`,
});

/** `limit` / `offset` paging; limit is clamped to 1…COMMENT_PAGE_LIMIT_MAX by the server. */
const commentPagingShape = { limit: IntParamSchema.optional(), offset: IntParamSchema.optional() };

/** GET /episode/comment/list: a page of an episode's comments, or the ones in `comment_id_list`. */
export const CommentListQuerySchema = z.object({
  episode_id: IntParamSchema,
  /** When given (non-empty), just these comments of the episode, in this order; paging is ignored. */
  comment_id_list: CommentIdListParamSchema.optional(),
  sort: z.enum([CommentSort.New, CommentSort.Popular]).optional(),
  ...commentPagingShape,
});
export type CommentListQuery = z.input<typeof CommentListQuerySchema>;

/** GET /episode/comment/latest: comments posted after `comment_id` (0 or absent: the newest), newest first. */
export const CommentLatestQuerySchema = z.object({
  episode_id: IntParamSchema,
  comment_id: IntParamSchema.optional(),
  limit: IntParamSchema.optional(),
});
export type CommentLatestQuery = z.input<typeof CommentLatestQuerySchema>;

/** GET /episode/comment/history: the caller's own comments. */
export const CommentHistoryQuerySchema = z.object({
  sort: z.enum([CommentHistorySort.New, CommentHistorySort.Old, CommentHistorySort.Popular]).optional(),
  ...commentPagingShape,
});
export type CommentHistoryQuery = z.input<typeof CommentHistoryQuerySchema>;

/** GET /episode/comment/post/info and /episode/comment/likes/ids. */
export const CommentEpisodeQuerySchema = z.object({ episode_id: IntParamSchema });
export type CommentEpisodeQuery = z.input<typeof CommentEpisodeQuerySchema>;

/** POST /episode/comment/post; both parameters are required (product §5, `requiredParameters.commentPost`). */
export const CommentPostRequestSchema = z.object({
  episode_id: IntParamSchema,
  comment: z.string().max(COMMENT_REQUEST_MAX_LENGTH),
});
export type CommentPostRequest = z.input<typeof CommentPostRequestSchema>;

/** POST /episode/comment/like/add, /like/cancel, /mute and /report. */
export const CommentIdRequestSchema = z.object({ comment_id: IntParamSchema });
export type CommentIdRequest = z.input<typeof CommentIdRequestSchema>;

/** Why a reader reports a comment (issue 24 item 10): a small fixed list, shown to moderators. */
export const CommentReportReason = {
  Spam: 'spam',
  Spoiler: 'spoiler',
  Harassment: 'harassment',
  Offensive: 'offensive',
  Other: 'other',
} as const;
export type CommentReportReason = (typeof CommentReportReason)[keyof typeof CommentReportReason];
export const COMMENT_REPORT_REASONS = Object.values(CommentReportReason);
/** The longest note a reader may add to a report, in characters. */
export const COMMENT_REPORT_NOTE_MAX_LENGTH = 500;

/**
 * POST /episode/comment/report: `reason` and `reason_text` are ours and optional (a call with only
 * `comment_id` is recorded without a reason, as before); an unknown reason or a longer note is 1001.
 */
export const CommentReportRequestSchema = z.object({
  comment_id: IntParamSchema,
  reason: z.enum(COMMENT_REPORT_REASONS as [CommentReportReason, ...CommentReportReason[]]).optional(),
  reason_text: z.string().max(COMMENT_REPORT_NOTE_MAX_LENGTH).optional(),
});
export type CommentReportRequest = z.input<typeof CommentReportRequestSchema>;

/** One comment as a reader sees it. Commenters are never identified by user id. */
export const CommentSchema = z.strictObject({
  comment_id: z.int(),
  episode_id: z.int(),
  title_id: z.int(),
  comment: z.string(),
  /** The commenter's nickname, "" when they have none (then show `user_tag`, e.g. "Reader 7K2QX9"). */
  user_name: z.string(),
  /**
   * The commenter's pseudonym: six characters, the same on all their comments, different for other
   * readers, and not derivable from their user id (ADR 013).
   */
  user_tag: z.string(),
  like_count: z.int(),
  /** 1 when the caller liked it. */
  is_liked: z.int(),
  /** 1 when the caller wrote it (no like, mute or report button). */
  is_mine: z.int(),
  created_time: WireDateTimeSchema,
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET /episode/comment/list and /episode/comment/latest. */
export const CommentListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  comment_list: z.array(CommentSchema),
  /** Visible comments of the episode: the same number as the Episode's `comment_num`. */
  comment_num: z.int(),
  /** 1 when another page follows this one. */
  has_next: z.int(),
});
export type CommentListResponse = z.infer<typeof CommentListResponseSchema>;

/** GET /episode/comment/history: the caller's comments with the episodes and titles they are on. */
export const CommentHistoryResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  comment_list: z.array(CommentSchema),
  episode_list: z.array(EpisodeSchema),
  title_list: z.array(TitleSchema),
  has_next: z.int(),
});
export type CommentHistoryResponse = z.infer<typeof CommentHistoryResponseSchema>;

/** Whether the caller may post on an episode now, and if not, why. */
export const CommentPostInfoSchema = z.strictObject({
  episode_id: z.int(),
  /** 1 when a post would be accepted (before its text is checked). */
  can_post: z.int(),
  /** 0 when `can_post`; otherwise the response code a post would get (2011, 2019, 2016, 6301, 6500, …). */
  reason_code: z.int(),
  /** "" when `can_post`; otherwise why not, in English. */
  reason_message: z.string(),
  /** Posts left in the current hour (rolling: the last 60 minutes). */
  remaining_num: z.int(),
  /** Posts allowed per hour (product §9: 10). */
  limit_num: z.int(),
  /**
   * When posting becomes possible again: the end of the hourly limit (reason 6301) or of a suspension
   * from commenting (2019); "" otherwise.
   */
  next_post_time: z.union([WireDateTimeSchema, z.literal('')]),
  /** The longest comment accepted, in characters (Unicode code points). */
  max_length: z.int(),
});
export type CommentPostInfo = z.infer<typeof CommentPostInfoSchema>;

/** GET /episode/comment/post/info */
export const CommentPostInfoResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  post_info: CommentPostInfoSchema,
});
export type CommentPostInfoResponse = z.infer<typeof CommentPostInfoResponseSchema>;

/** POST /episode/comment/post: the stored comment and what is left this hour. */
export const CommentPostResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  comment: CommentSchema,
  post_info: CommentPostInfoSchema,
});
export type CommentPostResponse = z.infer<typeof CommentPostResponseSchema>;

/** GET /episode/comment/likes/ids: the episode's comments the caller liked. */
export const CommentLikeIdsResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  comment_id_list: z.array(z.int()),
});
export type CommentLikeIdsResponse = z.infer<typeof CommentLikeIdsResponseSchema>;

/** POST /episode/comment/like/add and /like/cancel: the comment's state after the call. */
export const CommentLikeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  comment_id: z.int(),
  like_count: z.int(),
  is_liked: z.int(),
});
export type CommentLikeResponse = z.infer<typeof CommentLikeResponseSchema>;

/** One of the caller's comments that was liked since the notices were last read. */
export const CommentLikeNoticeSchema = z.strictObject({
  comment_id: z.int(),
  episode_id: z.int(),
  title_id: z.int(),
  comment: z.string(),
  /** Likes received since `last_seen_time`. */
  new_like_num: z.int(),
  like_count: z.int(),
  /** The newest of those likes. */
  latest_like_time: WireDateTimeSchema,
});
export type CommentLikeNotice = z.infer<typeof CommentLikeNoticeSchema>;

/** GET /episode/comment/like/notice: likes received since the last call, which marks them seen. */
export const CommentLikeNoticeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** Likes received since `last_seen_time` on all of the caller's visible comments. */
  like_notice_num: z.int(),
  /** Those comments, most recently liked first (at most COMMENT_PAGE_LIMIT_MAX). */
  like_notice_list: z.array(CommentLikeNoticeSchema),
  /** When the notices were read before this call, "" the first time. */
  last_seen_time: z.union([WireDateTimeSchema, z.literal('')]),
});
export type CommentLikeNoticeResponse = z.infer<typeof CommentLikeNoticeResponseSchema>;
