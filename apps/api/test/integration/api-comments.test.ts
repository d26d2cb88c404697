// The /episode/comment/* family (ADR 013) through app.inject on a real database (SQLite, and
// PostgreSQL under `npm run test:pg`): viewed-first, the hourly limit on a moved clock, NG words,
// likes counted once under concurrency, mutes, reports, notices, paging, and hostile input.

import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMMENTS_PER_HOUR,
  type Comment,
  type CommentHistoryResponse,
  type CommentLikeNoticeResponse,
  type CommentListResponse,
  type CommentPostInfoResponse,
  CommentPostRequestSchema,
  type CommentPostResponse,
  ResponseCode,
  requiredParameters,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config.ts';
import { commenterTagInput, commenterTagOf } from '#src/rules/commenter-tag.rules.ts';
import { birthdayCookie, codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  bodyOf,
  commentAction,
  createEpisode,
  createReader,
  episodeCommentNum,
  listedIds,
  postComment,
  postedCommentId,
  type Reader,
  view,
} from '#test/comments.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;
/** The constant the source used to hold before ADR 015: pseudonyms keyed with it could be reversed. */
const OLD_DEVELOPMENT_COMMENTER_TAG_SECRET = 'development-only-commenter-tag-secret';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  t = await createTestApp({ commentMaxLength: 500 });
});
afterAll(() => t.close());

/** A reader who has opened a fresh episode. */
async function readerOnNewEpisode() {
  const episode = await createEpisode(t);
  const reader = await createReader(t);
  await view(t, reader, episode.id);
  return { episode, reader };
}

async function readerWhoViewed(episodeId: number): Promise<Reader> {
  const reader = await createReader(t);
  await view(t, reader, episodeId);
  return reader;
}

async function storedComments(userId: number) {
  return t.database.db.selectFrom('comment').selectAll().where('user_id', '=', userId).execute();
}

