// Issue 21 items 3 and 6: Redis going away under login load. Before, logins (and sign-ups, unknown
// paths) waited for ioredis's offline queue and then answered 500. Now, with a private redis-server
// killed and started again: logins keep answering as usual (never 500), the login throttle counts in
// the database meanwhile (it still slows a flood down), /readyz says "not ready" during the outage,
// and once Redis is back the counts go to Redis again and /readyz is ready.
import { ResponseCode } from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { freePort, type PrivateRedis, privateRedis, redisServerBinary, waitFor } from '#test/fault-servers.ts';

const skip = redisServerBinary === undefined;
const FAILURES_BEFORE_DELAY = 3;

describe.skipIf(skip)(`Redis killed and restarted under login load${skip ? ' (skipped: no redis-server)' : ''}`, () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let owner: { email: string; password: string };
  let address = 0;
  const freshIp = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    redis = privateRedis(await freePort());
    await redis.start();
    t = await createTestApp({
      redisUrl: redis.url,
      loginFailuresBeforeDelay: FAILURES_BEFORE_DELAY,
      loginClientFailuresBeforeDelay: 100,
      deviceLimit: 1000, // every right password below opens a session
    });
    const account = await createAccount(t);
    owner = { email: account.email as string, password: account.password };
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });

  const attempt = (password: string, remoteAddress: string) =>
    post(t, '/web/user/login', { email: owner.email, password }, { remoteAddress });
  /** The throttle's keys, read by a client of the test's own, opened for this one look (only while Redis is up):
   * a client kept across the outage could still be reconnecting when Redis is back. */
  const throttleKeys = async () => {
    const inspect = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      return await inspect.keys('manga:throttle:*');
    } finally {
      inspect.disconnect();
    }
  };
  const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200;

  /** `rounds` of `parallel` logins at once (half right, half wrong passwords); every answer. */
  async function loginLoad(rounds: number, parallel: number): Promise<{ res: LightMyRequestResponse; ms: number }[]> {
    const answers = [];
    for (let round = 0; round < rounds; round++) {
      const batch = Array.from({ length: parallel }, async (_, i) => {
        const started = performance.now();
        const res = await attempt(i % 2 === 0 ? owner.password : `Wrong-${round}-${i}`, freshIp());
        return { res, ms: performance.now() - started };
      });
      answers.push(...(await Promise.all(batch)));
    }
    return answers;
  }

  it('counts in Redis while it is up', async () => {
    await waitFor('/readyz with Redis up', ready);
    expect((await attempt('Wrong-Password-0', freshIp())).statusCode).toBe(400);
    expect((await throttleKeys()).length).toBeGreaterThan(0);
    expect(await t.database.db.selectFrom('throttle_event').select('id').execute()).toEqual([]);
  });

  it('keeps answering logins, counting in the database, while Redis is away; not ready meanwhile', async () => {
    await redis.kill();
    const answers = await loginLoad(5, 8);
    const statuses = answers.map(({ res }) => res.statusCode);
    expect(
      statuses.filter((status) => status >= 500),
      JSON.stringify(answers[0]?.res.json()),
    ).toEqual([]);
    expect(answers.filter(({ res }) => res.statusCode === 200).length).toBe(20); // the right passwords
    // The flood from one client is still slowed down: the database counted its failures.
    const flooder = freshIp();
    const flood = [];
    for (let i = 0; i <= FAILURES_BEFORE_DELAY + 1; i++) flood.push(await attempt(`Wrong-Flood-${i}`, flooder));
    expect(flood.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 429]);
    expect(codeOf(flood.at(-1) as LightMyRequestResponse)).toBe(ResponseCode.UserLoginFailed);
    expect((await t.database.db.selectFrom('throttle_event').select('id').execute()).length).toBeGreaterThan(0);
    // Unknown paths are limited in Redis alone; while it is away they are answered, not failed.
    expect((await t.app.inject({ method: 'GET', url: '/no/such/path' })).statusCode).toBe(404);

    const readiness = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({
      response_code: ResponseCode.ServerError,
      error_message: 'redis unavailable',
    });
    const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `[fault-redis] ${answers.length} logins while Redis was away: median ${ms[ms.length >> 1]?.toFixed(0)} ms, ` +
        `slowest ${ms.at(-1)?.toFixed(0)} ms`,
    );
  });

  it('counts in Redis again, and is ready, once Redis is back', async () => {
    await redis.start();
    const back = performance.now();
    await waitFor('/readyz after Redis came back', ready);
    console.log(`[fault-redis] ready again ${(performance.now() - back).toFixed(0)} ms after redis-server accepted`);
    expect(await throttleKeys()).toEqual([]); // a new, empty Redis
    expect((await attempt('Wrong-Password-1', freshIp())).statusCode).toBe(400);
    expect((await throttleKeys()).length).toBeGreaterThan(0);
  });
});
