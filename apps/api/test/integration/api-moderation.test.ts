// The operator role and the moderation API under /ops (ADR 013) through app.inject on a real database
// (SQLite, and PostgreSQL under `npm run test:pg`): invisible to non-operators, the report queue,
// hide / restore / dismiss, suspensions, the NG word list used at once, and the audit log.
import {
  type AuditLogEntry,
  CLIENT_ADDRESS_HEADER,
  type CommentListResponse,
  NicknameSettingResponseSchema,
  type OpsAuditListResponse,
  type OpsCommentResponse,
  type OpsNgWordListResponse,
  type OpsNgWordResponse,
  OpsNicknameResetResponseSchema,
  type OpsReportListResponse,
  PROXY_SECRET_HEADER,
  ResponseCode,
  StaffRole,
} from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  bodyOf,
  commentAction,
  createEpisode,
  createModerator,
  createReader,
  createStaff,
  episodeCommentNum,
  listedIds,
  postComment,
  postedCommentId,
  type Reader,
  view,
} from '#test/comments.ts';
import { TEST_NOW } from '#test/factories.ts';

let t: TestApp;
let operator: Reader;
const HOUR = 3_600_000;
let ipCounter = 0;
const freshIp = () => `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  operator = await createModerator(t);
});
afterAll(() => t.close());

// Operators' calls come from their own address, away from the probing tests' rate limit.
const OPERATOR_IP = '10.30.0.1';
const opsGet = (path: string, who: Reader | null = operator) =>
  t.app.inject({ method: 'GET', url: path, headers: { cookie: who?.cookie ?? '' }, remoteAddress: OPERATOR_IP });
const opsPost = (path: string, body: Record<string, string>, who: Reader | null = operator) =>
  post(t, path, body, { cookie: who?.cookie ?? '', remoteAddress: OPERATOR_IP });

/** A comment by a fresh reader on a fresh episode, reported by `reporters` other readers. */
async function reportedComment(reporters: number, text = 'a reported comment') {
  const episode = await createEpisode(t, { title: { name_en: 'Blue Harbor', name_ja: '青い港' } });
  const author = await createReader(t);
  await view(t, author, episode.id);
  const commentId = await postedCommentId(t, author, episode.id, text);
  const readers: Reader[] = [];
  for (let n = 0; n < reporters; n++) {
    const reporter = await createReader(t);
    await view(t, reporter, episode.id);
    expect(codeOf(await commentAction(t, reporter, 'report', commentId))).toBe(0);
    readers.push(reporter);
  }
  return { episode, author, commentId, reporters: readers };
}

async function queue(status = 'open') {
  const res = await opsGet(`/ops/comment/report/list?status=${status}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf<OpsReportListResponse>(res).report_list;
}

async function auditOf(targetType: string, targetId: number): Promise<AuditLogEntry[]> {
  const body = bodyOf<OpsAuditListResponse>(await opsGet('/ops/audit/list?limit=100'));
  return body.audit_log_list.filter((row) => row.target_type === targetType && row.target_id === targetId);
}

/**
 * What an unknown path answers, with the path and method of `res`'s request. Like every answer to a
 * request with cookies, it is `private, no-store` then (the auth plugin's hook, ADR 015), else uncached.
 */
function expectUnknownPath(res: LightMyRequestResponse, method: string, path: string, cookie = '') {
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
  expect(res.json()).toEqual({
    status: 'error',
    response_code: ResponseCode.ApiNotFound,
    error_message: `no such API path: ${method} ${path}`,
    server_time: expect.any(String),
  });
  expect(res.headers['x-ratelimit-limit']).toBeDefined();
  expect(res.headers['cache-control']).toBe(cookie ? 'private, no-store' : undefined);
}