describe('POST /episode/comment/post', () => {
  it('requires the parameters product §5 lists, exactly as contracts list them', () => {
    const shape = CommentPostRequestSchema.shape;
    const required = Object.keys(shape).filter(
      (name) => !shape[name as keyof typeof shape].safeParse(undefined).success,
    );
    expect(required).toEqual([...requiredParameters.commentPost]);
  });

  it('stores the comment, answers it with the allowance left, and counts it in the episode', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const res = await postComment(t, reader, episode.id, '  What a chapter!\r\n最高の回でした。  ');
    expect(res.statusCode, res.body).toBe(200);
    const body = bodyOf<CommentPostResponse>(res);
    expect(body.comment).toEqual({
      comment_id: expect.any(Number),
      episode_id: episode.id,
      title_id: episode.title_id,
      comment: 'What a chapter!\n最高の回でした。',
      user_name: '',
      user_tag: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{6}$/),
      like_count: 0,
      is_liked: 0,
      is_mine: 1,
      created_time: '2026-01-01 09:00:00', // TEST_NOW in Asia/Tokyo
    });
    expect(body.post_info).toMatchObject({ can_post: 1, remaining_num: COMMENTS_PER_HOUR - 1, limit_num: 10 });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await episodeCommentNum(t, episode.id)).toBe(1);
    expect(await listedIds(t, null, episode.id)).toEqual([body.comment.comment_id]);
  });

  it('refuses guests (2011) and dead sessions (1101)', async () => {
    const episode = await createEpisode(t);
    expect(codeOf(await postComment(t, null, episode.id, 'hello'))).toBe(ResponseCode.UserNotLogin);
    const res = await postComment(t, { cookie: 'test_uwt=not-a-session' } as Reader, episode.id, 'hello');
    expect(codeOf(res)).toBe(ResponseCode.WebTokenInvalid);
  });

  it('needs the episode to have been opened in the viewer first (6500), by this reader', async () => {
    const episode = await createEpisode(t);
    const reader = await createReader(t);
    const other = await readerWhoViewed(episode.id);
    const before = await postComment(t, reader, episode.id, 'first!');
    expect(before.statusCode).toBe(400);
    expect(bodyOf(before)).toMatchObject({
      response_code: ResponseCode.PostCommentError,
      error_message: 'Read this chapter before commenting on it.',
    });
    await view(t, reader, episode.id);
    expect(codeOf(await postComment(t, reader, episode.id, 'now I have read it'))).toBe(0);
    expect(codeOf(await postComment(t, other, episode.id, 'me too'))).toBe(0);
  });

  it('allows 10 posts in a rolling hour: the 11th is 6301, and an hour after the first one, posting works again', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    try {
      for (let n = 1; n <= COMMENTS_PER_HOUR; n++) {
        expect(codeOf(await postComment(t, reader, episode.id, `comment ${n}`)), `post ${n}`).toBe(0);
        t.clock.advance(MINUTE);
      }
      const eleventh = await postComment(t, reader, episode.id, 'one too many');
      expect(eleventh.statusCode).toBe(400);
      expect(bodyOf(eleventh)).toMatchObject({
        response_code: ResponseCode.PostCommentLimitOver,
        error_message: 'You can post up to 10 comments per hour. You can post again at 2026-01-01 10:00:00.',
      });
      const info = bodyOf<CommentPostInfoResponse>(
        await get(t, `/episode/comment/post/info?episode_id=${episode.id}`, { cookie: reader.cookie }),
      );
      expect(info.post_info).toMatchObject({
        can_post: 0,
        reason_code: ResponseCode.PostCommentLimitOver,
        remaining_num: 0,
        next_post_time: '2026-01-01 10:00:00',
      });

      t.clock.set(TEST_NOW + HOUR - 1); // the first post is still inside the window
      expect(codeOf(await postComment(t, reader, episode.id, 'still too many'))).toBe(
        ResponseCode.PostCommentLimitOver,
      );
      t.clock.set(TEST_NOW + HOUR); // the first post has left it
      expect(codeOf(await postComment(t, reader, episode.id, 'the next hour'))).toBe(0);
      expect(codeOf(await postComment(t, reader, episode.id, 'but only one more'))).toBe(
        ResponseCode.PostCommentLimitOver,
      );
      expect(await storedComments(reader.user.id)).toHaveLength(COMMENTS_PER_HOUR + 1);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('counts concurrent posts against the limit together', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, n) => postComment(t, reader, episode.id, `burst ${n}`)),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 0)).toHaveLength(COMMENTS_PER_HOUR);
    expect(codes.filter((code) => code === ResponseCode.PostCommentLimitOver)).toHaveLength(5);
    expect(await episodeCommentNum(t, episode.id)).toBe(COMMENTS_PER_HOUR);
  });

  it.each([
    ['English', 'This is fuck awful'],
    ['upper case', 'FUCK this'],
    ['full width', 'ｆｕｃｋ'],
    ['spaced out', 'f u c k'],
    ['dotted', 'f.u.c.k'],
    ['mixed tricks', 'Ｆ-u_C k!'],
    ['Japanese', 'お前キモいな'],
    ['hiragana for katakana', 'きもい'],
    ['half-width katakana', 'ｷﾓｲ'],
    ['spaced Japanese', 'キ モ イ'],
    ['kanji', '死ね'],
    ['voiced half-width', 'ｶﾞｲｼﾞ'],
    ['a whole-word entry', 'you c u n t'],
    // Issue 22 item 7: spellings that were posted past the filter.
    ['a Cyrillic с', 'fu\u0441k'],
    ['a Greek κ', 'fuc\u03ba'],
    ['a 1 for i', 'sh1t'],
    ['a ! for i', 'sh!t'],
    ['a 1 in a word', 'b1tch'],
    ['$ for s', 'a$$hole'],
    ['a 1 in a phrase', 'k1ll yourself'],
    ['regional indicator letters', '\u{1f1eb}\u{1f1fa}\u{1f1e8}\u{1f1f0}'],
    ['a repeated letter', 'fuuuck'],
    ['a whole word with look-alikes', 'you \u0441unt!'],
  ])('refuses NG words (6100): %s', async (_name, text) => {
    const { episode, reader } = await readerOnNewEpisode();
    const res = await postComment(t, reader, episode.id, text);
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res)).toMatchObject({
      response_code: ResponseCode.PostCommentNgword,
      error_message: 'offensive or discriminatory content detected.',
    });
    expect(await storedComments(reader.user.id)).toEqual([]);
  });

  it('lets innocent words that contain a whole-word entry through', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    expect(codeOf(await postComment(t, reader, episode.id, 'Scunthorpe has a fire retardant factory'))).toBe(0);
  });

  it('lets ordinary words, numbers and Japanese sentences through', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const texts = [
      'A classic title: the assistant learns a new skill in chapter 1.',
      'Shift the 455 points to the next book, it cost $5',
      '死ぬほど面白かった！次の話も楽しみです。',
    ];
    for (const text of texts) expect(codeOf(await postComment(t, reader, episode.id, text)), text).toBe(0);
    expect(await storedComments(reader.user.id)).toHaveLength(texts.length);
  });

  it('refuses empty and whitespace-only comments and comments over the length limit (6500), and absurd ones (1001)', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    for (const text of ['', '   ', '\n\r\n\t', '\u3000\u3000']) {
      const res = await postComment(t, reader, episode.id, text);
      expect(bodyOf(res), JSON.stringify(text)).toMatchObject({
        response_code: ResponseCode.PostCommentError,
        error_message: 'Write something before posting.',
      });
    }
    const tooLong = await postComment(t, reader, episode.id, '長'.repeat(501));
    expect(bodyOf(tooLong)).toMatchObject({
      response_code: ResponseCode.PostCommentError,
      error_message: 'A comment can be at most 500 characters long.',
    });
    const absurd = await postComment(t, reader, episode.id, 'x'.repeat(5001));
    expect(bodyOf(absurd)).toMatchObject({ response_code: ResponseCode.InvalidParameter });
    // Emoji count as one character each.
    expect(codeOf(await postComment(t, reader, episode.id, '🎉'.repeat(500)))).toBe(0);
    expect(await storedComments(reader.user.id)).toHaveLength(1);
  });

  it('refuses wrong types and missing parameters with 1001, unknown episodes with 3100', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const cases: [Record<string, string>, number][] = [
      [{ episode_id: 'abc', comment: 'x' }, ResponseCode.InvalidParameter],
      [{ episode_id: '-1', comment: 'x' }, ResponseCode.InvalidParameter],
      [{ episode_id: '1.5', comment: 'x' }, ResponseCode.InvalidParameter],
      [{ comment: 'x' }, ResponseCode.InvalidParameter],
      [{ episode_id: String(episode.id) }, ResponseCode.InvalidParameter],
      [{ episode_id: '999999999', comment: 'x' }, ResponseCode.EpisodeNotFound],
    ];
    for (const [body, code] of cases) {
      const res = await post(t, '/episode/comment/post', body, { cookie: reader.cookie });
      expect(codeOf(res), JSON.stringify(body)).toBe(code);
    }
    const repeated = await post(
      t,
      '/episode/comment/post',
      { episode_id: [String(episode.id), String(episode.id)], comment: 'x' },
      { cookie: reader.cookie },
    );
    expect(codeOf(repeated)).toBe(ResponseCode.InvalidParameter);
  });

  it('is closed on episodes with comments disabled (6500)', async () => {
    const episode = await createEpisode(t, { episode: { comment_enabled: 0 } });
    const reader = await readerWhoViewed(episode.id);
    expect(bodyOf(await postComment(t, reader, episode.id, 'hello'))).toMatchObject({
      response_code: ResponseCode.PostCommentError,
      error_message: 'Comments are closed for this chapter.',
    });
  });

  it('follows the age rating of the title (2016), like the viewer', async () => {
    const episode = await createEpisode(t, { title: { age_rating: 18 } });
    const adult = birthdayCookie('1990-01');
    const reader = await createReader(t);
    await view(t, reader, episode.id, adult);
    const cookie = `${reader.cookie}; ${adult}`;
    const form = { episode_id: String(episode.id), comment: 'for grown-ups' };
    expect(codeOf(await post(t, '/episode/comment/post', form, { cookie }))).toBe(0);
    // The same reader without the birthday cookie, and a younger one, are refused; so is reading.
    expect(codeOf(await postComment(t, reader, episode.id, 'again'))).toBe(ResponseCode.AccountAccessDenied);
    const young = `${reader.cookie}; ${birthdayCookie('2012-01')}`;
    expect(codeOf(await post(t, '/episode/comment/post', form, { cookie: young }))).toBe(
      ResponseCode.AccountAccessDenied,
    );
    expect(codeOf(await get(t, `/episode/comment/list?episode_id=${episode.id}`))).toBe(
      ResponseCode.AccountAccessDenied,
    );
    expect(codeOf(await get(t, `/episode/comment/list?episode_id=${episode.id}`, { cookie: adult }))).toBe(0);
  });

  it('stays open on an episode locked now, to a reader who opened it while it was free (ADR 013)', async () => {
    const windowEnd = TEST_NOW + HOUR;
    const episode = await createEpisode(t, { title: { free_until_at: windowEnd }, episode: { point: 40 } });
    const reader = await readerWhoViewed(episode.id);
    const stranger = await createReader(t);
    try {
      t.clock.set(windowEnd); // the free window has closed: the episode is locked (3105 in the viewer)
      const viewer = await get(t, `/web/episode/viewer?episode_id=${episode.id}`, { cookie: reader.cookie });
      expect(codeOf(viewer)).toBe(ResponseCode.EpisodeUnpurchased);
      expect(codeOf(await postComment(t, reader, episode.id, 'Read it in the free week.'))).toBe(0);
      expect(await listedIds(t, null, episode.id)).toHaveLength(1);
      // Someone who never opened it still may not post.
      expect(bodyOf(await postComment(t, stranger, episode.id, 'me too'))).toMatchObject({
        response_code: ResponseCode.PostCommentError,
        error_message: 'Read this chapter before commenting on it.',
      });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('refuses accounts suspended as a whole (2019)', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    await t.database.db.updateTable('user').set({ status: 'suspended' }).where('id', '=', reader.user.id).execute();
    expect(codeOf(await postComment(t, reader, episode.id, 'hello'))).toBe(ResponseCode.AccountSuspended);
  });
});

