// Law consent, opt-out, status, the app-side user calls, /app/boot and the development outbox (ADR 007).
import {
  AppBootResponseSchema,
  ChallengeResponseSchema,
  DevOutboxListResponseSchema,
  DevOutboxMessageResponseSchema,
  LawResponseSchema,
  parseBirthdayCookie,
  parseConsentCookie,
  RegisterResponseSchema,
  ResponseCode,
  signAppRequest,
  WebStatusResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  birthdayCookie,
  codeOf,
  createAccount,
  get,
  login,
  post,
  registerBody,
  storedBirthdayOf,
} from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
let ip = 0;
const nextIp = () => `10.9.0.${++ip}`;

beforeAll(async () => {
  t = await createTestApp({ devOutbox: true });
});
afterAll(() => t.close());

describe('GET and POST /web/law', () => {
  it('reports no consent without cookies', async () => {
    const body = LawResponseSchema.parse((await get(t, '/web/law')).json());
    expect(body).toMatchObject({
      birthday: '',
      age_group: '',
      is_consent: 0,
      terms_of_service_update_flag: 0,
      privacy_policy_update_flag: 0,
    });
  });

  it('records an adult consent and sets the birthday, adult terms and privacy cookies', async () => {
    const res = await post(t, '/web/law', { birthday: '1990-05', is_consent: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(LawResponseSchema.parse(res.json())).toMatchObject({
      birthday: '1990-05',
      age_group: 'adult',
      is_consent: 1,
    });
    const cookies = new Map(res.cookies.map((c) => [c.name, c]));
    expect([...cookies.keys()].sort()).toEqual(['test_birthday', 'test_privacy_policy', 'test_terms_of_service_adult']);
    expect(parseBirthdayCookie(cookies.get('test_birthday')?.value)?.value).toBe('1990-05');
    expect(parseConsentCookie(cookies.get('test_privacy_policy')?.value)).toBe(true);
    expect(cookies.get('test_birthday')).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookies.get('test_birthday')?.httpOnly).toBeFalsy();

    const cookieHeader = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(LawResponseSchema.parse((await get(t, '/web/law', { cookie: cookieHeader })).json())).toMatchObject({
      birthday: '1990-05',
      age_group: 'adult',
      is_consent: 1,
    });
  });

  it('records a minor consent with the minor terms only', async () => {
    const res = await post(t, '/web/law', { birthday: '2011-06', is_consent: '1' });
    expect(res.json()).toMatchObject({ age_group: 'minor', is_consent: 1 });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['test_birthday', 'test_terms_of_service_minor']);
  });

  it('stores the consent per age with the birthday on the logged-in account', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    expect(codeOf(await post(t, '/web/law', { birthday: '2000-01', is_consent: '1' }, { cookie }))).toBe(0);
    const row = await t.database.db
      .selectFrom('consent')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      birthday: '2000-01',
      age_group: 'adult',
      terms_of_service_adult: 1,
      privacy_policy: 1,
      terms_of_service_minor: 0,
    });
    expect(await storedBirthdayOf(t, user.id)).toBe('2000-01');
    // without cookies, GET /web/law answers from the account
    expect((await get(t, '/web/law', { cookie })).json()).toMatchObject({ birthday: '2000-01', is_consent: 1 });
  });

  it('refuses under-13s with 2016 and stores nothing; bad values with 1001', async () => {
    const before = await t.database.db.selectFrom('consent').select('id').execute();
    const child = await post(t, '/web/law', { birthday: '2020-01', is_consent: '1' });
    expect(child.json()).toMatchObject({ response_code: ResponseCode.AccountAccessDenied });
    expect(child.cookies).toEqual([]);
    const bodies: Record<string, string>[] = [
      { birthday: '1899-12', is_consent: '1' },
      { birthday: '2000-13', is_consent: '1' },
      { birthday: '2999-01', is_consent: '1' },
      { birthday: '2000/01', is_consent: '1' },
      { birthday: '2000-01', is_consent: 'yes' },
      { birthday: '2000-01' },
      { is_consent: '1' },
      { birthday: 'x'.repeat(100), is_consent: '1' },
    ];
    for (const body of bodies) {
      expect(codeOf(await post(t, '/web/law', body)), JSON.stringify(body)).toBe(ResponseCode.InvalidParameter);
    }
    expect(await t.database.db.selectFrom('consent').select('id').execute()).toHaveLength(before.length);
  });
});

