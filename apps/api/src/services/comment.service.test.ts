// The comment rules with fakes (no database): who may post, in which order the checks run, the text
// rules, the rolling hourly limit, NG words, and likes counted once. Access to the episode is the
// real EntitlementService over the harness's in-memory catalogue. The same rules run on real
// databases in test/integration/api-comments.test.ts.
import { CommentRefusalMessage, ResponseCode } from '@manga/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CommentRow, EpisodeRow, TitleRow } from '#src/db/schema.ts';
import type { FixedClock } from '#src/repositories/clock.repository.ts';
import type { CommentListRow } from '#src/repositories/comment.repository.ts';
import type { AuthUser } from '#src/rules/auth.rules.ts';
import { COMMENT_WINDOW_MS } from '#src/rules/comment.rules.ts';
import { AGE_RATING_UNKNOWN_MESSAGE, ageRatingMessage } from '#src/rules/entitlement.rules.ts';
import {
  type CommentCaller,
  CommentService,
  type CommentStore,
  type CommentWrites,
  commentPage,
} from '#src/services/comment.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newEntitlementService, TEST_TIME_ZONE } from '#test/services/harness.ts';
import { authStub, readerStub, rowFactory } from '#test/services/stubs.ts';

const NOW = TEST_NOW;
const MINUTE = 60_000;

const readerUser = (userId: number, status: AuthUser['status'] = 'active'): AuthUser => ({
  userId,
  sessionId: 1,
  status,
  via: 'web',
});
/** A reader without a birthday cookie, logged in as `user` (or a guest). */
const caller = (user: AuthUser | null): CommentCaller => ({
  auth: user ? { user, tokenInvalid: false } : authStub.anonymous,
  locale: 'en',
  reader: { ...readerStub.anonymous, user },
});

type CommentWriter = CommentWrites['comments'];

/** Comments, likes, views and suspensions in memory, with the repository methods the service uses. */
class FakeCommentData implements CommentStore, CommentWriter {
  comments: CommentRow[] = [];
  likes = new Set<string>();
  views = new Set<string>();
  suspensions = new Map<number, number>();
  reports = new Set<string>();
  mutes: { user_id: number; muted_user_id: number }[] = [];
  commentNum = new Map<number, number>();
  likeCountWrites = 0;
  private nextId = 1;

  async findCommentById(id: number) {
    return this.comments.find((c) => c.id === id);
  }
  async listEpisodeComments() {
    return [];
  }
  async listEpisodeCommentsByIds(_episodeId: number, ids: readonly number[], readerId: number | null) {
    return this.comments.filter((c) => ids.includes(c.id)).map((c) => this.toListRow(c, readerId));
  }
  async listEpisodeCommentsAfter() {
    return [];
  }
  async listUserComments() {
    return [];
  }
  async countUserCommentsSince(userId: number, since: number) {
    const recent = this.comments.filter((c) => c.user_id === userId && c.created_at > since);
    return { count: recent.length, oldestAt: recent.length ? Math.min(...recent.map((c) => c.created_at)) : null };
  }
  async hasViewedEpisode(userId: number, episodeId: number) {
    return this.views.has(`${userId}:${episodeId}`);
  }
  async listLikedCommentIds() {
    return [];
  }
  async insertMute(mute: { user_id: number; muted_user_id: number }) {
    this.mutes.push(mute);
  }
  async insertReport(commentId: number, userId: number) {
    const key = `${commentId}:${userId}`;
    const fresh = !this.reports.has(key);
    this.reports.add(key);
    return fresh;
  }
  async findSuspensionEnd(userId: number) {
    return this.suspensions.get(userId);
  }
  async findLikeSeenAt() {
    return undefined;
  }
  async upsertLikeSeenAt() {}
  async countLikesReceived() {
    return 0;
  }
  async listLikeNotices() {
    return [];
  }
  async insertComment(comment: { episode_id: number; user_id: number; body: string; created_at: number }) {
    const row: CommentRow = { ...comment, id: this.nextId++, like_count: 0, status: 'visible', reviewed_at: null };
    this.comments.push(row);
    return row;
  }
  async adjustEpisodeCommentNum(episodeId: number, delta: 1 | -1) {
    this.commentNum.set(episodeId, (this.commentNum.get(episodeId) ?? 0) + delta);
  }
  async insertLike(commentId: number, userId: number) {
    const key = `${commentId}:${userId}`;
    if (this.likes.has(key)) return false;
    this.likes.add(key);
    return true;
  }
  async deleteLike(commentId: number, userId: number) {
    return this.likes.delete(`${commentId}:${userId}`);
  }
  async adjustLikeCount(commentId: number, delta: 1 | -1) {
    this.likeCountWrites++;
    const comment = this.comments.find((c) => c.id === commentId) as CommentRow;
    comment.like_count = Math.max(comment.like_count + delta, 0);
    return comment.like_count;
  }

