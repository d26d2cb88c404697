// Comments (product §5, §7, §8; ADR 013): readers list an episode's comments, post on episodes they have
// opened (10 per rolling hour, no NG words, within the length limit, not while suspended), like once,
// mute a commenter for themselves, and report once. Access to the episode is EntitlementService's
// answer, never derived here: unknown or unreleased → 3100, the age rating → 2016; a locked (paid)
// episode keeps its comments open (posting needs the reader to have opened it anyway). Every write
// that moves a counter runs in one transaction with it: a comment with its episode's comment_num, a
// like with the comment's like_count.
import {
  COMMENT_PAGE_LIMIT_DEFAULT,
  COMMENT_PAGE_LIMIT_MAX,
  type Comment,
  type CommentHistorySort,
  type CommentPostInfo,
  CommentRefusalMessage,
  CommentReportReason,
  type CommentSort,
  cleanCommentText,
  commentLength,
  type Locale,
  ResponseCode,
  uniqueIds,
} from '@manga/contracts';
import type { CommentRow, EpisodeRow } from '#src/db/schema.ts';
import {
  type CommentMapContext,
  optionalWireTime,
  toCommentResponse,
  toLikeNoticeResponse,
} from '#src/mappers/comment.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { CommentListRow, CommentRepository } from '#src/repositories/comment.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import {
  type CommentAllowance,
  commentAllowance,
  commentAllowanceAfterPost,
  commentLimitMessage,
  commentWindowStart,
  NO_COMMENT_ALLOWANCE,
} from '#src/rules/comment.rules.ts';
import type { CommenterTagger } from '#src/rules/commenter-tag.rules.ts';
import { DomainError, isDomainError } from '#src/rules/domain.error.ts';
import { ageRestrictedError, type Reader } from '#src/rules/entitlement.rules.ts';
import { findNgWord, type NgWordEntry } from '#src/rules/ng-word.rules.ts';
import { formatWireTime } from '#src/rules/wire-calendar.rules.ts';
import type { CatalogueService } from '#src/services/catalogue.service.ts';
import type { EntitlementService } from '#src/services/entitlement.service.ts';

export const commentTooLongMessage = (max: number) => `A comment can be at most ${max} characters long.`;
export const suspendedMessage = (until: string) => `You cannot post comments until ${until}.`;

/** Who calls, as the comment rules need it. */
export interface CommentCaller {
  auth: RequestAuth;
  locale: Locale;
  /** Whose access to the episode counts (the session user, crawler flag, birthday cookie). */
  reader: Reader;
}

/** The repository calls comments make outside a transaction. */
export type CommentStore = Pick<
  CommentRepository,
  | 'findCommentById'
  | 'listEpisodeComments'
  | 'listEpisodeCommentsByIds'
  | 'listEpisodeCommentsAfter'
  | 'listUserComments'
  | 'countUserCommentsSince'
  | 'hasViewedEpisode'
  | 'listLikedCommentIds'
  | 'insertMute'
  | 'insertReport'
  | 'findSuspensionEnd'
  | 'findLikeSeenAt'
  | 'upsertLikeSeenAt'
  | 'countLikesReceived'
  | 'listLikeNotices'
>;

/** The repository calls that must run together in one transaction. */
export interface CommentWrites {
  comments: Pick<
    CommentRepository,
    | 'countUserCommentsSince'
    | 'insertComment'
    | 'adjustEpisodeCommentNum'
    | 'insertLike'
    | 'deleteLike'
    | 'adjustLikeCount'
    | 'findCommentById'
  >;
  users: Pick<UserRepository, 'lockUser'>;
}

export interface CommentTransactions {
  run<T>(work: (repositories: CommentWrites) => Promise<T>): Promise<T>;
}

export interface NgWordSource {
  /** The current list; read on every post, so an operator's edit applies at once. */
  listNgWords(): Promise<NgWordEntry[]>;
}

