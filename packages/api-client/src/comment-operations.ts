import {
  type CommentHistoryResponse,
  CommentHistoryResponseSchema,
  type CommentHistorySort,
  type CommentLikeIdsResponse,
  CommentLikeIdsResponseSchema,
  type CommentLikeNoticeResponse,
  CommentLikeNoticeResponseSchema,
  type CommentLikeResponse,
  CommentLikeResponseSchema,
  type CommentListResponse,
  CommentListResponseSchema,
  type CommentPostInfoResponse,
  CommentPostInfoResponseSchema,
  type CommentPostResponse,
  CommentPostResponseSchema,
  type CommentReportReason,
  type CommentSort,
  type NgWordMatch,
  type OpsAuditListResponse,
  OpsAuditListResponseSchema,
  type OpsCommentResponse,
  OpsCommentResponseSchema,
  type OpsNgWordListResponse,
  OpsNgWordListResponseSchema,
  type OpsNgWordResponse,
  OpsNgWordResponseSchema,
  type OpsNicknameResetResponse,
  OpsNicknameResetResponseSchema,
  type OpsOperatorResponse,
  OpsOperatorResponseSchema,
  type OpsReportListResponse,
  OpsReportListResponseSchema,
  type OpsReportStatus,
  type OpsSuspendResponse,
  OpsSuspendResponseSchema,
  type SuccessEnvelopeFields,
  SuccessEnvelopeSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';

// Typed comment calls (product §7 Comments) and the moderation calls of the operator console (ADR 013).
// Each names its operation, so product §5's required-parameter check (comment post: episode_id, comment)
// runs before anything is sent.

export interface CommentPage {
  limit?: number;
  offset?: number;
}

export interface CommentOperations {
  /** GET /episode/comment/list: a page of an episode's comments, or just `comment_id_list`. */
  listComments(
    params: { episode_id: number; comment_id_list?: readonly number[]; sort?: CommentSort } & CommentPage,
  ): Promise<CommentListResponse>;
  /** GET /episode/comment/latest: the comments after `comment_id`, newest first. */
  listLatestComments(params: { episode_id: number; comment_id?: number; limit?: number }): Promise<CommentListResponse>;
  /** GET /episode/comment/history: the caller's own comments. */
  listCommentHistory(params?: { sort?: CommentHistorySort } & CommentPage): Promise<CommentHistoryResponse>;
  /** GET /episode/comment/post/info: may the caller post, how many are left this hour, why not. */
  getCommentPostInfo(params: { episode_id: number }): Promise<CommentPostInfoResponse>;
  /** GET /episode/comment/likes/ids */
  listLikedCommentIds(params: { episode_id: number }): Promise<CommentLikeIdsResponse>;
  /** GET /episode/comment/like/notice: likes received since the last call (which marks them seen). */
  readCommentLikeNotices(): Promise<CommentLikeNoticeResponse>;
  /** POST /episode/comment/post */
  postComment(params: { episode_id: number; comment: string }): Promise<CommentPostResponse>;
  /** POST /episode/comment/like/add */
  likeComment(params: { comment_id: number }): Promise<CommentLikeResponse>;
  /** POST /episode/comment/like/cancel */
  unlikeComment(params: { comment_id: number }): Promise<CommentLikeResponse>;
  /** POST /episode/comment/mute: hides the comment's author from the caller. */
  muteCommenter(params: { comment_id: number }): Promise<SuccessEnvelopeFields>;
  /** POST /episode/comment/report */
  reportComment(params: {
    comment_id: number;
    reason?: CommentReportReason;
    reason_text?: string;
  }): Promise<SuccessEnvelopeFields>;
}

export function commentOperations(client: ApiClient): CommentOperations {
  const envelope = { schema: SuccessEnvelopeSchema };
  return {
    listComments: (params) =>
      client.call(
        'listEpisodeComments',
        'GET',
        '/episode/comment/list',
        { ...params },
        {
          schema: CommentListResponseSchema,
        },
      ),
    listLatestComments: (params) =>
      client.call(
        'listLatestEpisodeComments',
        'GET',
        '/episode/comment/latest',
        { ...params },
        {
          schema: CommentListResponseSchema,
        },
      ),
    listCommentHistory: (params = {}) =>
      client.call(
        'listCommentHistory',
        'GET',
        '/episode/comment/history',
        { ...params },
        {
          schema: CommentHistoryResponseSchema,
        },
      ),
    getCommentPostInfo: (params) =>
      client.call(
        'getCommentPostInfo',
        'GET',
        '/episode/comment/post/info',
        { ...params },
        {
          schema: CommentPostInfoResponseSchema,
        },
      ),
    listLikedCommentIds: (params) =>
      client.call(
        'listLikedCommentIds',
        'GET',
        '/episode/comment/likes/ids',
        { ...params },
        {
          schema: CommentLikeIdsResponseSchema,
        },
      ),
    readCommentLikeNotices: () =>
      client.call(
        'readCommentLikeNotices',
        'GET',
        '/episode/comment/like/notice',
        {},
        {
          schema: CommentLikeNoticeResponseSchema,
        },
      ),
    postComment: (params) =>
      client.call('commentPost', 'POST', '/episode/comment/post', { ...params }, { schema: CommentPostResponseSchema }),
    likeComment: (params) =>
      client.call(
        'likeComment',
        'POST',
        '/episode/comment/like/add',
        { ...params },
        { schema: CommentLikeResponseSchema },
      ),
    unlikeComment: (params) =>
      client.call(
        'unlikeComment',
        'POST',
        '/episode/comment/like/cancel',
        { ...params },
        {
          schema: CommentLikeResponseSchema,
        },
      ),
    muteCommenter: (params) => client.call('muteCommenter', 'POST', '/episode/comment/mute', { ...params }, envelope),
    reportComment: (params) => client.call('reportComment', 'POST', '/episode/comment/report', { ...params }, envelope),
  };
}

export interface ModerationOperations {
  /** GET /ops/operator: the caller's staff roles and permissions; 404 (ApiError 1002) unless they hold one (ADR 042). */
  getOperator(): Promise<OpsOperatorResponse>;
  /** GET /ops/comment/report/list */
  listReportedComments(params?: { status?: OpsReportStatus } & CommentPage): Promise<OpsReportListResponse>;
  /** POST /ops/comment/hide (a reason is required) */
  hideComment(params: { comment_id: number; reason: string }): Promise<OpsCommentResponse>;
  /** POST /ops/comment/restore */
  restoreComment(params: { comment_id: number; reason?: string }): Promise<OpsCommentResponse>;
  /** POST /ops/comment/dismiss */
  dismissCommentReports(params: { comment_id: number; reason?: string }): Promise<OpsCommentResponse>;
  /** POST /ops/user/suspend: no posting until `until_time` (YYYY-MM-DD HH:MM:SS, wire time zone). */
  suspendCommenter(params: { user_id: number; until_time: string; reason: string }): Promise<OpsSuspendResponse>;
  /** POST /ops/user/unsuspend */
  unsuspendCommenter(params: { user_id: number; reason?: string }): Promise<SuccessEnvelopeFields>;
  /** POST /ops/user/nickname/reset (a reason is required): the reader shows as "Reader 7K2QX9" again. */
  resetNickname(params: { user_id: number; reason: string }): Promise<OpsNicknameResetResponse>;
  /** GET /ops/ngword/list */
  listNgWords(): Promise<OpsNgWordListResponse>;
  /** POST /ops/ngword/add */
  addNgWord(params: { word: string; match_type?: NgWordMatch; reason?: string }): Promise<OpsNgWordResponse>;
  /** POST /ops/ngword/remove */
  removeNgWord(params: { ng_word_id: number; reason?: string }): Promise<SuccessEnvelopeFields>;
  /** GET /ops/audit/list */
  listAuditLog(params?: CommentPage): Promise<OpsAuditListResponse>;
}

export function moderationOperations(client: ApiClient): ModerationOperations {
  const envelope = { schema: SuccessEnvelopeSchema };
  const comment = { schema: OpsCommentResponseSchema };
  return {
    getOperator: () => client.call('getOperator', 'GET', '/ops/operator', {}, { schema: OpsOperatorResponseSchema }),
    listReportedComments: (params = {}) =>
      client.call(
        'listReportedComments',
        'GET',
        '/ops/comment/report/list',
        { ...params },
        {
          schema: OpsReportListResponseSchema,
        },
      ),
    hideComment: (params) => client.call('hideComment', 'POST', '/ops/comment/hide', { ...params }, comment),
    restoreComment: (params) => client.call('restoreComment', 'POST', '/ops/comment/restore', { ...params }, comment),
    dismissCommentReports: (params) =>
      client.call('dismissCommentReports', 'POST', '/ops/comment/dismiss', { ...params }, comment),
    suspendCommenter: (params) =>
      client.call('suspendCommenter', 'POST', '/ops/user/suspend', { ...params }, { schema: OpsSuspendResponseSchema }),
    unsuspendCommenter: (params) =>
      client.call('unsuspendCommenter', 'POST', '/ops/user/unsuspend', { ...params }, envelope),
    resetNickname: (params) =>
      client.call(
        'resetNickname',
        'POST',
        '/ops/user/nickname/reset',
        { ...params },
        { schema: OpsNicknameResetResponseSchema },
      ),
    listNgWords: () =>
      client.call('listNgWords', 'GET', '/ops/ngword/list', {}, { schema: OpsNgWordListResponseSchema }),
    addNgWord: (params) =>
      client.call('addNgWord', 'POST', '/ops/ngword/add', { ...params }, { schema: OpsNgWordResponseSchema }),
    removeNgWord: (params) => client.call('removeNgWord', 'POST', '/ops/ngword/remove', { ...params }, envelope),
    listAuditLog: (params = {}) =>
      client.call('listAuditLog', 'GET', '/ops/audit/list', { ...params }, { schema: OpsAuditListResponseSchema }),
  };
}