  private toListRow(c: CommentRow, readerId: number | null): CommentListRow {
    return { ...c, title_id: 10001, nickname: null, is_liked: this.likes.has(`${c.id}:${readerId}`) ? 1 : 0 };
  }
}

let data: FakeCommentData;
let clock: FixedClock;
/** The title and the (locked: 40 points) episode commented on; tests change their rows in place. */
let title: TitleRow;
let episode: EpisodeRow;
let ngWords: { word: string; match_type: string }[];
let service: CommentService;
const EPISODE = 500001;
const reader = readerUser(1);
const other = readerUser(2);

beforeEach(() => {
  data = new FakeCommentData();
  const { sut: entitlement, world } = newEntitlementService();
  title = world.addTitle(rowFactory.title({ id: 10001 }));
  episode = world.addEpisode({ id: EPISODE, title_id: title.id });
  clock = world.clock;
  ngWords = [{ word: 'bad', match_type: 'part' }];
  data.views.add(`${reader.userId}:${EPISODE}`);
  data.views.add(`${other.userId}:${EPISODE}`);
  service = new CommentService(
    {
      store: data,
      transactions: { run: (work) => work({ comments: data, users: { lockUser: async () => {} } }) },
      entitlement,
      ngWords: { listNgWords: async () => ngWords },
      catalogue: { listEpisodes: async () => [], listTitles: async () => [] },
      clock,
      tags: (userId) => `TAG${userId}`,
    },
    { timeZone: TEST_TIME_ZONE, maxLength: 10 },
  );
});

describe('CommentService.postComment', () => {
  it('stores the cleaned text and moves the episode counter with it', async () => {
    const answer = await service.postComment(caller(reader), EPISODE, '  hello  ');
    expect(answer.comment).toMatchObject({
      comment: 'hello',
      user_name: '',
      user_tag: 'TAG1',
      is_mine: 1,
      created_time: '2026-01-01 09:00:00',
    });
    expect(answer.post_info).toMatchObject({ can_post: 1, remaining_num: 9, max_length: 10 });
    expect(data.commentNum.get(EPISODE)).toBe(1);
  });

  it('checks, in order: login, account state, access, comments open, suspension, viewed', async () => {
    expect(await codeOf(service.postComment(caller(null), EPISODE, 'hi'))).toBe(ResponseCode.UserNotLogin);
    expect(await codeOf(service.postComment(caller(readerUser(1, 'banned')), EPISODE, 'hi'))).toBe(
      ResponseCode.AccountBanned,
    );
    expect(await codeOf(service.postComment(caller(reader), 999, 'hi'))).toBe(ResponseCode.EpisodeNotFound);

    data.suspensions.set(reader.userId, NOW + MINUTE);
    data.views.clear();
    episode.comment_enabled = 0;
    title.age_rating = 16; // and the reader's birthday is unknown
    expect(await codeOf(service.postComment(caller(reader), EPISODE, 'hi'))).toBe(ResponseCode.AccountAccessDenied);
    title.age_rating = 0;
    await expect(service.postComment(caller(reader), EPISODE, 'hi')).rejects.toThrow('Comments are closed');
    episode.comment_enabled = 1;
    await expect(service.postComment(caller(reader), EPISODE, 'hi')).rejects.toMatchObject({
      code: ResponseCode.AccountSuspended,
      message: 'You cannot post comments until 2026-01-01 09:01:00.',
    });
    clock.advance(MINUTE); // the suspension has ended
    await expect(service.postComment(caller(reader), EPISODE, 'hi')).rejects.toMatchObject({
      code: ResponseCode.PostCommentError,
      message: 'Read this chapter before commenting on it.',
    });
    expect(data.comments).toEqual([]);
  });

  it('refuses empty text and text longer than the limit in code points', async () => {
    expect(await codeOf(service.postComment(caller(reader), EPISODE, ' \n '))).toBe(ResponseCode.PostCommentError);
    expect(await codeOf(service.postComment(caller(reader), EPISODE, 'x'.repeat(11)))).toBe(
      ResponseCode.PostCommentError,
    );
    await expect(service.postComment(caller(reader), EPISODE, '🎉'.repeat(10))).resolves.toHaveProperty('comment');
  });

  it('refuses NG words with 6100 and reads the list on every post', async () => {
    expect(await codeOf(service.postComment(caller(reader), EPISODE, 'B A D'))).toBe(ResponseCode.PostCommentNgword);
    ngWords = [];
    await expect(service.postComment(caller(reader), EPISODE, 'B A D')).resolves.toHaveProperty('comment');
    ngWords = [{ word: 'ok', match_type: 'part' }];
    expect(await codeOf(service.postComment(caller(reader), EPISODE, 'OK'))).toBe(ResponseCode.PostCommentNgword);
    expect(data.comments).toHaveLength(1);
  });

  it('allows 10 posts in any 60 minutes', async () => {
    for (let n = 0; n < 10; n++) {
      await expect(service.postComment(caller(reader), EPISODE, `n${n}`)).resolves.toHaveProperty('comment');
      clock.advance(MINUTE);
    }
    await expect(service.postComment(caller(reader), EPISODE, 'more')).rejects.toMatchObject({
      code: ResponseCode.PostCommentLimitOver,
      message: 'You can post up to 10 comments per hour. You can post again at 2026-01-01 10:00:00.',
    });
    // Another reader has their own allowance.
    await expect(service.postComment(caller(other), EPISODE, 'mine')).resolves.toHaveProperty('comment');
    clock.set(NOW + COMMENT_WINDOW_MS);
    await expect(service.postComment(caller(reader), EPISODE, 'again')).resolves.toHaveProperty('comment');
    expect(data.commentNum.get(EPISODE)).toBe(12);
  });

  it('reports the last allowed post as leaving nothing for the hour', async () => {
    for (let n = 0; n < 9; n++) await service.postComment(caller(reader), EPISODE, `n${n}`);
    const last = await service.postComment(caller(reader), EPISODE, 'last');
    expect(last.post_info).toMatchObject({
      can_post: 0,
      remaining_num: 0,
      reason_code: ResponseCode.PostCommentLimitOver,
      next_post_time: '2026-01-01 10:00:00',
    });
  });
});

