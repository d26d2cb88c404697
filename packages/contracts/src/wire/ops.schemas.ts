import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

// The moderation API under /ops/* (ADR 013). Only operators reach it; everyone else gets the answer of
// an unknown path (HTTP 404, code 1002). Same conventions as the rest of the wire (wire §1.6–1.7).

/** Why an operator acted: required to hide a comment or suspend a commenter, optional elsewhere. */
export const OPS_REASON_MAX_LENGTH = 500;
export const OpsReasonSchema = z.string().trim().min(1, 'a reason is required').max(OPS_REASON_MAX_LENGTH);
const OptionalReasonSchema = z.string().trim().max(OPS_REASON_MAX_LENGTH).optional();

/** An NG word as entered by an operator (before normalisation). */
export const NG_WORD_MAX_LENGTH = 100;

/**
 * How an NG word matches the normalised comment. `part`: anywhere (Japanese words, and English ones no
 * innocent word contains). `word`: an English word only where it starts and ends a word of the comment,
 * so that "class" does not match "ass"; spaced-out letters ("a s s") still match.
 */
export const NgWordMatch = { Part: 'part', Word: 'word' } as const;
export type NgWordMatch = (typeof NgWordMatch)[keyof typeof NgWordMatch];

/** `status` of the report queue: reports nobody has dealt with yet, hidden comments, or every reported one. */
export const OpsReportStatus = { Open: 'open', Hidden: 'hidden', All: 'all' } as const;
export type OpsReportStatus = (typeof OpsReportStatus)[keyof typeof OpsReportStatus];