describe('GET /episode/comment/post/info', () => {
  it('says why a guest cannot post, and how many posts a reader has left', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const guest = bodyOf<CommentPostInfoResponse>(await get(t, `/episode/comment/post/info?episode_id=${episode.id}`));
    expect(guest.post_info).toEqual({
      episode_id: episode.id,
      can_post: 0,
      reason_code: ResponseCode.UserNotLogin,
      reason_message: 'Please log in to continue.',
      remaining_num: 0,
      limit_num: 10,
      next_post_time: '',
      max_length: 500,
    });
    await postedCommentId(t, reader, episode.id, 'one');
    const mine = bodyOf<CommentPostInfoResponse>(
      await get(t, `/episode/comment/post/info?episode_id=${episode.id}`, { cookie: reader.cookie }),
    );
    expect(mine.post_info).toMatchObject({ can_post: 1, reason_code: 0, reason_message: '', remaining_num: 9 });
  });

  it('says a reader must read the chapter first, and answers 3100 for an unknown episode', async () => {
    const episode = await createEpisode(t);
    const reader = await createReader(t);
    const info = bodyOf<CommentPostInfoResponse>(
      await get(t, `/episode/comment/post/info?episode_id=${episode.id}`, { cookie: reader.cookie }),
    );
    expect(info.post_info).toMatchObject({
      can_post: 0,
      reason_code: ResponseCode.PostCommentError,
      reason_message: 'Read this chapter before commenting on it.',
      remaining_num: 10,
    });
    const unknown = await get(t, '/episode/comment/post/info?episode_id=999999999', { cookie: reader.cookie });
    expect(codeOf(unknown)).toBe(ResponseCode.EpisodeNotFound);
  });
});