describe('/web/opt_out and /web/status', () => {
  it('stores the opt-out on the account and reports it', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    expect((await get(t, '/web/opt_out', { cookie })).json()).toMatchObject({ opt_out: { ads: 0, analysis: 0 } });
    const saved = await post(t, '/web/opt_out', { ads: '1', analysis: '0' }, { cookie });
    expect(saved.json()).toEqual({
      status: 'success',
      response_code: 0,
      error_message: '',
      opt_out: { ads: 1, analysis: 0 },
    });
    expect((await get(t, '/web/opt_out', { cookie })).json()).toMatchObject({ opt_out: { ads: 1, analysis: 0 } });
    const status = WebStatusResponseSchema.parse((await get(t, '/web/status', { cookie })).json());
    expect(status).toMatchObject({
      login_status: 1,
      user_id: user.id,
      charge_type: 1,
      subscription_categories: [],
      opt_out: { ads: 1, analysis: 0 },
    });
  });

  it('needs a login (2011) and 0/1 values (1001)', async () => {
    expect(codeOf(await post(t, '/web/opt_out', { ads: '1', analysis: '1' }))).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await get(t, '/web/opt_out'))).toBe(ResponseCode.UserNotLogin);
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    expect(codeOf(await post(t, '/web/opt_out', { ads: '2', analysis: '0' }, { cookie }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/web/opt_out', { ads: '1' }, { cookie }))).toBe(ResponseCode.InvalidParameter);
  });

  it('answers a visitor (or a dead session) as logged out', async () => {
    for (const cookie of [undefined, 'test_uwt=dead']) {
      const status = WebStatusResponseSchema.parse((await get(t, '/web/status', { cookie })).json());
      expect(status).toMatchObject({ login_status: 0, user_id: 0, opt_out: { ads: 0, analysis: 0 } });
    }
  });
});

/** Signs an app call as wire §2.3 does, with the user's hash_key. */
function appHeaders(params: Record<string, string>, hashKey: string) {
  return { 'x-mgpk-hash': signAppRequest(params, hashKey) };
}