/** What an audit-log row records; `resource.action` like the permission names (architecture). */
export const AuditAction = {
  CommentHide: 'comment.hide',
  CommentRestore: 'comment.restore',
  CommentDismiss: 'comment.dismiss',
  // The catalogue (issue 26, ADR 046): `detail` holds { before, after } of what changed.
  TitleCreate: 'title.create',
  TitleUpdate: 'title.update',
  TitlePublish: 'title.publish',
  TitleUnpublish: 'title.unpublish',
  TitleArt: 'title.art',
  EpisodeUpdate: 'episode.update',
  /** A chapter uploaded in the console (ADR 061): `after` is the new chapter. */
  EpisodeUpload: 'episode.upload',
  /** A chapter's pages reordered or one replaced (ADR 061). */
  EpisodePages: 'episode.pages',
  CommenterSuspend: 'commenter.suspend',
  CommenterUnsuspend: 'commenter.unsuspend',
  /** A reader's nickname removed by a moderator (ADR 066 addendum); `detail` has the name removed. */
  NicknameReset: 'nickname.reset',
  NgWordAdd: 'ng_word.add',
  NgWordRemove: 'ng_word.remove',
  /** Before ADR 042: the operator role given or taken on the command line. */
  OperatorAdd: 'operator.add',
  OperatorRemove: 'operator.remove',
  /** A staff role given or taken (ADR 042); `detail` has the role and the roles before and after. */
  StaffRoleGrant: 'staff_role.grant',
  StaffRoleRevoke: 'staff_role.revoke',
  /** Support (ADR 063): points or premium tickets given to a reader, `detail` with before and after. */
  ReaderGrantPoints: 'reader.grant_points',
  ReaderGrantTickets: 'reader.grant_tickets',
  /** Support ended every session of a reader; `detail` has how many. */
  ReaderSessionsEnd: 'reader.sessions_end',
  /** The shop's products (ADR 019, ADR 063), from the console or `npm run products`: before and after. */
  ProductSet: 'product.set',
  ProductAdd: 'product.add',
  /** Top page curation (ADR 074): `detail` holds { before, after }. */
  TopPickAdd: 'top_pick.add',
  TopPickRemove: 'top_pick.remove',
  TopPickOrder: 'top_pick.order',
  BannerSave: 'banner.save',
  BannerImage: 'banner.image',
  BannerDelete: 'banner.delete',
  CampaignText: 'title.campaign',
  /** The rankings rebuilt from the console; `detail` has the outcome and the time before and after. */
  RankingsRebuild: 'rankings.rebuild',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

/** What an audit row's `target_id` names. */
export const AuditTarget = {
  Comment: 'comment',
  User: 'user',
  NgWord: 'ng_word',
  Title: 'title',
  Episode: 'episode',
  Product: 'product',
  TopPick: 'top_pick',
  Advertisement: 'advertisement',
  Ranking: 'ranking',
} as const;
export type AuditTarget = (typeof AuditTarget)[keyof typeof AuditTarget];

const opsPagingShape = { limit: IntParamSchema.optional(), offset: IntParamSchema.optional() };

/** GET /ops/comment/report/list */
export const OpsReportListQuerySchema = z.object({
  status: z.enum([OpsReportStatus.Open, OpsReportStatus.Hidden, OpsReportStatus.All]).optional(),
  ...opsPagingShape,
});
export type OpsReportListQuery = z.input<typeof OpsReportListQuerySchema>;

/** POST /ops/comment/hide */
export const OpsCommentHideRequestSchema = z.object({ comment_id: IntParamSchema, reason: OpsReasonSchema });
export type OpsCommentHideRequest = z.input<typeof OpsCommentHideRequestSchema>;
/** POST /ops/comment/restore and /ops/comment/dismiss */
export const OpsCommentActionRequestSchema = z.object({ comment_id: IntParamSchema, reason: OptionalReasonSchema });
export type OpsCommentActionRequest = z.input<typeof OpsCommentActionRequestSchema>;

/** POST /ops/user/suspend: no posting until `until_time` (wire time zone). */
export const OpsSuspendRequestSchema = z.object({
  user_id: IntParamSchema,
  until_time: WireDateTimeSchema,
  reason: OpsReasonSchema,
});
export type OpsSuspendRequest = z.input<typeof OpsSuspendRequestSchema>;
/** POST /ops/user/unsuspend */
export const OpsUnsuspendRequestSchema = z.object({ user_id: IntParamSchema, reason: OptionalReasonSchema });
export type OpsUnsuspendRequest = z.input<typeof OpsUnsuspendRequestSchema>;

/**
 * POST /ops/user/nickname/reset (ADR 066 addendum): removes a reader's nickname, so their comments
 * show their "Reader 7K2QX9" name again. A reason is required, as for any action against a reader.
 */
export const OpsNicknameResetRequestSchema = z.object({ user_id: IntParamSchema, reason: OpsReasonSchema });
export type OpsNicknameResetRequest = z.input<typeof OpsNicknameResetRequestSchema>;
/** `reset` 1 when a nickname was removed, 0 when the reader had none (a repeat: nothing changed or logged). */
export const OpsNicknameResetResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  user_id: z.int(),
  reset: z.union([z.literal(0), z.literal(1)]),
});
export type OpsNicknameResetResponse = z.infer<typeof OpsNicknameResetResponseSchema>;

/** POST /ops/ngword/add */
export const OpsNgWordAddRequestSchema = z.object({
  word: z.string().trim().min(1).max(NG_WORD_MAX_LENGTH),
  match_type: z.enum([NgWordMatch.Part, NgWordMatch.Word]).optional(),
  reason: OptionalReasonSchema,
});
export type OpsNgWordAddRequest = z.input<typeof OpsNgWordAddRequestSchema>;
/** POST /ops/ngword/remove */
export const OpsNgWordRemoveRequestSchema = z.object({ ng_word_id: IntParamSchema, reason: OptionalReasonSchema });
export type OpsNgWordRemoveRequest = z.input<typeof OpsNgWordRemoveRequestSchema>;

/** GET /ops/audit/list */
export const OpsAuditListQuerySchema = z.object(opsPagingShape);
export type OpsAuditListQuery = z.input<typeof OpsAuditListQuerySchema>;

/** GET /ops/operator: who the console is acting as, their staff roles and what those allow (ADR 042). */
export const OpsOperatorResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  operator: z.strictObject({
    user_id: z.int(),
    email: z.string(),
    role_list: z.array(z.string()),
    permission_list: z.array(z.string()),
  }),
});
export type OpsOperatorResponse = z.infer<typeof OpsOperatorResponseSchema>;