describe('GET /episode/comment/list and /latest', () => {
  it('pages newest first or most liked first, with has_next, and answers listed ids in the order asked', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) {
      ids.push(await postedCommentId(t, reader, episode.id, `comment ${n}`));
      t.clock.advance(MINUTE);
    }
    t.clock.set(TEST_NOW);
    const [c0, c1, c2, c3, c4] = ids as [number, number, number, number, number];
    const fans = await Promise.all([readerWhoViewed(episode.id), readerWhoViewed(episode.id)]);
    for (const fan of fans) expect(codeOf(await commentAction(t, fan, 'like/add', c1))).toBe(0);
    expect(codeOf(await commentAction(t, fans[0] as Reader, 'like/add', c3))).toBe(0);

    const first = bodyOf<CommentListResponse>(
      await get(t, `/episode/comment/list?episode_id=${episode.id}&limit=2`, { cookie: reader.cookie }),
    );
    expect(first.comment_list.map((c) => c.comment_id)).toEqual([c4, c3]);
    expect(first).toMatchObject({ comment_num: 5, has_next: 1 });
    const last = bodyOf<CommentListResponse>(
      await get(t, `/episode/comment/list?episode_id=${episode.id}&limit=2&offset=4`),
    );
    expect(last.comment_list.map((c) => c.comment_id)).toEqual([c0]);
    expect(last.has_next).toBe(0);

    expect(await listedIds(t, null, episode.id, '&sort=popular')).toEqual([c1, c3, c4, c2, c0]);
    expect(await listedIds(t, null, episode.id, `&comment_id_list=${c2},${c0},99999999,${c2}`)).toEqual([c2, c0]);
    // limit=99999 means "as many as you give": clamped, not refused.
    expect(await listedIds(t, null, episode.id, '&limit=99999')).toHaveLength(5);

    const asFan = bodyOf<CommentListResponse>(
      await get(t, `/episode/comment/list?episode_id=${episode.id}&sort=popular&limit=1`, {
        cookie: (fans[0] as Reader).cookie,
      }),
    );
    expect(asFan.comment_list[0]).toMatchObject({ comment_id: c1, like_count: 2, is_liked: 1, is_mine: 0 });
  });

  it('names commenters by a pseudonym: one per reader on every episode, another for another reader, never the id', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const second = await createEpisode(t);
    await view(t, reader, second.id);
    const other = await readerWhoViewed(episode.id);
    await postedCommentId(t, reader, episode.id, 'first');
    await postedCommentId(t, reader, second.id, 'second');
    await postedCommentId(t, other, episode.id, 'other');
    const tagsOn = async (episodeId: number) =>
      bodyOf<CommentListResponse>(await get(t, `/episode/comment/list?episode_id=${episodeId}`)).comment_list.map(
        (c) => [c.comment, c.user_name, c.user_tag],
      );
    const [[, , otherTag], [, , readerTag]] = (await tagsOn(episode.id)) as [string[], string[]];
    expect(await tagsOn(episode.id)).toEqual([
      ['other', '', otherTag],
      ['first', '', readerTag],
    ]);
    expect(await tagsOn(second.id)).toEqual([['second', '', readerTag]]);
    expect(readerTag).not.toBe(otherTag);
    expect(readerTag).not.toContain(String(reader.user.id));
    // Another API process on the same database gives the same names with the same key, others with another.
    for (const [secret, same] of [
      [t.config.commenterTagSecret, true],
      ['another-commenter-tag-secret', false],
    ] as const) {
      const peer = await createTestApp({ commenterTagSecret: secret }, t.database);
      try {
        const res = await get(peer, `/episode/comment/list?episode_id=${second.id}`);
        const tag = bodyOf<CommentListResponse>(res).comment_list[0]?.user_tag;
        expect(tag === readerTag, secret).toBe(same);
      } finally {
        await peer.close();
      }
    }
  });

  it('keys the pseudonyms with a secret generated once per data directory when none is configured', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    await postedCommentId(t, reader, episode.id, 'keyed');
    const dataDirs = [mkdtempSync(join(tmpdir(), 'manga-data-')), mkdtempSync(join(tmpdir(), 'manga-data-'))];
    const tagFrom = async (dataDir: string) => {
      const app = await createTestApp(
        { commenterTagSecret: undefined, secretsDir: join(dataDir, 'secrets') },
        t.database,
      );
      try {
        const res = await get(app, `/episode/comment/list?episode_id=${episode.id}`);
        return bodyOf<CommentListResponse>(res).comment_list[0]?.user_tag;
      } finally {
        await app.close();
      }
    };
    try {
      const [first, again, elsewhere] = [
        await tagFrom(dataDirs[0] as string),
        await tagFrom(dataDirs[0] as string),
        await tagFrom(dataDirs[1] as string),
      ];
      // Every restart and process on one data directory names a reader alike; another directory, another key.
      expect(first).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(again).toBe(first);
      expect(elsewhere).not.toBe(first);
      const file = join(dataDirs[0] as string, 'secrets', 'commenter-tag-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Not the constant the source used to hold: a reader's tag cannot be computed from the source.
      const key = readFileSync(file, 'utf8').trim();
      expect(key).not.toBe(OLD_DEVELOPMENT_COMMENTER_TAG_SECRET);
      const fromOldConstant = commenterTagOf(
        createHmac('sha256', OLD_DEVELOPMENT_COMMENTER_TAG_SECRET)
          .update(commenterTagInput(reader.user.id))
          .digest('base64url'),
      );
      const fromGenerated = commenterTagOf(
        createHmac('sha256', key).update(commenterTagInput(reader.user.id)).digest('base64url'),
      );
      expect(fromGenerated).toBe(first);
      expect(fromOldConstant).not.toBe(first);
    } finally {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
    // Production has no data-directory key to fall back on silently: the secret must be configured.
    const production = { MANGA_ENV: 'production', MANGA_IMAGE_URL_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/MANGA_COMMENTER_TAG_SECRET/);
    expect(loadConfig({ ...production, MANGA_COMMENTER_TAG_SECRET: 'y'.repeat(32) }).commenterTagSecret).toBe(
      'y'.repeat(32),
    );
    expect(loadConfig({ MANGA_ENV: 'development' }).commenterTagSecret).toBeUndefined();
  });

  it('answers the comments posted after a given one, newest first', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const a = await postedCommentId(t, reader, episode.id, 'a');
    const b = await postedCommentId(t, reader, episode.id, 'b');
    const c = await postedCommentId(t, reader, episode.id, 'c');
    const after = bodyOf<CommentListResponse>(
      await get(t, `/episode/comment/latest?episode_id=${episode.id}&comment_id=${a}`),
    );
    expect(after.comment_list.map((x) => x.comment_id)).toEqual([c, b]);
    const newest = bodyOf<CommentListResponse>(
      await get(t, `/episode/comment/latest?episode_id=${episode.id}&limit=1`),
    );
    expect(newest.comment_list.map((x) => x.comment_id)).toEqual([c]);
    expect(newest.has_next).toBe(1);
  });

  it('refuses bad parameters (1001) and unknown or unreleased episodes (3100)', async () => {
    const episode = await createEpisode(t);
    const scheduled = await createEpisode(t, { episode: { start_at: TEST_NOW + HOUR } });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const query of [
      'episode_id=x',
      '',
      `episode_id=${episode.id}&sort=random`,
      `episode_id=${episode.id}&limit=-1`,
    ]) {
      expect(codeOf(await get(t, `/episode/comment/list?${query}`)), query).toBe(ResponseCode.InvalidParameter);
    }
    expect(codeOf(await get(t, `/episode/comment/list?episode_id=${episode.id}&comment_id_list=${tooMany}`))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await get(t, '/episode/comment/list?episode_id=999999999'))).toBe(ResponseCode.EpisodeNotFound);
    expect(codeOf(await get(t, `/episode/comment/list?episode_id=${scheduled.id}`))).toBe(ResponseCode.EpisodeNotFound);
  });
});