/** Episodes and titles for the reader's history (the catalogue's own wire objects). */
export type CommentCatalogue = Pick<CatalogueService, 'listEpisodes' | 'listTitles'>;

export interface CommentServiceDeps {
  store: CommentStore;
  transactions: CommentTransactions;
  entitlement: Pick<EntitlementService, 'findEpisodeAccess'>;
  ngWords: NgWordSource;
  catalogue: CommentCatalogue;
  clock: ClockRepository;
  /** Commenters' pseudonyms (ADR 013). */
  tags: CommenterTagger;
}

export interface CommentOptions {
  timeZone: string;
  /** The longest comment accepted, in code points (MANGA_COMMENT_MAX_LENGTH). */
  maxLength: number;
}

export interface CommentListParams {
  episode_id: number;
  comment_id_list?: number[];
  sort?: CommentSort;
  limit?: number;
  offset?: number;
}

export interface CommentLatestParams {
  episode_id: number;
  comment_id?: number;
  limit?: number;
}

export interface CommentHistoryParams {
  sort?: CommentHistorySort;
  limit?: number;
  offset?: number;
}

/** `limit` clamped to 1…100 (clients send huge limits meaning "all"), `offset` from 0. */
export function commentPage(params: { limit?: number; offset?: number }): { limit: number; offset: number } {
  const limit = Math.min(Math.max(params.limit ?? COMMENT_PAGE_LIMIT_DEFAULT, 1), COMMENT_PAGE_LIMIT_MAX);
  return { limit, offset: params.offset ?? 0 };
}

const noSuchComment = () =>
  new DomainError(ResponseCode.InvalidParameter, 'invalid parameter comment_id: no such comment');
const notOnOwnComment = (what: string) =>
  new DomainError(ResponseCode.InvalidParameter, `invalid parameter comment_id: you cannot ${what} your own comment`);

export class CommentService {
  constructor(
    private readonly deps: CommentServiceDeps,
    private readonly options: CommentOptions,
  ) {}

  /** GET /episode/comment/list: a page (or the listed ids) of an episode's comments. */
  async listComments(caller: CommentCaller, params: CommentListParams) {
    const episode = await this.requireEpisode(caller, params.episode_id);
    const readerId = caller.auth.user?.userId ?? null;
    if (params.comment_id_list && params.comment_id_list.length > 0) {
      const rows = await this.deps.store.listEpisodeCommentsByIds(episode.id, params.comment_id_list, readerId);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const asked = uniqueIds(params.comment_id_list).flatMap((id) => byId.get(id) ?? []);
      return { comment_list: this.toComments(asked, readerId), comment_num: episode.comment_num, has_next: 0 };
    }
    const { limit, offset } = commentPage(params);
    const rows = await this.deps.store.listEpisodeComments({
      episodeId: episode.id,
      readerId,
      order: params.sort ?? 'new',
      limit: limit + 1,
      offset,
    });
    return {
      comment_list: this.toComments(rows.slice(0, limit), readerId),
      comment_num: episode.comment_num,
      has_next: rows.length > limit ? 1 : 0,
    };
  }

  /** GET /episode/comment/latest: comments newer than `comment_id`, newest first. */
  async listLatestComments(caller: CommentCaller, params: CommentLatestParams) {
    const episode = await this.requireEpisode(caller, params.episode_id);
    const readerId = caller.auth.user?.userId ?? null;
    const { limit } = commentPage(params);
    const rows = await this.deps.store.listEpisodeCommentsAfter(
      episode.id,
      params.comment_id ?? 0,
      readerId,
      limit + 1,
    );
    return {
      comment_list: this.toComments(rows.slice(0, limit), readerId),
      comment_num: episode.comment_num,
      has_next: rows.length > limit ? 1 : 0,
    };
  }