describe('POST /user/register and the app-signed calls', () => {
  it('registers an installation and returns app credentials', async () => {
    const res = await post(t, '/user/register', registerBody('uuid-register-1'));
    expect(res.statusCode, res.body).toBe(200);
    const body = RegisterResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      login_status: 0,
      email: '',
      charge_type: 1,
      gender: '',
      push_notification_notice: 0,
      original_uuid: 'uuid-register-1',
    });
    expect(body.hash_key.length).toBeGreaterThan(20);
    const device = await t.database.db
      .selectFrom('device')
      .selectAll()
      .where('original_uuid', '=', 'uuid-register-1')
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      user_id: body.user_id,
      device: 'Pixel 9',
      platform: 2,
      regid: 'push-registration',
      timezone: 'America/Chicago',
    });
  });

  it('answers 2010 for a known installation unless is_overwrite=1', async () => {
    const first = RegisterResponseSchema.parse(
      (await post(t, '/user/register', registerBody('uuid-register-2'))).json(),
    );
    expect(codeOf(await post(t, '/user/register', registerBody('uuid-register-2')))).toBe(
      ResponseCode.ExistsOriginalUuid,
    );
    const again = RegisterResponseSchema.parse(
      (await post(t, '/user/register', registerBody('uuid-register-2', { is_overwrite: '1' }))).json(),
    );
    expect(again.user_id).not.toBe(first.user_id);
  });

  it('checks the required and typed parameters (1001)', async () => {
    const { original_uuid: _omit, ...noUuid } = registerBody('x');
    expect(codeOf(await post(t, '/user/register', noUuid))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/user/register', registerBody('uuid-3', { platform: '3' })))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/user/register', registerBody('uuid-3', { tablet: 'no' })))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/user/register', registerBody('uuid-3', { device: 'd'.repeat(300) })))).toBe(
      ResponseCode.InvalidParameter,
    );
  });

  it('saves device, push and noah settings for a user proven by the app signature', async () => {
    const reg = RegisterResponseSchema.parse((await post(t, '/user/register', registerBody('uuid-app-1'))).json());
    const device = {
      user_id: String(reg.user_id),
      device: 'Pixel 10',
      locale: 'ja_JP',
      os_version: '16',
      tablet: '1',
      timezone: 'Asia/Tokyo',
      fcm_token: 'fcm-1',
      platform: '2',
    };
    const saved = await post(t, '/user/device/save', device, { headers: appHeaders(device, reg.hash_key) });
    expect(codeOf(saved)).toBe(0);
    const row = await t.database.db
      .selectFrom('device')
      .selectAll()
      .where('user_id', '=', reg.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      device: 'Pixel 10',
      os_version: '16',
      tablet: 1,
      fcm_token: 'fcm-1',
      timezone: 'Asia/Tokyo',
      regid: 'push-registration',
    });

    const push = { user_id: String(reg.user_id), notice_status: '1' };
    expect(
      codeOf(await post(t, '/user/push_notification/save', push, { headers: appHeaders(push, reg.hash_key) })),
    ).toBe(0);
    const noah = { user_id: String(reg.user_id), noah_id: 'noah-123' };
    expect(codeOf(await post(t, '/user/noah_id/save', noah, { headers: appHeaders(noah, reg.hash_key) }))).toBe(0);
    const user = await t.database.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', reg.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ push_notice_status: 1, noah_id: 'noah-123' });
  });

  it('refuses unsigned or wrongly signed app calls (2011) and bad values (1001)', async () => {
    const reg = RegisterResponseSchema.parse((await post(t, '/user/register', registerBody('uuid-app-2'))).json());
    const push = { user_id: String(reg.user_id), notice_status: '1' };
    expect(codeOf(await post(t, '/user/push_notification/save', push))).toBe(ResponseCode.UserNotLogin);
    expect(
      codeOf(await post(t, '/user/push_notification/save', push, { headers: appHeaders(push, 'wrong-key') })),
    ).toBe(ResponseCode.UserNotLogin);
    const bad = { user_id: String(reg.user_id), notice_status: '7' };
    expect(codeOf(await post(t, '/user/push_notification/save', bad, { headers: appHeaders(bad, reg.hash_key) }))).toBe(
      ResponseCode.InvalidParameter,
    );
    const missing = { user_id: String(reg.user_id), device: 'x' };
    expect(codeOf(await post(t, '/user/device/save', missing, { headers: appHeaders(missing, reg.hash_key) }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/user/noah_id/save', { noah_id: '' }))).toBe(ResponseCode.InvalidParameter);
  });

  it('lets a web session save a device too', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    const body = { device: 'Browser', locale: 'en', os_version: 'macOS', tablet: '0', timezone: 'UTC' };
    expect(codeOf(await post(t, '/user/device/save', body, { cookie }))).toBe(0);
    expect(await t.database.db.selectFrom('device').select('device').where('user_id', '=', user.id).execute()).toEqual([
      { device: 'Browser' },
    ]);
  });
});