describe('CommentService.getPostInfo', () => {
  it('gives the reason instead of throwing, except for an unknown episode', async () => {
    expect((await service.getPostInfo(caller(null), EPISODE)).post_info).toMatchObject({
      can_post: 0,
      reason_code: ResponseCode.UserNotLogin,
      remaining_num: 0,
    });
    data.views.clear();
    expect((await service.getPostInfo(caller(reader), EPISODE)).post_info).toMatchObject({
      can_post: 0,
      reason_code: ResponseCode.PostCommentError,
      remaining_num: 10,
    });
    await expect(service.getPostInfo(caller(reader), 999)).rejects.toMatchObject({
      code: ResponseCode.EpisodeNotFound,
    });
  });

  it('tells a suspended commenter when the suspension ends, and only while it runs', async () => {
    data.suspensions.set(reader.userId, NOW + 90 * MINUTE);
    expect((await service.getPostInfo(caller(reader), EPISODE)).post_info).toMatchObject({
      can_post: 0,
      reason_code: ResponseCode.AccountSuspended,
      reason_message: 'You cannot post comments until 2026-01-01 10:30:00.',
      next_post_time: '2026-01-01 10:30:00',
      remaining_num: 10,
    });
    clock.advance(90 * MINUTE);
    expect((await service.getPostInfo(caller(reader), EPISODE)).post_info).toMatchObject({
      can_post: 1,
      reason_code: 0,
      next_post_time: '',
    });
  });

  it('names a refusal with the contracts text clients match on', async () => {
    episode.comment_enabled = 0;
    expect((await service.getPostInfo(caller(reader), EPISODE)).post_info.reason_message).toBe(
      CommentRefusalMessage.Closed,
    );
    episode.comment_enabled = 1;
    data.views.clear();
    expect((await service.getPostInfo(caller(reader), EPISODE)).post_info.reason_message).toBe(
      CommentRefusalMessage.NotViewed,
    );
  });
});

