// Issue 9, finding 5: app signature replay. wire §2.3 fixes the algorithm (no time, no nonce), so
// an `x-mgpk-hash` made once over {platform, version, user_id} + hash_key is valid for every call
// with the same parameters. Replayed, it read `hash_key` from GET /user and deleted the account with
// POST /account/resign. The fix is around the algorithm: the key never leaves through an app-only
// call, it rotates on password changes and logout-all, and destructive calls need more than it.
import {
  ChallengeResponseSchema,
  RegisterResponseSchema,
  ResponseCode,
  signAppRequest,
  UserResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createAccount, get, login, OTHER_GOOD_PASSWORD, post, registerBody } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
let counter = 0;
const freshIp = () => `10.77.0.${++counter}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What an eavesdropper captured: one signed app call (/app/boot) and its parameters. */
function captured(userId: number, hashKey: string) {
  const params = { platform: '2', version: '6.3.5', user_id: String(userId) };
  return { params, headers: { 'x-mgpk-hash': signAppRequest(params, hashKey), 'x-kmanga-platform': '2' } };
}
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function registeredApp() {
  const body = registerBody(`uuid-replay-${++counter}`);
  return RegisterResponseSchema.parse((await post(t, '/user/register', body)).json());
}

describe('a replayed app signature', () => {
  it('proves the caller for reads, as wire §2.3 makes it, but never hands out hash_key', async () => {
    const app = await registeredApp();
    const replay = captured(app.user_id, app.hash_key);
    expect(codeOf(await get(t, `/app/boot?${query(replay.params)}`, { headers: replay.headers }))).toBe(0);
    const user = await get(t, `/user?${query(replay.params)}`, { headers: replay.headers });
    expect(codeOf(user)).toBe(0);
    expect(UserResponseSchema.parse(user.json()).hash_key).toBe('');
    expect(user.body).not.toContain(app.hash_key);
  });

  it('cannot close an app-only account: that needs a fresh challenge inside the signed parameters', async () => {
    const app = await registeredApp();
    const replay = captured(app.user_id, app.hash_key);
    const resign = await post(
      t,
      `/account/resign?${query({ platform: '2', version: '6.3.5' })}`,
      {
        user_id: String(app.user_id),
      },
      { headers: replay.headers },
    );
    expect(codeOf(resign)).toBe(ResponseCode.AccountModifyInvalidToken);
    const row = await t.database.db
      .selectFrom('user')
      .select('status')
      .where('id', '=', app.user_id)
      .executeTakeFirst();
    expect(row?.status).toBe('active');

    // The app itself, holding hash_key, asks for a challenge and signs it into the call.
    const challenge = ChallengeResponseSchema.parse(
      (await get(t, `/user/challenge?${query(replay.params)}`, { headers: replay.headers })).json(),
    ).challenge;
    const params = { ...replay.params, challenge };
    const own = await post(t, '/account/resign', params, {
      headers: { 'x-mgpk-hash': signAppRequest(params, app.hash_key), 'x-kmanga-platform': '2' },
    });
    expect(codeOf(own), own.body).toBe(0);
    // A challenge works once.
    expect(
      codeOf(
        await post(t, '/account/resign', params, {
          headers: { 'x-mgpk-hash': signAppRequest(params, app.hash_key) },
        }),
      ),
    ).not.toBe(0);
  });

  it('cannot close an account that has a password without that password', async () => {
    const user = await createAccount(t);
    const replay = captured(user.id, user.hash_key);
    const body = { ...replay.params };
    expect(codeOf(await post(t, '/account/resign', body, { headers: replay.headers }))).toBe(
      ResponseCode.AccountInvalidPassword,
    );
    const wrong = { ...replay.params, password: 'Wrong-Password-1' };
    expect(
      codeOf(
        await post(t, '/account/resign', wrong, {
          headers: { 'x-mgpk-hash': signAppRequest(wrong, user.hash_key) },
          remoteAddress: freshIp(),
        }),
      ),
    ).toBe(ResponseCode.AccountInvalidPassword);
    const row = await t.database.db.selectFrom('user').select('status').where('id', '=', user.id).executeTakeFirst();
    expect(row?.status).toBe('active');

    const right = { ...replay.params, password: user.password };
    const closed = await post(t, '/account/resign', right, {
      headers: { 'x-mgpk-hash': signAppRequest(right, user.hash_key) },
      remoteAddress: freshIp(),
    });
    expect(codeOf(closed), closed.body).toBe(0);
  });

  it('cannot end the sessions of the account: device management needs a web session', async () => {
    const user = await createAccount(t);
    const session = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const replay = captured(user.id, user.hash_key);
    const res = await post(
      t,
      `/web/account/session/revoke_others?${query(replay.params)}`,
      {},
      {
        headers: replay.headers,
      },
    );
    expect(codeOf(res)).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/account', { cookie: session }))).toBe(0);
  });
});

describe('hash_key rotation', () => {
  const keyOf = async (userId: number) =>
    (await t.database.db.selectFrom('user').select('hash_key').where('id', '=', userId).executeTakeFirstOrThrow())
      .hash_key;

  it('rotates when the password changes: old signatures stop working', async () => {
    const user = await createAccount(t);
    const session = await login(t, user.email as string, user.password, { remoteAddress: freshIp() });
    const before = captured(user.id, user.hash_key);
    expect(codeOf(await get(t, `/account?${query(before.params)}`, { headers: before.headers }))).toBe(0);
    await post(
      t,
      '/web/account/password/presave',
      { current_password: user.password, new_password: OTHER_GOOD_PASSWORD },
      { cookie: session, remoteAddress: freshIp() },
    );
    const token = await lastToken(user.email as string);
    expect(codeOf(await get(t, `/web/account/password/save?token=${token}`, { cookie: session }))).toBe(0);
    expect(await keyOf(user.id)).not.toBe(user.hash_key);
    expect(codeOf(await get(t, `/account?${query(before.params)}`, { headers: before.headers }))).toBe(
      ResponseCode.UserNotLogin,
    );
    // The web session that changed it reads the new key, for the app to use.
    const fresh = UserResponseSchema.parse((await get(t, `/user?user_id=${user.id}`, { cookie: session })).json());
    expect(fresh.hash_key).toBe(await keyOf(user.id));
  });

  it('rotates on a password reset and on logging out every other device', async () => {
    const user = await createAccount(t);
    await post(t, '/web/account/password/prereset', { email: user.email as string, new_password: OTHER_GOOD_PASSWORD });
    const token = await lastToken(user.email as string);
    expect(codeOf(await get(t, `/web/account/password/reset?token=${token}`))).toBe(0);
    const afterReset = await keyOf(user.id);
    expect(afterReset).not.toBe(user.hash_key);

    const session = await login(t, user.email as string, OTHER_GOOD_PASSWORD, { remoteAddress: freshIp() });
    expect(codeOf(await post(t, '/web/account/session/revoke_others', {}, { cookie: session }))).toBe(0);
    expect(await keyOf(user.id)).not.toBe(afterReset);
  });
});

/** The token of the latest mail to `email`, read from the outbox the test app writes. */
async function lastToken(email: string): Promise<string> {
  const messages = await t.app.container.services.outbox.listMessages();
  const mail = messages.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const full = await t.app.container.services.outbox.getMessage(mail.id);
  const match = /token=([A-Za-z0-9_-]+)/.exec(full.text);
  if (!match?.[1]) throw new Error('no token in the mail');
  return match[1];
}