describe('GET /user/challenge and POST /user/attestation', () => {
  const attestation = Buffer.alloc(64, 7).toString('base64');

  it('accepts a fresh challenge once', async () => {
    const { challenge, expires_in } = ChallengeResponseSchema.parse((await get(t, '/user/challenge')).json());
    expect(expires_in).toBe(300);
    const body = { attestation, challenge, key_id: 'a2V5LWlk' };
    expect(codeOf(await post(t, '/user/attestation', body))).toBe(0);
    const row = await t.database.db
      .selectFrom('challenge')
      .selectAll()
      .where('challenge', '=', challenge)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key_id: 'a2V5LWlk', used_at: TEST_NOW });
    expect(codeOf(await post(t, '/user/attestation', body))).toBe(ResponseCode.AccountModifyInvalidToken);
  });

  it('refuses an expired, unknown or someone else’s challenge (2017) and malformed input (1001)', async () => {
    const expired = ChallengeResponseSchema.parse((await get(t, '/user/challenge')).json()).challenge;
    t.clock.advance(5 * 60_000);
    try {
      expect(codeOf(await post(t, '/user/attestation', { attestation, challenge: expired, key_id: 'a2V5' }))).toBe(
        ResponseCode.AccountModifyInvalidToken,
      );
    } finally {
      t.clock.advance(-5 * 60_000);
    }
    expect(codeOf(await post(t, '/user/attestation', { attestation, challenge: 'made-up', key_id: 'a2V5' }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );

    const owner = await createAccount(t);
    const cookie = await login(t, owner.email as string, owner.password, { remoteAddress: nextIp() });
    const bound = ChallengeResponseSchema.parse((await get(t, '/user/challenge', { cookie })).json()).challenge;
    expect(codeOf(await post(t, '/user/attestation', { attestation, challenge: bound, key_id: 'a2V5' }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    expect(
      codeOf(await post(t, '/user/attestation', { attestation, challenge: bound, key_id: 'a2V5' }, { cookie })),
    ).toBe(0);

    const fresh = ChallengeResponseSchema.parse((await get(t, '/user/challenge')).json()).challenge;
    expect(
      codeOf(await post(t, '/user/attestation', { attestation: 'not base64!', challenge: fresh, key_id: 'a2V5' })),
    ).toBe(ResponseCode.InvalidParameter);
    expect(
      codeOf(await post(t, '/user/attestation', { attestation: 'c2hvcnQ=', challenge: fresh, key_id: 'a2V5' })),
    ).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/user/attestation', { attestation, challenge: fresh, key_id: 'bad key' }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/user/attestation', { attestation, challenge: fresh }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(
      codeOf(await post(t, '/user/attestation', { attestation: 'A'.repeat(20_000), challenge: fresh, key_id: 'a2V5' })),
    ).toBe(ResponseCode.InvalidParameter);
    // none of the refusals used the challenge up
    expect(codeOf(await post(t, '/user/attestation', { attestation, challenge: fresh, key_id: 'a2V5' }))).toBe(0);
  });
});

describe('suspension and POST /user/unban', () => {
  it('lifts a suspension with the mailed token from the bound installation, once', async () => {
    const user = await createAccount(t, { original_uuid: 'uuid-suspended-1' });
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    const { unbanToken } = await t.app.container.services.appUsers.suspendUser(user.id, 'en');
    expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.WebTokenInvalid);
    expect(
      codeOf(
        await post(
          t,
          '/web/user/login',
          { email: user.email as string, password: user.password },
          { remoteAddress: nextIp() },
        ),
      ),
    ).toBe(ResponseCode.AccountSuspended);
    // the mail went to the embedded outbox
    const outbox = DevOutboxListResponseSchema.parse((await get(t, '/dev/outbox')).json());
    const mail = outbox.message_list.find((m) => m.to === user.email);
    expect(mail?.subject).toBe('Your account has been suspended');
    const full = DevOutboxMessageResponseSchema.parse((await get(t, `/dev/outbox/${mail?.id}`)).json());
    expect(full.message.text).toContain(`token=${encodeURIComponent(unbanToken)}`);

    expect(codeOf(await post(t, '/user/unban', { token: unbanToken, original_uuid: 'uuid-other' }))).toBe(
      ResponseCode.ExistsOriginalUuid,
    );
    expect(codeOf(await post(t, '/user/unban', { token: unbanToken, original_uuid: 'uuid-suspended-1' }))).toBe(0);
    expect(codeOf(await post(t, '/user/unban', { token: unbanToken, original_uuid: 'uuid-suspended-1' }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
  });

  it('keeps a ban (2014) and refuses unknown tokens (2017) and missing fields (1001)', async () => {
    const user = await createAccount(t, { original_uuid: 'uuid-banned-1' });
    const { unbanToken } = await t.app.container.services.appUsers.suspendUser(user.id, 'ja');
    await t.database.db.updateTable('user').set({ status: 'banned' }).where('id', '=', user.id).execute();
    expect(codeOf(await post(t, '/user/unban', { token: unbanToken, original_uuid: 'uuid-banned-1' }))).toBe(
      ResponseCode.AccountBanned,
    );
    expect(codeOf(await post(t, '/user/unban', { token: 'made-up', original_uuid: 'uuid-banned-1' }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    expect(codeOf(await post(t, '/user/unban', { token: unbanToken }))).toBe(ResponseCode.InvalidParameter);
  });
});

describe('GET /app/boot', () => {
  it('needs a login (2011)', async () => {
    expect(codeOf(await get(t, '/app/boot'))).toBe(ResponseCode.UserNotLogin);
  });

  it('summarises a new user with nothing yet', async () => {
    const user = await createAccount(t, { created_at: TEST_NOW - 2 * DAY });
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    const boot = AppBootResponseSchema.parse((await get(t, '/app/boot', { cookie })).json());
    expect(boot).toMatchObject({
      is_new_user: 1,
      is_purchased: 0,
      unpurchased_point_days: 2,
      account_point: 0,
      weekly_view_title_count: 0,
      karte_data: { days_in_a_row: 0, created_date: '2025-12-30 09:00:00' },
    });
  });

  it('counts points, purchases, titles read this week and the login-bonus run', async () => {
    const user = await createAccount(t, { created_at: TEST_NOW - 40 * DAY });
    const db = t.database.db;
    await db
      .insertInto('point_balance')
      .values({ user_id: user.id, paid_point: 100, free_point: 20, event_point: 5, updated_at: TEST_NOW })
      .execute();
    const product = await db
      .insertInto('product')
      .values({
        kind: 'point_pack',
        region: 'JP',
        currency: 'jpy',
        price_minor: 120,
        name_en: 'Pack',
        name_ja: 'パック',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payment')
      .values({
        user_id: user.id,
        product_id: product.id,
        status: 'paid',
        amount_minor: 120,
        currency: 'jpy',
        created_at: TEST_NOW - 3 * DAY,
        completed_at: TEST_NOW - 3 * DAY,
      })
      .execute();
    const viewedDaysAgo = [1, 6, 8];
    for (const daysAgo of viewedDaysAgo) {
      const title = await insertTitle(db);
      const episode = await insertEpisode(db, { title_id: title.id });
      await db
        .insertInto('view_history')
        .values({
          user_id: user.id,
          title_id: title.id,
          last_episode_id: episode.id,
          viewed_at: TEST_NOW - daysAgo * DAY,
        })
        .execute();
    }
    // 2025-12-31 in Asia/Tokyo is "yesterday" at TEST_NOW (2026-01-01 09:00 JST)
    await db
      .insertInto('login_bonus')
      .values({ user_id: user.id, bonus_date: '2025-12-31', days_in_row: 4, point: 10, created_at: TEST_NOW - DAY })
      .execute();
    const cookie = await login(t, user.email as string, user.password, { remoteAddress: nextIp() });
    const boot = AppBootResponseSchema.parse((await get(t, '/app/boot', { cookie })).json());
    expect(boot).toMatchObject({
      is_new_user: 0,
      is_purchased: 1,
      unpurchased_point_days: 3,
      account_point: 125,
      weekly_view_title_count: 2,
      karte_data: { days_in_a_row: 4 },
    });
  });
});

describe('GET /dev/outbox', () => {
  it('lists mails newest first and 404s an unknown id', async () => {
    const older = `outbox-old-${Date.now()}@example.test`;
    const email = `outbox-${Date.now()}@example.test`;
    await post(t, '/web/account/presave', { email: older }, { cookie: birthdayCookie('2000-01') });
    t.clock.advance(1000);
    try {
      await post(t, '/web/account/presave', { email }, { cookie: birthdayCookie('2000-01') });
    } finally {
      t.clock.advance(-1000);
    }
    const list = DevOutboxListResponseSchema.parse((await get(t, '/dev/outbox')).json());
    expect(list.message_list.map((m) => m.to).filter((to) => to === email || to === older)).toEqual([email, older]);
    expect(list.message_list[0]).toMatchObject({
      created_at: '2026-01-01 09:00:01',
      subject: '会員登録を完了してください',
    });
    const unknown = await get(t, '/dev/outbox/0000000000000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(await get(t, '/dev/outbox/..%2F..%2Fetc%2Fpasswd'))).toBe(ResponseCode.ApiNotFound);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: 'production' }, t.database);
    try {
      const res = await get(production, '/dev/outbox');
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe(ResponseCode.ApiNotFound);
    } finally {
      await production.close();
    }
  });
});