  /** GET /episode/comment/history: the caller's own visible comments, with their episodes and titles. */
  async listHistory(caller: CommentCaller, params: CommentHistoryParams) {
    const user = requireActiveUser(caller.auth);
    const { limit, offset } = commentPage(params);
    const rows = await this.deps.store.listUserComments(user.userId, params.sort ?? 'new', limit + 1, offset);
    const page = rows.slice(0, limit);
    // Episodes with the caller's own access (badges, prices), as every episode list answers them.
    const ctx = { locale: caller.locale, reader: caller.reader };
    const [episode_list, title_list] = await Promise.all([
      this.deps.catalogue.listEpisodes(uniqueIds(page.map((row) => row.episode_id)), ctx),
      this.deps.catalogue.listTitles(uniqueIds(page.map((row) => row.title_id)), ctx),
    ]);
    return {
      comment_list: this.toComments(page, user.userId),
      episode_list,
      title_list,
      has_next: rows.length > limit ? 1 : 0,
    };
  }

  /** GET /episode/comment/post/info: whether the caller may post now, and if not, why. */
  async getPostInfo(caller: CommentCaller, episodeId: number): Promise<{ post_info: CommentPostInfo }> {
    const now = this.deps.clock.now();
    let refusal: DomainError | undefined;
    let allowance = NO_COMMENT_ALLOWANCE;
    try {
      const { user } = await this.requirePoster(caller, episodeId, now);
      allowance = await this.allowance(user.userId, now);
      if (allowance.remaining === 0) refusal = this.limitOver(allowance);
    } catch (error) {
      // An unknown episode is a bad request, not a reason to show.
      if (!isDomainError(error) || error.code === ResponseCode.EpisodeNotFound) throw error;
      refusal = error;
      const user = caller.auth.user;
      if (user) {
        allowance = await this.allowance(user.userId, now);
        // A suspended commenter learns when they may post again, as one over the limit does.
        if (error.code === ResponseCode.AccountSuspended) {
          const until = await this.deps.store.findSuspensionEnd(user.userId);
          allowance = { ...allowance, nextPostAt: until !== undefined && until > now ? until : null };
        }
      }
    }
    return { post_info: this.toPostInfo(episodeId, allowance, refusal) };
  }

  /** POST /episode/comment/post */
  async postComment(caller: CommentCaller, episodeId: number, text: string) {
    const now = this.deps.clock.now();
    const { user, episode } = await this.requirePoster(caller, episodeId, now);
    const body = cleanCommentText(text);
    if (body === '') throw new DomainError(ResponseCode.PostCommentError, CommentRefusalMessage.Empty);
    if (commentLength(body) > this.options.maxLength) {
      throw new DomainError(ResponseCode.PostCommentError, commentTooLongMessage(this.options.maxLength));
    }
    if (findNgWord(body, await this.deps.ngWords.listNgWords())) throw new DomainError(ResponseCode.PostCommentNgword);
    const { comment, allowance } = await this.deps.transactions.run(async ({ comments, users }) => {
      // One poster at a time per reader, so that concurrent posts cannot pass the limit together.
      await users.lockUser(user.userId);
      const recent = await comments.countUserCommentsSince(user.userId, commentWindowStart(now));
      const before = commentAllowance(recent);
      if (before.remaining === 0) throw this.limitOver(before);
      const created = await comments.insertComment({
        episode_id: episode.id,
        user_id: user.userId,
        body,
        created_at: now,
      });
      await comments.adjustEpisodeCommentNum(episode.id, 1);
      return { comment: created, allowance: commentAllowanceAfterPost(recent, now) };
    });
    const [stored] = await this.deps.store.listEpisodeCommentsByIds(episode.id, [comment.id], user.userId);
    if (!stored) throw new Error(`comment ${comment.id} was stored but cannot be read back`);
    return {
      comment: toCommentResponse(stored, this.mapContext(user.userId)),
      post_info: this.toPostInfo(
        episode.id,
        allowance,
        allowance.remaining === 0 ? this.limitOver(allowance) : undefined,
      ),
    };
  }

