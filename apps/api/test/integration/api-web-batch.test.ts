// POST /web/batch (ADR 075) on a real database (SQLite, and PostgreSQL with `npm run test:pg`): each
// call answered exactly as alone, with the batch's session and its own signature; hostile batches
// (another content type, too many calls, foreign or nested paths, headers of their own, a forged
// signature inside) refused or answered as the same call alone would be.

import { type ApiClient, createApiClient, createBatchingFetch, responseCodeOf } from '@manga/api-client';
import {
  ResponseCode,
  signWebRequest,
  TitleListResponseSchema,
  WEB_BATCH_MAX_CALLS,
  WebBatchResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, login, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
let enforcing: TestApp;
let alice = '';
let bob = '';
const ids = { title: 0, free: 0, paid: 0 };

function batch(app: TestApp, calls: unknown, headers: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/web/batch',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ calls }),
  });
}

async function answersOf(app: TestApp, calls: unknown, headers: Record<string, string> = {}) {
  const res = await batch(app, calls, headers);
  expect(res.statusCode, res.body).toBe(200);
  // Answers for one caller: never kept by a shared cache, with or without a session.
  expect(res.headers['cache-control']).toBe('private, no-store');
  return WebBatchResponseSchema.parse(res.json()).answers;
}

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  enforcing = await createTestApp({ signatureMode: 'enforce' }, t.database);
  const { db } = t.database;
  const title = await insertTitle(db, { name_en: 'Blue Harbor', free_first_count: 1 });
  ids.title = title.id;
  const free = await insertEpisode(db, { title_id: title.id, sort_index: 1, point: 0, start_at: TEST_NOW - 3 * DAY });
  const paid = await insertEpisode(db, { title_id: title.id, sort_index: 2, point: 40, start_at: TEST_NOW - 2 * DAY });
  for (const episode of [free, paid]) await insertPage(db, { episode_id: episode.id, page_number: 1 });
  ids.free = free.id;
  ids.paid = paid.id;
  const [a, b] = [await createAccount(t), await createAccount(t)];
  alice = await login(t, a.email ?? '', a.password);
  bob = await login(t, b.email ?? '', b.password);
  expect((await post(t, '/favorite/add', { title_id: String(ids.title) }, { cookie: alice })).statusCode).toBe(200);
});
afterAll(async () => {
  await enforcing.close();
  await t.close();
});

describe('a batch of calls', () => {
  it('answers each call exactly as alone, in order, with the batch session', async () => {
    const paths = [
      `/title/list?title_id_list=${ids.title}`,
      `/episode/list?episode_id_list=${ids.free},${ids.paid}`,
      `/title/viewed/progress?title_id=${ids.title}`,
      '/user/chapter_alert_setting',
      `/title/ticket/list?title_id_list=${ids.title}`,
    ];
    const answers = await answersOf(
      t,
      paths.map((path) => ({ path })),
      { cookie: alice },
    );
    expect(answers).toHaveLength(paths.length);
    for (const [index, path] of paths.entries()) {
      const alone = await get(t, path, { cookie: alice });
      expect(answers[index]?.status, path).toBe(alone.statusCode);
      expect(JSON.parse(answers[index]?.body ?? ''), path).toEqual(alone.json());
    }
    // The session is the batch's: Alice follows the title, Bob does not.
    const followed = (cookie: string) =>
      answersOf(t, [{ path: paths[0] }, { path: '/user/chapter_alert_setting' }], { cookie }).then(
        ([titles]) => TitleListResponseSchema.parse(JSON.parse(titles?.body ?? '')).title_list[0]?.favorite_status,
      );
    expect(await followed(alice)).toBe(1);
    expect(await followed(bob)).toBe(0);
  });

  it('answers a failing call in its place, with the code it has alone, and the others as usual', async () => {
    const answers = await answersOf(t, [
      { path: '/no/such/call' },
      { path: '/title/list?title_id_list=abc' },
      { path: `/title/list?title_id_list=${ids.title}` },
      // Needs a session: refused alone, refused in a batch.
      { path: '/user/chapter_alert_setting' },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      404,
      400,
      200,
      (await get(t, '/user/chapter_alert_setting')).statusCode,
    ]);
    expect(JSON.parse(answers[0]?.body ?? '').response_code).toBe(ResponseCode.ApiNotFound);
    expect(JSON.parse(answers[1]?.body ?? '').response_code).toBe(ResponseCode.InvalidParameter);
  });

  it("checks each call's own signature when signatures are enforced", async () => {
    const params = { title_id_list: String(ids.title), platform: '3', version: '6.0.0' };
    const path = `/title/list?title_id_list=${ids.title}&platform=3&version=6.0.0`;
    const answers = await answersOf(enforcing, [
      { path, hash: signWebRequest(params, '', '') },
      { path, hash: signWebRequest({ ...params, title_id_list: '1' }, '', '') },
      { path },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 400]);
    // The batch's own header signs nothing for its calls.
    const header = { 'x-manga-hash': signWebRequest(params, '', '') };
    expect((await answersOf(enforcing, [{ path }, { path }], header)).map((answer) => answer.status)).toEqual([
      400, 400,
    ]);
  });
});