describe('CommentService likes, mutes and reports', () => {
  it('counts a like once and a cancel once', async () => {
    const { comment } = await service.postComment(caller(reader), EPISODE, 'like me');
    for (let n = 0; n < 3; n++) {
      expect(await service.likeComment(caller(other), comment.comment_id)).toEqual({
        comment_id: comment.comment_id,
        like_count: 1,
        is_liked: 1,
      });
    }
    for (let n = 0; n < 2; n++) {
      expect((await service.unlikeComment(caller(other), comment.comment_id)).like_count).toBe(0);
    }
    expect(data.likeCountWrites).toBe(2);
  });

  it('refuses acting on your own comment and on hidden or unknown comments with 1001', async () => {
    const { comment } = await service.postComment(caller(reader), EPISODE, 'mine');
    for (const act of ['likeComment', 'muteCommenter', 'reportComment'] as const) {
      expect(await codeOf(service[act](caller(reader), comment.comment_id))).toBe(ResponseCode.InvalidParameter);
    }
    (data.comments[0] as CommentRow).status = 'hidden';
    for (const act of ['likeComment', 'unlikeComment', 'muteCommenter', 'reportComment'] as const) {
      expect(await codeOf(service[act](caller(other), comment.comment_id))).toBe(ResponseCode.InvalidParameter);
      expect(await codeOf(service[act](caller(other), 404))).toBe(ResponseCode.InvalidParameter);
    }
    expect(data.mutes).toEqual([]);
    expect(data.reports.size).toBe(0);
  });

  it('mutes the author of the comment for the caller', async () => {
    const { comment } = await service.postComment(caller(reader), EPISODE, 'hello');
    await service.muteCommenter(caller(other), comment.comment_id);
    expect(data.mutes).toEqual([expect.objectContaining({ user_id: other.userId, muted_user_id: reader.userId })]);
  });

  it('asks EntitlementService before acting on a comment of an episode the caller may not open', async () => {
    const { comment } = await service.postComment(caller(reader), EPISODE, 'hello');
    title.age_rating = 16; // and the reader's birthday is unknown
    expect(await codeOf(service.likeComment(caller(other), comment.comment_id))).toBe(ResponseCode.AccountAccessDenied);
  });
});

describe('CommentService and access to the episode (EntitlementService)', () => {
  it('keeps the comments of a locked episode open: anyone reads them, a reader who opened it posts', async () => {
    // The episode costs 40 points and nothing makes it free: EntitlementService answers `locked`.
    await expect(service.postComment(caller(reader), EPISODE, 'read it')).resolves.toHaveProperty('comment');
    await expect(service.listComments(caller(null), { episode_id: EPISODE })).resolves.toHaveProperty('comment_list');
    const stranger = readerUser(3);
    await expect(service.postComment(caller(stranger), EPISODE, 'hi')).rejects.toMatchObject({
      code: ResponseCode.PostCommentError,
      message: 'Read this chapter before commenting on it.',
    });
  });

  it('answers an unreleased episode, or one of an unpublished title, as unknown (3100)', async () => {
    episode.start_at = NOW + MINUTE;
    expect(await codeOf(service.listComments(caller(reader), { episode_id: EPISODE }))).toBe(
      ResponseCode.EpisodeNotFound,
    );
    expect(await codeOf(service.postComment(caller(reader), EPISODE, 'hi'))).toBe(ResponseCode.EpisodeNotFound);
    episode.start_at = NOW - MINUTE;
    title.published_at = NOW + MINUTE;
    expect(await codeOf(service.getPostInfo(caller(reader), EPISODE))).toBe(ResponseCode.EpisodeNotFound);
  });

  it('says why the age rating keeps a reader out (2016, as the viewer does) and admits the old enough', async () => {
    title.age_rating = 16;
    await expect(service.listComments(caller(reader), { episode_id: EPISODE })).rejects.toMatchObject({
      code: ResponseCode.AccountAccessDenied,
      message: AGE_RATING_UNKNOWN_MESSAGE,
    });
    const minor = { ...caller(reader), reader: { ...readerStub.minor, user: reader } };
    await expect(service.postComment(minor, EPISODE, 'hi')).rejects.toMatchObject({
      code: ResponseCode.AccountAccessDenied,
      message: ageRatingMessage(16),
    });
    const adult = { ...caller(reader), reader: { ...readerStub.adult, user: reader } };
    await expect(service.postComment(adult, EPISODE, 'hi')).resolves.toHaveProperty('comment');
  });
});

describe('commentPage', () => {
  it('defaults to 20 from 0 and clamps the limit to 1…100', () => {
    expect(commentPage({})).toEqual({ limit: 20, offset: 0 });
    expect(commentPage({ limit: 99_999, offset: 40 })).toEqual({ limit: 100, offset: 40 });
    expect(commentPage({ limit: 0 })).toEqual({ limit: 1, offset: 0 });
  });
});