  /** GET /episode/comment/likes/ids */
  async listLikedCommentIds(caller: CommentCaller, episodeId: number) {
    const user = requireActiveUser(caller.auth);
    const episode = await this.requireEpisode(caller, episodeId);
    return { comment_id_list: await this.deps.store.listLikedCommentIds(user.userId, episode.id) };
  }

  /** POST /episode/comment/like/add: counted once however often it is sent. */
  async likeComment(caller: CommentCaller, commentId: number) {
    const user = requireActiveUser(caller.auth);
    const comment = await this.requireVisibleComment(caller, commentId);
    if (comment.user_id === user.userId) throw notOnOwnComment('like');
    const like_count = await this.deps.transactions.run(async ({ comments }) => {
      if (await comments.insertLike(commentId, user.userId, this.deps.clock.now())) {
        return comments.adjustLikeCount(commentId, 1);
      }
      return (await comments.findCommentById(commentId))?.like_count ?? comment.like_count;
    });
    return { comment_id: commentId, like_count, is_liked: 1 };
  }

  /** POST /episode/comment/like/cancel: nothing to cancel is not an error. */
  async unlikeComment(caller: CommentCaller, commentId: number) {
    const user = requireActiveUser(caller.auth);
    const comment = await this.requireVisibleComment(caller, commentId);
    const like_count = await this.deps.transactions.run(async ({ comments }) => {
      if (await comments.deleteLike(commentId, user.userId)) return comments.adjustLikeCount(commentId, -1);
      return (await comments.findCommentById(commentId))?.like_count ?? comment.like_count;
    });
    return { comment_id: commentId, like_count, is_liked: 0 };
  }

  /** POST /episode/comment/mute: hides the comment's author from the caller, and from nobody else. */
  async muteCommenter(caller: CommentCaller, commentId: number): Promise<void> {
    const user = requireActiveUser(caller.auth);
    const comment = await this.requireVisibleComment(caller, commentId);
    if (comment.user_id === user.userId) throw notOnOwnComment('mute');
    await this.deps.store.insertMute({
      user_id: user.userId,
      muted_user_id: comment.user_id,
      comment_id: comment.id,
      created_at: this.deps.clock.now(),
    });
  }

  /**
   * POST /episode/comment/report: recorded once per reader with its reason and note (issue 24 item
   * 10); a repeat changes nothing, its reason included. A note is kept trimmed; a note without a
   * reason counts as `other`.
   */
  async reportComment(
    caller: CommentCaller,
    commentId: number,
    details: { reason?: CommentReportReason; reason_text?: string } = {},
  ): Promise<void> {
    const user = requireActiveUser(caller.auth);
    const comment = await this.requireVisibleComment(caller, commentId);
    if (comment.user_id === user.userId) throw notOnOwnComment('report');
    const note = (details.reason_text ?? '').trim();
    const reason = details.reason ?? (note ? CommentReportReason.Other : '');
    await this.deps.store.insertReport(comment.id, user.userId, this.deps.clock.now(), { reason, note });
  }

  /** GET /episode/comment/like/notice: likes received since the last call, which marks them seen. */
  async readLikeNotices(caller: CommentCaller) {
    const user = requireActiveUser(caller.auth);
    const now = this.deps.clock.now();
    const seenAt = await this.deps.store.findLikeSeenAt(user.userId);
    const after = seenAt ?? Number.MIN_SAFE_INTEGER;
    const [like_notice_num, notices] = await Promise.all([
      this.deps.store.countLikesReceived(user.userId, after, now),
      this.deps.store.listLikeNotices(user.userId, after, now, COMMENT_PAGE_LIMIT_MAX),
    ]);
    await this.deps.store.upsertLikeSeenAt(user.userId, now);
    return {
      like_notice_num,
      like_notice_list: notices.map((row) => toLikeNoticeResponse(row, this.options.timeZone)),
      last_seen_time: optionalWireTime(seenAt, this.options.timeZone),
    };
  }

