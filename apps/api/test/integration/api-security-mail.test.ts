// Issue 9, medium findings on the account mails: user enumeration (prereset answered registered
// addresses in ~18 ms and unknown ones in ~6 ms; presave answered 2008 outright) and no limit on
// mails (30 sign-up mails and 20 reset mails to one address).
import { ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, GOOD_PASSWORD, OTHER_GOOD_PASSWORD, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let counter = 0;
const freshIp = () => `10.55.${Math.floor(++counter / 250)}.${counter % 250}`;
const freshEmail = () => `someone-${++counter}-${Date.now()}@example.test`;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp({ mailMaxPerAddress: 3, mailMaxPerClient: 6, mailLimitWindowMs: HOUR });
});
afterAll(() => t.close());

async function mailsTo(email: string) {
  return (await t.app.container.services.outbox.listMessages()).filter((m) => m.to === email);
}

/** What a prober sees: the status, the body without the clock, and the headers that could differ. */
function observed(res: { statusCode: number; json(): unknown }) {
  const { server_time: _clock, ...body } = res.json() as Record<string, unknown>;
  return { status: res.statusCode, body };
}

describe('user enumeration', () => {
  it('answers sign-up the same for a registered, a closed and an unknown address, and mails each', async () => {
    const registered = await createAccount(t);
    const closed = await createAccount(t, { status: 'resigned' });
    const unknown = freshEmail();
    for (const path of ['/web/account/presave', '/account/presave']) {
      const answers = [];
      for (const email of [registered.email as string, closed.email as string, unknown]) {
        const body: Record<string, string> =
          path === '/web/account/presave' ? { email } : { email, password: GOOD_PASSWORD };
        answers.push(observed(await post(t, path, body, { remoteAddress: freshIp() })));
      }
      expect(answers[0], path).toEqual(answers[2]);
      expect(answers[1], path).toEqual(answers[2]);
      expect(answers[2]).toEqual({ status: 200, body: { status: 'success', response_code: 0, error_message: '' } });
    }
    // The owner of the registered address learns someone tried, and where to log in or reset.
    const notice = (await mailsTo(registered.email as string))[0];
    const full = await t.app.container.services.outbox.getMessage(notice?.id as string);
    expect(full.text).toContain('/account/password/prereset');
    expect(full.text).not.toMatch(/token=/);
    expect(await mailsTo(closed.email as string)).toHaveLength(2);
    expect(await mailsTo(unknown)).toHaveLength(2);
  });

  it('answers a password reset the same for a registered and an unknown address, and mails each', async () => {
    const registered = await createAccount(t);
    const unknown = freshEmail();
    const answers = [];
    for (const email of [registered.email as string, unknown]) {
      const res = await post(
        t,
        '/web/account/password/prereset',
        { email, new_password: OTHER_GOOD_PASSWORD },
        { remoteAddress: freshIp() },
      );
      answers.push(observed(res));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(await mailsTo(registered.email as string)).toHaveLength(1);
    const notice = (await mailsTo(unknown))[0];
    const full = await t.app.container.services.outbox.getMessage(notice?.id as string);
    expect(full.text).not.toMatch(/token=/);
  });
});

describe('mail limits', () => {
  it('limits mails to one address, whoever asks, with 429 and Retry-After', async () => {
    const victim = freshEmail();
    for (let i = 0; i < 3; i++) {
      expect(codeOf(await post(t, '/web/account/presave', { email: victim }, { remoteAddress: freshIp() }))).toBe(0);
    }
    const flooded = await post(t, '/web/account/presave', { email: victim }, { remoteAddress: freshIp() });
    expect(flooded.statusCode).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    // Reset mails to the same address share the count.
    const reset = await post(
      t,
      '/web/account/password/prereset',
      { email: victim, new_password: OTHER_GOOD_PASSWORD },
      { remoteAddress: freshIp() },
    );
    expect(reset.statusCode).toBe(429);
    expect(await mailsTo(victim)).toHaveLength(3);
    t.clock.advance(HOUR);
    expect(codeOf(await post(t, '/web/account/presave', { email: victim }, { remoteAddress: freshIp() }))).toBe(0);
  });

  it('limits the mails one client asks for, to any addresses', async () => {
    const client = freshIp();
    for (let i = 0; i < 6; i++) {
      expect(codeOf(await post(t, '/web/account/presave', { email: freshEmail() }, { remoteAddress: client }))).toBe(0);
    }
    const next = await post(t, '/web/account/presave', { email: freshEmail() }, { remoteAddress: client });
    expect(next.statusCode).toBe(429);
    expect(codeOf(next)).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/web/account/presave', { email: freshEmail() }, { remoteAddress: freshIp() }))).toBe(
      0,
    );
  });
});