describe('hostile batches', () => {
  it('refuses another content type, a bad shape, too many calls and foreign or nested paths', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/web/batch',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: alice },
      payload: 'calls=%2Ftitle%2Flist',
    });
    expect(form.statusCode).toBe(415);
    expect(codeOf(form)).toBe(ResponseCode.InvalidParameter);
    const tooMany = Array.from({ length: WEB_BATCH_MAX_CALLS + 1 }, () => ({ path: '/genre/list' }));
    const refused = [
      [],
      tooMany,
      [{ path: 'http://evil.test/title/list' }],
      [{ path: '//evil.test/title/list' }],
      [{ path: '/web/batch' }],
      [{ path: '/web/batch?x=1' }],
      [{ path: `/${'a'.repeat(5_000)}` }],
      [{ path: '/genre/list', method: 'POST' }],
      [{ path: '/genre/list', headers: { cookie: bob } }],
      [{ path: 42 }],
      'calls',
    ];
    for (const calls of refused) {
      const res = await batch(t, calls, { cookie: alice });
      expect(res.statusCode, JSON.stringify(calls).slice(0, 80)).toBe(400);
      expect(codeOf(res)).toBe(ResponseCode.InvalidParameter);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/web/batch',
      headers: { 'content-type': 'application/json' },
      payload: '{"calls": [',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('never lets a call carry a session of its own: the query cannot name one either', async () => {
    const bobSession = bob.split('=')[1] ?? '';
    const answers = await answersOf(t, [
      { path: `/title/list?title_id_list=${ids.title}&uwt=${bobSession}` },
      { path: `/title/list?title_id_list=${ids.title}` },
    ]);
    expect(answers[1]?.status).toBe(200);
    for (const answer of answers.filter((each) => each.status === 200)) {
      expect(TitleListResponseSchema.parse(JSON.parse(answer.body)).title_list[0]?.favorite_status).toBe(0);
    }
  });
});

describe("the web server's batching fetch (createBatchingFetch) against the listening API", () => {
  it('sends calls made together as one batch, each answered as without it, and a call alone as it is', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sent: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    };
    const clientOf = (batching: boolean) =>
      createApiClient({
        baseUrl: address,
        forwardHeaders: { cookie: alice },
        fetch: batching ? createBatchingFetch(address, recordingFetch) : recordingFetch,
      });
    const together = (api: ApiClient) =>
      Promise.allSettled([
        api.listTitles({ title_id_list: [ids.title] }),
        api.get('/episode/list', { episode_id_list: [ids.free, ids.paid].join(',') }),
        api.get('/title/viewed/progress', { title_id: ids.title }),
        api.get('/user/chapter_alert_setting'),
        api.get('/no/such/call'),
      ]);
    const plain = await together(clientOf(false));
    expect(sent).toHaveLength(5);
    sent.length = 0;
    const batched = await together(clientOf(true));
    expect(sent).toEqual(['POST /web/batch']);
    expect(batched.map((result) => result.status)).toEqual(plain.map((result) => result.status));
    for (const [index, result] of batched.entries()) {
      const other = plain[index];
      if (result.status === 'fulfilled' && other?.status === 'fulfilled') expect(result.value).toEqual(other.value);
      if (result.status === 'rejected' && other?.status === 'rejected') {
        expect(responseCodeOf(result.reason)).toBe(responseCodeOf(other.reason));
        expect(responseCodeOf(result.reason)).toBe(ResponseCode.ApiNotFound);
      }
    }
    // Alice follows the title: her session went with the batch.
    const titles = batched[0]?.status === 'fulfilled' ? batched[0].value : undefined;
    expect(titles?.title_list[0]?.favorite_status).toBe(1);

    // A batch refused as a whole (maintenance): every call gets the refusal, as each would alone.
    await t.app.container.services.maintenance.setMaintenance(true);
    try {
      const refused = await together(clientOf(true));
      expect(refused.map((result) => result.status)).toEqual(refused.map(() => 'rejected'));
      for (const result of refused) {
        if (result.status === 'rejected') expect(responseCodeOf(result.reason)).toBe(ResponseCode.ServerMaintenance);
      }
    } finally {
      await t.app.container.services.maintenance.setMaintenance(false);
    }

    // A call alone, and a POST (wire §1.6: /episode/list as a form), go as they are.
    sent.length = 0;
    const api = clientOf(true);
    await Promise.all([api.get('/genre/list'), api.listEpisodes({ episode_id_list: [ids.free] })]);
    expect(sent.sort()).toEqual(['GET /genre/list', 'POST /episode/list']);
  });
});