  /**
   * The checks a post passes before its text is read, in order: logged in with an active account
   * (2011, 1101, the account state's code), the episode exists for the reader (3100, 2016: requireEpisode),
   * comments are open on it (6500), not suspended from posting (2019), and the reader opened it (6500).
   */
  private async requirePoster(caller: CommentCaller, episodeId: number, now: number) {
    const user = requireActiveUser(caller.auth);
    const episode = await this.requireEpisode(caller, episodeId);
    if (!episode.comment_enabled) throw new DomainError(ResponseCode.PostCommentError, CommentRefusalMessage.Closed);
    const [suspendedUntil, viewed] = await Promise.all([
      this.deps.store.findSuspensionEnd(user.userId),
      this.deps.store.hasViewedEpisode(user.userId, episode.id),
    ]);
    if (suspendedUntil !== undefined && suspendedUntil > now) {
      throw new DomainError(ResponseCode.AccountSuspended, suspendedMessage(this.wireTime(suspendedUntil)));
    }
    if (!viewed) throw new DomainError(ResponseCode.PostCommentError, CommentRefusalMessage.NotViewed);
    return { user, episode };
  }

  /**
   * The episode when its comments are open to the caller, by EntitlementService's answer: unknown or
   * unreleased → 3100, an age rating the reader does not meet → 2016 (as the viewer says it). A
   * locked episode is no reason: its comments may be read, and posting asks for a view anyway.
   */
  private async requireEpisode(caller: CommentCaller, episodeId: number): Promise<EpisodeRow> {
    const answer = await this.deps.entitlement.findEpisodeAccess(caller.reader, episodeId, this.deps.clock.now());
    if (!answer || answer.access.reason === 'unreleased') throw new DomainError(ResponseCode.EpisodeNotFound);
    if (answer.access.reason === 'age_restricted') throw ageRestrictedError(answer.access);
    return answer.episode;
  }

  /** A visible comment on an episode whose comments are open to the caller; 1001 for unknown, hidden or deleted ones. */
  private async requireVisibleComment(caller: CommentCaller, commentId: number): Promise<CommentRow> {
    const comment = await this.deps.store.findCommentById(commentId);
    if (comment?.status !== 'visible') throw noSuchComment();
    await this.requireEpisode(caller, comment.episode_id);
    return comment;
  }

  private async allowance(userId: number, now: number): Promise<CommentAllowance> {
    return commentAllowance(await this.deps.store.countUserCommentsSince(userId, commentWindowStart(now)));
  }

  private limitOver(allowance: CommentAllowance): DomainError {
    const next = allowance.nextPostAt === null ? undefined : commentLimitMessage(this.wireTime(allowance.nextPostAt));
    return new DomainError(ResponseCode.PostCommentLimitOver, next);
  }

  private toPostInfo(
    episodeId: number,
    allowance: CommentAllowance,
    refusal: DomainError | undefined,
  ): CommentPostInfo {
    return {
      episode_id: episodeId,
      can_post: refusal ? 0 : 1,
      reason_code: refusal?.code ?? 0,
      reason_message: refusal?.message ?? '',
      remaining_num: allowance.remaining,
      limit_num: allowance.limit,
      next_post_time: optionalWireTime(allowance.nextPostAt, this.options.timeZone),
      max_length: this.options.maxLength,
    };
  }

  private toComments(rows: readonly CommentListRow[], readerId: number | null): Comment[] {
    const ctx = this.mapContext(readerId);
    return rows.map((row) => toCommentResponse(row, ctx));
  }

  private mapContext(readerId: number | null): CommentMapContext {
    return { readerId, timeZone: this.options.timeZone, tagOf: this.deps.tags };
  }

  private wireTime(at: number): string {
    return formatWireTime(at, this.options.timeZone);
  }
}
