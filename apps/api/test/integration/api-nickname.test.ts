// Readers' nicknames over HTTP on a real database (SQLite, and PostgreSQL with `npm run test:pg`),
// issue 24 item 10, ADR 066: GET/POST /user/nickname, the name on comments (`user_name`) and on
// /account, refusals with their codes and statuses (invalid, NG word, taken in the region, too soon),
// hostile input (oversized, wrong types, no session), and two readers sending one name at once.
import {
  AccountResponseSchema,
  CommentListResponseSchema,
  NICKNAME_INPUT_MAX_LENGTH,
  NicknameSettingResponseSchema,
  ResponseCode,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseNgWord } from '#src/rules/ng-word.rules.ts';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createEpisode, createReader, postedCommentId, type Reader, view } from '#test/comments.ts';

const DAY = 86_400_000;
let t: TestApp;

const setNickname = (reader: Reader | null, body: Record<string, string | string[]>) =>
  post(t, '/user/nickname', body, { cookie: reader?.cookie ?? '' });
const nicknameOf = async (reader: Reader) => {
  const res = await get(t, '/user/nickname', { cookie: reader.cookie });
  expect(res.statusCode).toBe(200);
  return NicknameSettingResponseSchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insertInto('ng_word')
    .values({ word: 'idiot', normalized_word: normaliseNgWord('idiot'), match_type: 'word', created_at: t.clock.now() })
    .execute();
});
afterAll(() => t.close());