describe('likes', () => {
  it('counts a like once however often it is sent, also all at once', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const commentId = await postedCommentId(t, reader, episode.id, 'like me');
    const fans = await Promise.all(Array.from({ length: 4 }, () => readerWhoViewed(episode.id)));
    const results = await Promise.all(
      fans.flatMap((fan) => Array.from({ length: 8 }, () => commentAction(t, fan, 'like/add', commentId))),
    );
    expect(results.map(codeOf)).toEqual(results.map(() => 0));
    const rows = await t.database.db
      .selectFrom('comment_like')
      .selectAll()
      .where('comment_id', '=', commentId)
      .execute();
    expect(rows).toHaveLength(4);
    const stored = await t.database.db
      .selectFrom('comment')
      .select('like_count')
      .where('id', '=', commentId)
      .executeTakeFirst();
    expect(stored?.like_count).toBe(4);
    expect(bodyOf(await commentAction(t, fans[0] as Reader, 'like/add', commentId))).toMatchObject({
      comment_id: commentId,
      like_count: 4,
      is_liked: 1,
    });
  });

  it('cancels a like once, and cancelling nothing changes nothing', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const commentId = await postedCommentId(t, reader, episode.id, 'like me');
    const fan = await readerWhoViewed(episode.id);
    await commentAction(t, fan, 'like/add', commentId);
    // Another reader cannot cancel the fan's like: they have none of their own to cancel.
    const stranger = await readerWhoViewed(episode.id);
    expect(bodyOf(await commentAction(t, stranger, 'like/cancel', commentId))).toMatchObject({ like_count: 1 });
    const results = await Promise.all(Array.from({ length: 5 }, () => commentAction(t, fan, 'like/cancel', commentId)));
    expect(results.map((r) => bodyOf(r))).toContainEqual(expect.objectContaining({ like_count: 0, is_liked: 0 }));
    const stored = await t.database.db
      .selectFrom('comment')
      .select('like_count')
      .where('id', '=', commentId)
      .executeTakeFirst();
    expect(stored?.like_count).toBe(0);
  });

  it('lists the ids the caller liked on an episode, and only theirs', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const a = await postedCommentId(t, reader, episode.id, 'a');
    const b = await postedCommentId(t, reader, episode.id, 'b');
    const fan = await readerWhoViewed(episode.id);
    const other = await readerWhoViewed(episode.id);
    await commentAction(t, fan, 'like/add', b);
    await commentAction(t, other, 'like/add', a);
    const res = await get(t, `/episode/comment/likes/ids?episode_id=${episode.id}`, { cookie: fan.cookie });
    expect(bodyOf(res)).toMatchObject({ comment_id_list: [b] });
    expect(codeOf(await get(t, `/episode/comment/likes/ids?episode_id=${episode.id}`))).toBe(ResponseCode.UserNotLogin);
  });

  it('refuses likes of your own comment, of unknown ids, and from guests', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const commentId = await postedCommentId(t, reader, episode.id, 'mine');
    expect(bodyOf(await commentAction(t, reader, 'like/add', commentId))).toMatchObject({
      response_code: ResponseCode.InvalidParameter,
      error_message: 'invalid parameter comment_id: you cannot like your own comment',
    });
    expect(bodyOf(await commentAction(t, reader, 'like/add', 999999999))).toMatchObject({
      response_code: ResponseCode.InvalidParameter,
      error_message: 'invalid parameter comment_id: no such comment',
    });
    expect(codeOf(await commentAction(t, reader, 'like/add', 'abc'))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await commentAction(t, null, 'like/add', commentId))).toBe(ResponseCode.UserNotLogin);
  });

  it('tells a commenter about the likes received since they last looked, once', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const a = await postedCommentId(t, reader, episode.id, 'first');
    const b = await postedCommentId(t, reader, episode.id, 'second');
    const fans = await Promise.all([readerWhoViewed(episode.id), readerWhoViewed(episode.id)]);
    try {
      t.clock.advance(MINUTE);
      for (const fan of fans) await commentAction(t, fan, 'like/add', a);
      t.clock.advance(MINUTE);
      await commentAction(t, fans[0] as Reader, 'like/add', b);
      const first = bodyOf<CommentLikeNoticeResponse>(
        await get(t, '/episode/comment/like/notice', { cookie: reader.cookie }),
      );
      expect(first).toMatchObject({ like_notice_num: 3, last_seen_time: '' });
      expect(first.like_notice_list).toEqual([
        expect.objectContaining({
          comment_id: b,
          new_like_num: 1,
          like_count: 1,
          latest_like_time: '2026-01-01 09:02:00',
        }),
        expect.objectContaining({
          comment_id: a,
          new_like_num: 2,
          like_count: 2,
          latest_like_time: '2026-01-01 09:01:00',
        }),
      ]);
      const again = bodyOf<CommentLikeNoticeResponse>(
        await get(t, '/episode/comment/like/notice', { cookie: reader.cookie }),
      );
      expect(again).toMatchObject({ like_notice_num: 0, like_notice_list: [], last_seen_time: '2026-01-01 09:02:00' });
      // Another reader's notices are their own.
      const fanNotice = bodyOf<CommentLikeNoticeResponse>(
        await get(t, '/episode/comment/like/notice', { cookie: (fans[1] as Reader).cookie }),
      );
      expect(fanNotice.like_notice_num).toBe(0);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});