describe('the moderation API to anyone but an operator', () => {
  /**
   * Every moderation route the app serves, from its route table (the OpenAPI document leaves them out);
   * the catalogue's (/ops/catalogue/) are checked call by call in api-catalogue-editor.test.ts.
   */
  const opsRoutes = () =>
    [...t.app.printRoutes({ commonPrefix: false }).matchAll(/(\/ops\/\S+) \(([^)]+)\)/g)]
      .filter(([, path]) => !path?.startsWith('/ops/catalogue'))
      .flatMap(([, path, methods]) =>
        (methods as string)
          .split(', ')
          .flatMap((method) => (method === 'HEAD' ? [] : [{ method, path: path as string }])),
      );

  it('lists the routes it checks, and the served OpenAPI document does not advertise them', async () => {
    // Moderation (11) and staff roles (3, ADR 042); other console areas add theirs.
    expect(opsRoutes().length).toBeGreaterThanOrEqual(14);
    expect(opsRoutes()).toContainEqual({ method: 'POST', path: '/ops/staff/grant' });
    const openapi = await get(t, '/openapi.json');
    expect(openapi.statusCode).toBe(200);
    expect(openapi.body).not.toContain('/ops/');
  });

  it('answers every /ops route exactly as an unknown path, whatever the parameters and cookies', async () => {
    const reader = await createReader(t);
    const unknown = await get(t, '/ops/no-such-thing');
    expectUnknownPath(unknown, 'GET', '/ops/no-such-thing');
    const unknownWithCookie = await t.app.inject({
      method: 'GET',
      url: '/ops/no-such-thing',
      headers: { cookie: reader.cookie },
      remoteAddress: freshIp(),
    });
    expectUnknownPath(unknownWithCookie, 'GET', '/ops/no-such-thing', reader.cookie);
    const forged = [
      '',
      reader.cookie,
      'test_uwt=forged-token',
      'uwt=forged-token',
      `${reader.cookie}; role=operator; test_role=operator; operator=1; is_operator=1`,
    ];
    for (const { method, path } of opsRoutes()) {
      for (const cookie of forged) {
        const paramSets: Record<string, string>[] = [{}, { comment_id: 'not-a-number', user_id: '1', reason: '' }];
        for (const params of paramSets) {
          // Each from its own address: unknown paths are rate-limited per client (tested below).
          const remoteAddress = freshIp();
          const res =
            method === 'GET'
              ? await t.app.inject({
                  method,
                  url: `${path}?${new URLSearchParams(params)}`,
                  headers: { cookie },
                  remoteAddress,
                })
              : await post(t, path, params, { cookie, headers: { 'x-manga-role': 'operator' }, remoteAddress });
          expectUnknownPath(res, method, path, cookie);
        }
      }
      if (method === 'GET') {
        const head = await t.app.inject({ method: 'HEAD', url: path, remoteAddress: freshIp() });
        expect(head.statusCode).toBe(404);
      }
    }
  });

  it('counts towards the same per-client limit as unknown paths', async () => {
    const remoteAddress = freshIp();
    const limit = t.config.notFoundRateLimitPerMinute;
    for (let n = 1; n < limit; n++) {
      const res = await t.app.inject({ method: 'GET', url: `/no-such-path-${n}`, remoteAddress });
      expect(res.statusCode).toBe(404);
    }
    const last = await t.app.inject({ method: 'POST', url: '/ops/comment/hide', remoteAddress });
    expectUnknownPath(last, 'POST', '/ops/comment/hide');
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const over = await t.app.inject({ method: 'GET', url: '/ops/comment/report/list', remoteAddress });
    const unknownOver = await t.app.inject({ method: 'GET', url: '/no-such-path', remoteAddress });
    expect([over.statusCode, unknownOver.statusCode]).toEqual([429, 429]);
    expect(bodyOf(over)).toEqual({ ...bodyOf(unknownOver), server_time: expect.any(String) });
  });

  it("counts the web server's visitors apart, by the address it names over the trusted hop", async () => {
    const limit = t.config.notFoundRateLimitPerMinute;
    // Both visitors come through our web server on loopback; each is named with the proxy secret.
    const through = (visitor: string, url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: {
          [CLIENT_ADDRESS_HEADER]: visitor,
          [PROXY_SECRET_HEADER]: t.config.proxySecret as string,
        },
      });
    const [prober, bystander] = [freshIp(), freshIp()];
    for (let n = 1; n <= limit; n++) expectUnknownPath(await through(prober, '/ops/operator'), 'GET', '/ops/operator');
    expect((await through(prober, '/ops/operator')).statusCode).toBe(429);
    expect((await through(prober, '/no-such-path')).statusCode).toBe(429);
    // The web server's other visitor is not slowed by the prober, nor is a forged name believed.
    expectUnknownPath(await through(bystander, '/ops/operator'), 'GET', '/ops/operator');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/ops/operator',
      remoteAddress: freshIp(),
      headers: { [CLIENT_ADDRESS_HEADER]: prober, [PROXY_SECRET_HEADER]: 'not-the-proxy-secret-'.repeat(2) },
    });
    expectUnknownPath(forged, 'GET', '/ops/operator');
  });

  it('stops being visible to an operator whose role is taken away or whose account is not active', async () => {
    const former = await createModerator(t);
    expect(codeOf(await opsGet('/ops/operator', former))).toBe(0);
    await t.app.container.services.staff.revokeByCommandLine(former.user.email as string, 'moderator');
    expectUnknownPath(await opsGet('/ops/operator', former), 'GET', '/ops/operator', former.cookie);

    const banned = await createModerator(t);
    await t.database.db.updateTable('user').set({ status: 'banned' }).where('id', '=', banned.user.id).execute();
    expectUnknownPath(
      await opsGet('/ops/comment/report/list', banned),
      'GET',
      '/ops/comment/report/list',
      banned.cookie,
    );
  });

  it('answers an operator privately', async () => {
    const res = await opsGet('/ops/operator');
    expect(bodyOf(res)).toMatchObject({ operator: { user_id: operator.user.id, email: operator.user.email } });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the report queue, hide, restore and dismiss', () => {
  it('lists a reported comment with its episode, title, author, reporter count and latest report', async () => {
    const { episode, author, commentId } = await reportedComment(2);
    const entry = (await queue()).find((row) => row.comment_id === commentId);
    expect(entry).toEqual({
      comment_id: commentId,
      comment: 'a reported comment',
      status: 'visible',
      like_count: 0,
      created_time: '2026-01-01 09:00:00',
      episode_id: episode.id,
      episode_name: episode.name_ja,
      title_id: episode.title_id,
      title_name: '青い港',
      user_id: author.user.id,
      user_name: '',
      user_tag: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{6}$/),
      user_email: author.user.email,
      user_suspended_until: '',
      reporter_num: 2,
      latest_report_time: '2026-01-01 09:00:00',
      report_reason_list: [{ reason: '', reporter_num: 2 }],
      report_note_list: [],
      reviewed_time: '',
    });
    // The moderator sees the pseudonym readers see on the comment.
    const listed = bodyOf<CommentListResponse>(await get(t, `/episode/comment/list?episode_id=${episode.id}`));
    expect(entry?.user_tag).toBe(listed.comment_list[0]?.user_tag);
    const english = bodyOf<OpsReportListResponse>(await opsGet('/ops/comment/report/list?lang=en&limit=100'));
    expect(english.report_list.find((row) => row.comment_id === commentId)?.title_name).toBe('Blue Harbor');
  });

  it('hides a comment from readers (and from the count) while it stays in the queue, and restores it', async () => {
    const { episode, author, commentId, reporters } = await reportedComment(1);
    const reason = 'Spoils the ending without warning.';
    const hidden = await opsPost('/ops/comment/hide', { comment_id: String(commentId), reason });
    expect(bodyOf<OpsCommentResponse>(hidden).comment).toMatchObject({ status: 'hidden', reporter_num: 1 });

    expect(await listedIds(t, null, episode.id)).toEqual([]);
    expect(await listedIds(t, author, episode.id)).toEqual([]);
    expect(await episodeCommentNum(t, episode.id)).toBe(0);
    const history = bodyOf<{ comment_list: unknown[] }>(
      await get(t, '/episode/comment/history', { cookie: author.cookie }),
    );
    expect(history.comment_list).toEqual([]);
    const reporter = reporters[0] as Reader;
    expect(codeOf(await commentAction(t, reporter, 'like/add', commentId))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await commentAction(t, reporter, 'report', commentId))).toBe(ResponseCode.InvalidParameter);

    expect((await queue('open')).map((row) => row.comment_id)).not.toContain(commentId);
    expect((await queue('hidden')).map((row) => row.comment_id)).toContain(commentId);
    expect((await queue('all')).map((row) => row.comment_id)).toContain(commentId);

    // A repeat changes nothing: the count moves once, one audit row.
    expect(codeOf(await opsPost('/ops/comment/hide', { comment_id: String(commentId), reason }))).toBe(0);
    expect(await episodeCommentNum(t, episode.id)).toBe(0);
    const [hideRow] = await auditOf('comment', commentId);
    expect(await auditOf('comment', commentId)).toHaveLength(1);
    expect(hideRow).toMatchObject({
      operator_user_id: operator.user.id,
      operator_email: operator.user.email,
      action: 'comment.hide',
      reason,
      created_time: '2026-01-01 09:00:00',
    });

    const restored = await opsPost('/ops/comment/restore', { comment_id: String(commentId) });
    expect(bodyOf<OpsCommentResponse>(restored).comment.status).toBe('visible');
    expect(await listedIds(t, null, episode.id)).toEqual([commentId]);
    expect(await episodeCommentNum(t, episode.id)).toBe(1);
    expect((await auditOf('comment', commentId)).map((row) => row.action)).toEqual(['comment.restore', 'comment.hide']);
    // Restoring counts as a review: the old reports no longer keep it in the open queue.
    expect((await queue('open')).map((row) => row.comment_id)).not.toContain(commentId);
  });

  it('dismisses reports until a new one arrives', async () => {
    const { episode, commentId } = await reportedComment(1);
    try {
      t.clock.advance(60_000);
      const dismissed = await opsPost('/ops/comment/dismiss', { comment_id: String(commentId), reason: 'fine' });
      expect(bodyOf<OpsCommentResponse>(dismissed).comment).toMatchObject({
        status: 'visible',
        reviewed_time: '2026-01-01 09:01:00',
      });
      expect((await queue('open')).map((row) => row.comment_id)).not.toContain(commentId);
      expect((await queue('all')).map((row) => row.comment_id)).toContain(commentId);
      t.clock.advance(60_000);
      const late = await createReader(t);
      await view(t, late, episode.id);
      await commentAction(t, late, 'report', commentId);
      const back = (await queue('open')).find((row) => row.comment_id === commentId);
      expect(back).toMatchObject({ reporter_num: 2, latest_report_time: '2026-01-01 09:02:00' });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('requires a reason to hide, and refuses unknown comments', async () => {
    const { commentId } = await reportedComment(1);
    const bodies: Record<string, string>[] = [
      { comment_id: String(commentId) },
      { comment_id: String(commentId), reason: '   ' },
    ];
    for (const body of bodies) {
      expect(codeOf(await opsPost('/ops/comment/hide', body))).toBe(ResponseCode.InvalidParameter);
    }
    const long = await opsPost('/ops/comment/hide', { comment_id: String(commentId), reason: 'x'.repeat(501) });
    expect(codeOf(long)).toBe(ResponseCode.InvalidParameter);
    expect(bodyOf(await opsPost('/ops/comment/hide', { comment_id: '999999999', reason: 'x' }))).toMatchObject({
      response_code: ResponseCode.InvalidParameter,
      error_message: 'invalid parameter comment_id: no such comment',
    });
    expect(codeOf(await opsPost('/ops/comment/restore', { comment_id: 'x' }))).toBe(ResponseCode.InvalidParameter);
    expect(await auditOf('comment', commentId)).toEqual([]);
  });
});

describe('suspensions', () => {
  it('stops a commenter from posting (2019) until the time given, and can be lifted early', async () => {
    const episode = await createEpisode(t);
    const commenter = await createReader(t);
    await view(t, commenter, episode.id);
    const reason = 'Repeated spoilers.';
    try {
      const res = await opsPost('/ops/user/suspend', {
        user_id: String(commenter.user.id),
        until_time: '2026-01-02 09:00:00',
        reason,
      });
      expect(bodyOf(res)).toMatchObject({
        suspension: { user_id: commenter.user.id, until_time: '2026-01-02 09:00:00', reason },
      });
      const refused = await postComment(t, commenter, episode.id, 'let me talk');
      expect(bodyOf(refused)).toMatchObject({
        response_code: ResponseCode.AccountSuspended,
        error_message: 'You cannot post comments until 2026-01-02 09:00:00.',
      });
      const info = await get(t, `/episode/comment/post/info?episode_id=${episode.id}`, { cookie: commenter.cookie });
      expect(bodyOf(info)).toMatchObject({
        post_info: { can_post: 0, reason_code: ResponseCode.AccountSuspended, next_post_time: '2026-01-02 09:00:00' },
      });
      // Reading and liking still work; only posting is suspended.
      expect(codeOf(await get(t, `/episode/comment/list?episode_id=${episode.id}`, { cookie: commenter.cookie }))).toBe(
        0,
      );

      t.clock.set(TEST_NOW + 24 * HOUR); // 2026-01-02 09:00:00 in Tokyo: over
      expect(codeOf(await postComment(t, commenter, episode.id, 'back again'))).toBe(0);
      t.clock.set(TEST_NOW);

      await opsPost('/ops/user/suspend', {
        user_id: String(commenter.user.id),
        until_time: '2027-01-01 00:00:00',
        reason,
      });
      expect(codeOf(await postComment(t, commenter, episode.id, 'again?'))).toBe(ResponseCode.AccountSuspended);
      expect(codeOf(await opsPost('/ops/user/unsuspend', { user_id: String(commenter.user.id) }))).toBe(0);
      expect(codeOf(await postComment(t, commenter, episode.id, 'lifted'))).toBe(0);
      expect((await auditOf('user', commenter.user.id)).map((row) => row.action)).toEqual([
        'commenter.unsuspend',
        'commenter.suspend',
        'commenter.suspend',
      ]);
      expect((await auditOf('user', commenter.user.id))[1]).toMatchObject({
        reason,
        detail: JSON.stringify({ until_time: '2027-01-01 00:00:00' }),
      });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('refuses a missing reason, a time in the past or in the wrong format, and unknown users', async () => {
    const commenter = await createReader(t);
    const user_id = String(commenter.user.id);
    const cases: Record<string, string>[] = [
      { user_id, until_time: '2026-02-01 00:00:00' },
      { user_id, until_time: '2026-02-01 00:00:00', reason: '' },
      { user_id, until_time: '2025-12-31 00:00:00', reason: 'x' },
      { user_id, until_time: '2026-01-01 09:00:00', reason: 'x' }, // now is not in the future
      { user_id, until_time: '2026-02-30 00:00:00', reason: 'x' },
      { user_id, until_time: '2026-02-01T00:00:00', reason: 'x' },
      { user_id: '999999999', until_time: '2026-02-01 00:00:00', reason: 'x' },
    ];
    for (const body of cases) {
      expect(codeOf(await opsPost('/ops/user/suspend', body)), JSON.stringify(body)).toBe(
        ResponseCode.InvalidParameter,
      );
    }
    expect(await auditOf('user', commenter.user.id)).toEqual([]);
  });
});

describe('resetting a nickname (ADR 066 addendum)', () => {
  const nicknameOf = async (reader: Reader) =>
    NicknameSettingResponseSchema.parse((await get(t, '/user/nickname', { cookie: reader.cookie })).json());
  const reset = (userId: number | string, reason: string | undefined, who: Reader | null = operator) =>
    opsPost(
      '/ops/user/nickname/reset',
      {
        user_id: String(userId),
        ...(reason === undefined ? {} : { reason }),
      },
      who,
    );

  it('removes the name: comments show the pseudonym again, the name is free, the week keeps running', async () => {
    const episode = await createEpisode(t);
    const author = await createReader(t);
    await view(t, author, episode.id);
    const name = `Rude ${Math.random().toString(36).slice(2, 8)}`;
    expect(codeOf(await post(t, '/user/nickname', { nickname: name }, { cookie: author.cookie }))).toBe(0);
    const commentId = await postedCommentId(t, author, episode.id, 'a comment under a rude name');
    const shownName = async () =>
      bodyOf<CommentListResponse>(await get(t, `/episode/comment/list?episode_id=${episode.id}`)).comment_list.find(
        (comment) => comment.comment_id === commentId,
      )?.user_name;
    expect(await shownName()).toBe(name);

    const reason = 'Offensive nickname.';
    const res = await reset(author.user.id, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(OpsNicknameResetResponseSchema.parse(res.json())).toMatchObject({ user_id: author.user.id, reset: 1 });
    expect(await shownName()).toBe('');
    // Removed as when the reader removes it: the week since they set it still runs.
    expect(await nicknameOf(author)).toMatchObject({ nickname: '', can_change: 0 });
    expect(codeOf(await post(t, '/user/nickname', { nickname: 'Another Name' }, { cookie: author.cookie }))).toBe(
      ResponseCode.NicknameChangeTooSoon,
    );
    // Its key is freed in the region: another reader may take the name.
    const other = await createReader(t);
    expect(codeOf(await post(t, '/user/nickname', { nickname: name }, { cookie: other.cookie }))).toBe(0);

    const rows = await auditOf('user', author.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'nickname.reset',
      operator_user_id: operator.user.id,
      reason,
      detail: JSON.stringify({ nickname: name }),
    });
  });

  it('changes and logs nothing the second time, or for a reader without a nickname', async () => {
    const reader = await createReader(t);
    expect(
      codeOf(await post(t, '/user/nickname', { nickname: `Twice ${Date.now() % 100000}` }, { cookie: reader.cookie })),
    ).toBe(0);
    expect(bodyOf(await reset(reader.user.id, 'first'))).toMatchObject({ reset: 1 });
    expect(bodyOf(await reset(reader.user.id, 'second'))).toMatchObject({ user_id: reader.user.id, reset: 0 });
    expect((await auditOf('user', reader.user.id)).map((row) => row.reason)).toEqual(['first']);
    const never = await createReader(t);
    expect(bodyOf(await reset(never.user.id, 'nothing to remove'))).toMatchObject({ reset: 0 });
    expect(await auditOf('user', never.user.id)).toEqual([]);
  });

  it('refuses unknown readers, a missing or oversized reason and malformed ids (1001), logging nothing', async () => {
    const reader = await createReader(t);
    const name = `Kept ${Date.now() % 100000}`;
    expect(codeOf(await post(t, '/user/nickname', { nickname: name }, { cookie: reader.cookie }))).toBe(0);
    const cases: [number | string, string | undefined][] = [
      [999_999_999, 'x'],
      [reader.user.id, undefined],
      [reader.user.id, '   '],
      [reader.user.id, 'x'.repeat(501)],
      ['-1', 'x'],
      ['1e3', 'x'],
      ["1' OR 1=1", 'x'],
    ];
    for (const [userId, reason] of cases) {
      const res = await reset(userId, reason);
      expect([res.statusCode, codeOf(res)], `${userId} ${reason}`).toEqual([400, ResponseCode.InvalidParameter]);
    }
    expect((await nicknameOf(reader)).nickname).toBe(name);
    expect(await auditOf('user', reader.user.id)).toEqual([]);
  });

  it('answers as an unknown path to a reader and to staff without the moderation permission', async () => {
    const reader = await createReader(t);
    expect(
      codeOf(await post(t, '/user/nickname', { nickname: `Safe ${Date.now() % 100000}` }, { cookie: reader.cookie })),
    ).toBe(0);
    const support = await createStaff(t, StaffRole.Support);
    for (const who of [reader, support, null]) {
      expectUnknownPath(
        await reset(reader.user.id, 'not mine to do', who),
        'POST',
        '/ops/user/nickname/reset',
        who?.cookie ?? '',
      );
    }
    expect((await nicknameOf(reader)).nickname).not.toBe('');
    expect(await auditOf('user', reader.user.id)).toEqual([]);
  });
});

describe('the NG word list', () => {
  it('starts with the default words in English and Japanese', async () => {
    const list = bodyOf<OpsNgWordListResponse>(await opsGet('/ops/ngword/list')).ng_word_list;
    expect(list.map((row) => row.word)).toEqual(expect.arrayContaining(['fuck', 'kill yourself', '死ね', 'キモい']));
    expect(list.find((row) => row.word === 'キモい')).toMatchObject({ normalized_word: 'きもい', match_type: 'part' });
    expect(list.find((row) => row.word === 'cunt')?.match_type).toBe('word');
  });

  it('applies an added word to the very next post, and a removed one no longer', async () => {
    const episode = await createEpisode(t);
    const reader = await createReader(t);
    await view(t, reader, episode.id);
    expect(codeOf(await postComment(t, reader, episode.id, 'no ネタバレ please'))).toBe(0);

    const added = await opsPost('/ops/ngword/add', { word: 'ネタバレ', reason: 'spoiler wars' });
    const word = bodyOf<OpsNgWordResponse>(added).ng_word;
    expect(word).toMatchObject({ word: 'ネタバレ', normalized_word: 'ねたばれ', match_type: 'part' });
    for (const text of ['no ネタバレ please', 'ねたばれ', 'ﾈﾀﾊﾞﾚ', 'ネ・タ・バ・レ']) {
      expect(codeOf(await postComment(t, reader, episode.id, text)), text).toBe(ResponseCode.PostCommentNgword);
    }
    const wholeWord = bodyOf<OpsNgWordResponse>(
      await opsPost('/ops/ngword/add', { word: 'Spoiler', match_type: 'word' }),
    ).ng_word;
    expect(codeOf(await postComment(t, reader, episode.id, 'S P O I L E R!'))).toBe(ResponseCode.PostCommentNgword);
    expect(codeOf(await postComment(t, reader, episode.id, 'spoilers ahead'))).toBe(0);

    expect(codeOf(await opsPost('/ops/ngword/remove', { ng_word_id: String(word.ng_word_id) }))).toBe(0);
    expect(codeOf(await postComment(t, reader, episode.id, 'ねたばれ'))).toBe(0);
    expect((await auditOf('ng_word', word.ng_word_id)).map((row) => [row.action, row.reason, row.detail])).toEqual([
      ['ng_word.remove', '', JSON.stringify({ word: 'ネタバレ', match_type: 'part' })],
      ['ng_word.add', 'spoiler wars', JSON.stringify({ word: 'ネタバレ', match_type: 'part' })],
    ]);
    expect(await auditOf('ng_word', wholeWord.ng_word_id)).toHaveLength(1);
  });

  it('refuses duplicates after normalisation, words that normalise to nothing, and unknown ids', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/ops/ngword/add', { word: 'ＦＵＣＫ' }], // the default 'fuck'
      ['/ops/ngword/add', { word: 'fu\u0441k' }], // the same, with a Cyrillic с
      ['/ops/ngword/add', { word: 'sh1t' }], // the default 'shit'
      ['/ops/ngword/add', { word: '...!' }],
      ['/ops/ngword/add', { word: '' }],
      ['/ops/ngword/add', { word: 'x'.repeat(101) }],
      ['/ops/ngword/add', { word: 'ok', match_type: 'regex' }],
      ['/ops/ngword/remove', { ng_word_id: '999999999' }],
      ['/ops/ngword/remove', { ng_word_id: 'x' }],
    ];
    for (const [path, body] of cases) {
      expect(codeOf(await opsPost(path, body)), JSON.stringify(body)).toBe(ResponseCode.InvalidParameter);
    }
  });
});

describe('the audit log and the operator command', () => {
  it('lists every action newest first, with paging', async () => {
    const page = bodyOf<OpsAuditListResponse>(await opsGet('/ops/audit/list?limit=2'));
    expect(page.audit_log_list).toHaveLength(2);
    expect(page.has_next).toBe(1);
    const all = bodyOf<OpsAuditListResponse>(await opsGet('/ops/audit/list?limit=100')).audit_log_list;
    const newestFirst = [...all].sort(
      (a, b) => b.created_time.localeCompare(a.created_time) || b.audit_log_id - a.audit_log_id,
    );
    expect(all).toEqual(newestFirst);
    expect(page.audit_log_list).toEqual(all.slice(0, 2));
    expect(all.at(-1)).toMatchObject({
      operator_user_id: 0,
      operator_email: '',
      action: 'staff_role.grant',
      target_type: 'user',
      target_id: operator.user.id,
      detail: JSON.stringify({ via: 'cli', role: 'moderator', before: [], after: ['moderator'] }),
    });
  });

  it('grants, lists and takes away the role by e-mail address, and refuses unknown addresses', async () => {
    const staff = t.app.container.services.staff;
    const reader = await createReader(t);
    const email = reader.user.email as string;
    expect(codeOf(await opsGet('/ops/operator', reader))).toBe(ResponseCode.ApiNotFound);
    expect((await staff.grantByCommandLine(email.toUpperCase(), 'moderator')).changed).toBe(true);
    expect((await staff.grantByCommandLine(email, 'moderator')).changed).toBe(false);
    expect((await staff.listRoleHolders('moderator')).map((row) => row.email)).toContain(email);
    expect(codeOf(await opsGet('/ops/operator', reader))).toBe(0);
    expect((await staff.revokeByCommandLine(email, 'moderator')).changed).toBe(true);
    expect((await staff.revokeByCommandLine(email, 'moderator')).changed).toBe(false);
    expect((await auditOf('user', reader.user.id)).map((row) => row.action)).toEqual([
      'staff_role.revoke',
      'staff_role.grant',
    ]);
    await expect(staff.grantByCommandLine('nobody@example.test', 'moderator')).rejects.toMatchObject({
      code: ResponseCode.UserNotExist,
    });
    const resigned = await createAccount(t, { status: 'resigned' });
    await expect(staff.grantByCommandLine(resigned.email as string, 'moderator')).rejects.toMatchObject({
      code: ResponseCode.AccountNotActive,
    });
  });
});

describe('report reasons in the queue', () => {
  it('counts the readers of each reason and shows their notes, newest first', async () => {
    const { commentId, episode } = await reportedComment(1);
    for (const [reason, note] of [
      ['spam', 'shop links'],
      ['spam', ''],
      ['offensive', 'slur in line 2'],
    ] as const) {
      const reporter = await createReader(t);
      await view(t, reporter, episode.id);
      t.clock.advance(1000);
      const res = await post(
        t,
        '/episode/comment/report',
        { comment_id: String(commentId), reason, ...(note ? { reason_text: note } : {}) },
        { cookie: reporter.cookie },
      );
      expect(codeOf(res)).toBe(0);
    }
    const row = (await queue()).find((entry) => entry.comment_id === commentId);
    expect(row).toMatchObject({
      reporter_num: 4,
      report_reason_list: [
        { reason: 'spam', reporter_num: 2 },
        { reason: '', reporter_num: 1 },
        { reason: 'offensive', reporter_num: 1 },
      ],
      report_note_list: ['slur in line 2', 'shop links'],
    });
    t.clock.set(TEST_NOW);
  });
});