describe('POST /user/nickname', () => {
  it('sets a first nickname, cleaned; comments and /account show it', async () => {
    const reader = await createReader(t);
    const episode = await createEpisode(t);
    await view(t, reader, episode.id);
    const commentId = await postedCommentId(t, reader, episode.id, 'Before my name');
    const comments = async () =>
      CommentListResponseSchema.parse((await get(t, `/episode/comment/list?episode_id=${episode.id}`)).json())
        .comment_list;
    expect((await comments()).find((c) => c.comment_id === commentId)?.user_name).toBe('');

    const res = await setNickname(reader, { nickname: '  Ｍｉｋａ　Chan ' });
    expect(res.statusCode).toBe(200);
    const setting = NicknameSettingResponseSchema.parse(res.json());
    expect(setting).toMatchObject({ nickname: 'Mika Chan', can_change: 0 });
    expect(setting.next_change_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await nicknameOf(reader)).toEqual(setting);

    expect((await comments()).find((c) => c.comment_id === commentId)).toMatchObject({
      user_name: 'Mika Chan',
      user_tag: expect.stringMatching(/^[0-9A-Z]{6}$/),
    });
    const account = AccountResponseSchema.parse((await get(t, '/account', { cookie: reader.cookie })).json());
    expect(account.account.nickname).toBe('Mika Chan');
  });

  it('answers a reader without one with "" and may change now', async () => {
    const reader = await createReader(t);
    expect(await nicknameOf(reader)).toMatchObject({ nickname: '', can_change: 1, next_change_time: '' });
  });

  it('refuses an invalid name with 2030 and 400, and leaves the account as it was', async () => {
    const reader = await createReader(t);
    for (const nickname of ['a', 'x'.repeat(21), '<script>', 'mika😀', 'Reader 7K2QX9', 'Moderator']) {
      const res = await setNickname(reader, { nickname });
      expect([res.statusCode, codeOf(res)], nickname).toEqual([400, ResponseCode.NicknameInvalid]);
    }
    expect((await nicknameOf(reader)).nickname).toBe('');
  });

  it('refuses a name with an NG word with 6100', async () => {
    const reader = await createReader(t);
    for (const nickname of ['Big Idiot', 'ＩＤＩＯＴ', 'i.d.i.o.t']) {
      const res = await setNickname(reader, { nickname });
      expect([res.statusCode, codeOf(res)], nickname).toEqual([400, ResponseCode.PostCommentNgword]);
    }
  });

  it('refuses a name taken in the same region (2031, 409) in any case or width; another region may use it', async () => {
    const first = await createReader(t, { region: 'US' });
    const second = await createReader(t, { region: 'US' });
    const japan = await createReader(t, { region: 'JP' });
    expect((await setNickname(first, { nickname: 'Harbor Cat' })).statusCode).toBe(200);
    const taken = await setNickname(second, { nickname: 'ＨＡＲＢＯＲ cat' });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, ResponseCode.NicknameTaken]);
    expect((await nicknameOf(second)).nickname).toBe('');
    const elsewhere = await setNickname(japan, { nickname: 'harbor cat' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets the name change once a week: too soon is 2032, 429, Retry-After and the date', async () => {
    const reader = await createReader(t);
    expect((await setNickname(reader, { nickname: 'Weekly One' })).statusCode).toBe(200);
    const { next_change_time } = await nicknameOf(reader);
    t.clock.advance(3 * DAY);
    try {
      const soon = await setNickname(reader, { nickname: 'Weekly Two' });
      expect([soon.statusCode, codeOf(soon)]).toEqual([429, ResponseCode.NicknameChangeTooSoon]);
      expect(soon.headers['retry-after']).toBe(String(4 * 86_400));
      expect((soon.json() as { error_message: string }).error_message).toContain(next_change_time);
      t.clock.advance(4 * DAY);
      const later = await setNickname(reader, { nickname: 'Weekly Two' });
      expect(later.statusCode).toBe(200);
      expect(NicknameSettingResponseSchema.parse(later.json()).nickname).toBe('Weekly Two');
    } finally {
      t.clock.set(t.clock.now() - 7 * DAY);
    }
  });

  it('removes the name with "" at any time, which frees it for others', async () => {
    const reader = await createReader(t);
    const other = await createReader(t);
    await setNickname(reader, { nickname: 'Passing Name' });
    const cleared = await setNickname(reader, { nickname: '' });
    expect(NicknameSettingResponseSchema.parse(cleared.json())).toMatchObject({ nickname: '', can_change: 0 });
    expect((await setNickname(other, { nickname: 'passing name' })).statusCode).toBe(200);
  });

  it('refuses hostile input: oversized, missing, repeated, an object, no session', async () => {
    const reader = await createReader(t);
    const oversized = await setNickname(reader, { nickname: 'x'.repeat(NICKNAME_INPUT_MAX_LENGTH + 1) });
    expect([oversized.statusCode, codeOf(oversized)]).toEqual([400, ResponseCode.InvalidParameter]);
    const missing = await setNickname(reader, {});
    expect([missing.statusCode, codeOf(missing)]).toEqual([400, ResponseCode.InvalidParameter]);
    const repeated = await setNickname(reader, { nickname: ['Mika', 'Moka'] });
    expect([repeated.statusCode, codeOf(repeated)]).toEqual([400, ResponseCode.InvalidParameter]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/user/nickname',
      headers: { 'content-type': 'application/json', cookie: reader.cookie },
      payload: JSON.stringify({ nickname: { name: 'Mika' } }),
    });
    // POST bodies are forms (wire §1.6): a JSON body, whatever it holds, is not read.
    expect([json.statusCode, codeOf(json)]).toEqual([415, ResponseCode.InvalidParameter]);
    const guest = await setNickname(null, { nickname: 'Guest Name' });
    expect(codeOf(guest)).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/user/nickname'))).toBe(ResponseCode.UserNotLogin);
    expect((await nicknameOf(reader)).nickname).toBe('');
  });

  it('gives one name sent by two readers at once to exactly one of them', async () => {
    const readers = await Promise.all(Array.from({ length: 6 }, () => createReader(t, { region: 'US' })));
    const answers = await Promise.all(readers.map((reader) => setNickname(reader, { nickname: 'Only One' })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const holders = await t.database.db
      .selectFrom('user')
      .select('id')
      .where('nickname_key', '=', 'only one')
      .where('region', '=', 'US')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('changes one reader’s name once when they send two names at once', async () => {
    const reader = await createReader(t);
    await setNickname(reader, { nickname: 'Double Base' });
    t.clock.advance(8 * DAY);
    try {
      const answers = await Promise.all([
        setNickname(reader, { nickname: 'Double One' }),
        setNickname(reader, { nickname: 'Double Two' }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    } finally {
      t.clock.set(t.clock.now() - 8 * DAY);
    }
  });
});