describe('mute and report', () => {
  it('hides every comment of a muted commenter from the muter only', async () => {
    const episode = await createEpisode(t);
    const [author, muter, bystander] = await Promise.all([
      readerWhoViewed(episode.id),
      readerWhoViewed(episode.id),
      readerWhoViewed(episode.id),
    ]);
    const first = await postedCommentId(t, author, episode.id, 'first');
    const second = await postedCommentId(t, author, episode.id, 'second');
    const own = await postedCommentId(t, muter, episode.id, 'mine');
    expect(codeOf(await commentAction(t, muter, 'mute', first))).toBe(0);
    expect(codeOf(await commentAction(t, muter, 'mute', first))).toBe(0); // a repeat changes nothing
    expect(await listedIds(t, muter, episode.id)).toEqual([own]);
    expect(await listedIds(t, bystander, episode.id)).toEqual([own, second, first]);
    expect(await listedIds(t, author, episode.id)).toEqual([own, second, first]);
    expect(await listedIds(t, null, episode.id)).toEqual([own, second, first]);
    expect(await episodeCommentNum(t, episode.id)).toBe(3);
    expect(codeOf(await commentAction(t, muter, 'mute', own))).toBe(ResponseCode.InvalidParameter);
  });

  it('records a report once per reporter', async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const commentId = await postedCommentId(t, reader, episode.id, 'report me');
    const reporter = await readerWhoViewed(episode.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => commentAction(t, reporter, 'report', commentId)));
    expect(results.map(codeOf)).toEqual([0, 0, 0, 0, 0]);
    const rows = await t.database.db
      .selectFrom('comment_report')
      .selectAll()
      .where('comment_id', '=', commentId)
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual([reporter.user.id]);
    expect(codeOf(await commentAction(t, reader, 'report', commentId))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await commentAction(t, null, 'report', commentId))).toBe(ResponseCode.UserNotLogin);
  });

  it("keeps each reader's reason and note; a repeat, another reader or hostile input changes none", async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const commentId = await postedCommentId(t, reader, episode.id, 'a spoiler here');
    const [first, second] = await Promise.all([readerWhoViewed(episode.id), readerWhoViewed(episode.id)]);
    const report = (who: Reader, body: Record<string, string>) =>
      post(t, '/episode/comment/report', { comment_id: String(commentId), ...body }, { cookie: who.cookie });
    // Refused before anything is stored: an unknown reason, an oversized note.
    expect(codeOf(await report(first, { reason: 'boring' }))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await report(first, { reason: 'spam', reason_text: 'x'.repeat(501) }))).toBe(
      ResponseCode.InvalidParameter,
    );
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/episode/comment/report',
      headers: { cookie: first.cookie, 'content-type': 'application/json' },
      payload: { comment_id: commentId, reason: ['spam'], reason_text: 5 },
    });
    expect(codeOf(wrongType)).toBe(ResponseCode.InvalidParameter);
    expect(
      await t.database.db.selectFrom('comment_report').selectAll().where('comment_id', '=', commentId).execute(),
    ).toEqual([]);

    expect(codeOf(await report(first, { reason: 'spoiler', reason_text: '  Ending of chapter 3  ' }))).toBe(0);
    // The same reader again, with another reason: the first report stands.
    expect(codeOf(await report(first, { reason: 'harassment', reason_text: 'changed my mind' }))).toBe(0);
    // A note without a reason counts as "other"; a plain call (wire compatible) keeps no reason.
    expect(codeOf(await report(second, { reason_text: 'not sure' }))).toBe(0);
    const third = await readerWhoViewed(episode.id);
    expect(codeOf(await commentAction(t, third, 'report', commentId))).toBe(0);
    const rows = await t.database.db
      .selectFrom('comment_report')
      .select(['user_id', 'reason', 'note'])
      .where('comment_id', '=', commentId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_id: first.user.id, reason: 'spoiler', note: 'Ending of chapter 3' },
      { user_id: second.user.id, reason: 'other', note: 'not sure' },
      { user_id: third.user.id, reason: '', note: '' },
    ]);
  });
});