/** A reported (or acted on) comment with everything a moderator decides on. */
export const OpsCommentSchema = z.strictObject({
  comment_id: z.int(),
  comment: z.string(),
  /** 'visible' or 'hidden'. */
  status: z.string(),
  like_count: z.int(),
  created_time: WireDateTimeSchema,
  episode_id: z.int(),
  episode_name: z.string(),
  title_id: z.int(),
  title_name: z.string(),
  /** The commenter. */
  user_id: z.int(),
  user_name: z.string(),
  /** The pseudonym readers see (CommentSchema `user_tag`). */
  user_tag: z.string(),
  user_email: z.string(),
  /** The end of the commenter's suspension from posting, "" when not suspended. */
  user_suspended_until: z.union([WireDateTimeSchema, z.literal('')]),
  /** Distinct readers who reported it, and when the last did ("" when nobody has). */
  reporter_num: z.int(),
  latest_report_time: z.union([WireDateTimeSchema, z.literal('')]),
  /** How many readers gave each reason (CommentReportReason; "" for a report without one), most first. */
  report_reason_list: z.array(z.strictObject({ reason: z.string(), reporter_num: z.int() })),
  /** The readers' notes on their reports, newest first (at most 5). */
  report_note_list: z.array(z.string()),
  /** When a moderator last hid, restored or dismissed it, "" when never. */
  reviewed_time: z.union([WireDateTimeSchema, z.literal('')]),
});
export type OpsComment = z.infer<typeof OpsCommentSchema>;

/** GET /ops/comment/report/list: most recently reported first. */
export const OpsReportListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  report_list: z.array(OpsCommentSchema),
  has_next: z.int(),
});
export type OpsReportListResponse = z.infer<typeof OpsReportListResponseSchema>;

/** POST /ops/comment/hide, /restore, /dismiss: the comment after the action. */
export const OpsCommentResponseSchema = z.strictObject({ ...successEnvelopeShape, comment: OpsCommentSchema });
export type OpsCommentResponse = z.infer<typeof OpsCommentResponseSchema>;

export const OpsSuspensionSchema = z.strictObject({
  user_id: z.int(),
  until_time: WireDateTimeSchema,
  reason: z.string(),
});
/** POST /ops/user/suspend */
export const OpsSuspendResponseSchema = z.strictObject({ ...successEnvelopeShape, suspension: OpsSuspensionSchema });
export type OpsSuspendResponse = z.infer<typeof OpsSuspendResponseSchema>;

export const NgWordSchema = z.strictObject({
  ng_word_id: z.int(),
  /** As the operator entered it. */
  word: z.string(),
  /** What is matched: the word after the search normalisation (width, case, kana, no spacing). */
  normalized_word: z.string(),
  match_type: z.string(),
  created_time: WireDateTimeSchema,
});
export type NgWord = z.infer<typeof NgWordSchema>;

/** GET /ops/ngword/list */
export const OpsNgWordListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  ng_word_list: z.array(NgWordSchema),
});
export type OpsNgWordListResponse = z.infer<typeof OpsNgWordListResponseSchema>;
/** POST /ops/ngword/add */
export const OpsNgWordResponseSchema = z.strictObject({ ...successEnvelopeShape, ng_word: NgWordSchema });
export type OpsNgWordResponse = z.infer<typeof OpsNgWordResponseSchema>;

export const AuditLogEntrySchema = z.strictObject({
  audit_log_id: z.int(),
  /** The operator, 0 for the command line (`npm run operator`). */
  operator_user_id: z.int(),
  operator_email: z.string(),
  /** An AuditAction. */
  action: z.string(),
  /** An AuditTarget and its id. */
  target_type: z.string(),
  target_id: z.int(),
  reason: z.string(),
  /** JSON object with what changed (e.g. `{"until_time":"…"}`). */
  detail: z.string(),
  created_time: WireDateTimeSchema,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** GET /ops/audit/list: newest first. */
export const OpsAuditListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  audit_log_list: z.array(AuditLogEntrySchema),
  has_next: z.int(),
});
export type OpsAuditListResponse = z.infer<typeof OpsAuditListResponseSchema>;