describe('GET /episode/comment/history', () => {
  it("answers the caller's own comments with their episodes and titles, and nobody else's", async () => {
    const { episode, reader } = await readerOnNewEpisode();
    const other = await readerWhoViewed(episode.id);
    const mine = await postedCommentId(t, reader, episode.id, 'mine');
    t.clock.advance(MINUTE);
    const second = await createEpisode(t);
    await view(t, reader, second.id);
    const later = await postedCommentId(t, reader, second.id, 'later');
    t.clock.set(TEST_NOW);
    await postedCommentId(t, other, episode.id, 'theirs');

    const res = await get(t, '/episode/comment/history?limit=10', { cookie: reader.cookie });
    const body = bodyOf<CommentHistoryResponse>(res);
    expect(body.comment_list.map((c: Comment) => c.comment_id)).toEqual([later, mine]);
    expect(body.comment_list.every((c) => c.is_mine === 1)).toBe(true);
    expect(body.episode_list.map((e) => e.episode_id).sort()).toEqual([episode.id, second.id].sort());
    expect(body.title_list.map((x) => x.title_id).sort()).toEqual([episode.title_id, second.title_id].sort());
    const old = bodyOf<CommentHistoryResponse>(
      await get(t, '/episode/comment/history?sort=old&limit=1', { cookie: reader.cookie }),
    );
    expect(old.comment_list.map((c) => c.comment_id)).toEqual([mine]);
    expect(old.has_next).toBe(1);
    expect(codeOf(await get(t, '/episode/comment/history'))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/episode/comment/history?sort=x', { cookie: reader.cookie }))).toBe(
      ResponseCode.InvalidParameter,
    );
  });
});
