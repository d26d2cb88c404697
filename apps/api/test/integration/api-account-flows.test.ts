// The two-step e-mail flows of ADR 007 through a real SMTP server: presave sends a mail, the test
// takes the token from the link in it, save applies the change. Half-finished flows change nothing.
import {
  AccountResponseSchema,
  ErrorEnvelopeSchema,
  passwordMessages,
  ResponseCode,
  TokenStatusResponseSchema,
} from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  birthdayCookie,
  codeOf,
  createAccount,
  GOOD_PASSWORD,
  get,
  login,
  OTHER_GOOD_PASSWORD,
  post,
  sessionCookieOf,
} from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { linkOf, startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let n = 0;
const freshEmail = () => `reader${++n}-${Date.now().toString(36)}@example.test`;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, webPublicUrl: 'http://web.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const userByEmail = (email: string) =>
  t.database.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();

async function signUp(email: string, password = GOOD_PASSWORD): Promise<string> {
  expect(codeOf(await post(t, '/web/account/presave', { email }))).toBe(0);
  const { token } = linkOf(await smtp.takeMail(email));
  const saved = await post(t, '/web/account/save', { password, token });
  expect(saved.statusCode, saved.body).toBe(200);
  return sessionCookieOf(saved);
}

describe('sign-up (web): presave → mail → /account/save → POST /web/account/save', () => {
  it('creates the account from the mailed link and logs it in', async () => {
    const email = freshEmail();
    const presave = await post(
      t,
      '/web/account/presave',
      { email: `  ${email.toUpperCase()} ` },
      { cookie: birthdayCookie('2000-01') },
    );
    expect(presave.statusCode, presave.body).toBe(200);
    expect(presave.json()).toEqual({ status: 'success', response_code: 0, error_message: '' });
    expect(await userByEmail(email)).toBeUndefined(); // nothing changes before the link is used

    const mail = await smtp.takeMail(email);
    const { url, token } = linkOf(mail);
    expect(`${url.origin}${url.pathname}`).toBe('http://web.test/account/save');
    expect(mail.html).toContain('href="http://web.test/account/save?token=');
    expect(mail.text).not.toContain(GOOD_PASSWORD);

    const saved = await post(
      t,
      '/web/account/save',
      { password: GOOD_PASSWORD, token },
      { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/130.0 Safari/537.36' } },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const cookie = saved.cookies.find((c) => c.name === 'test_uwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });

    const user = await userByEmail(email);
    expect(user).toMatchObject({ status: 'active', birthday: '2000-01' });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);

    const account = await get(t, '/account', { cookie: sessionCookieOf(saved) });
    const body = AccountResponseSchema.parse(account.json());
    expect(body.account).toMatchObject({
      email,
      is_registerd: 1,
      user_id: user?.id,
      account_id: user?.id,
      birthyear: 2000,
    });
    expect(body.account.device_list).toEqual([
      { user_id: user?.id, device_name: 'Chrome on macOS', platform: 3, session_id: expect.any(Number), is_current: 1 },
    ]);
  });

  it('writes the mail in the request locale (ja and en)', async () => {
    const ja = freshEmail();
    await post(t, '/web/account/presave', { email: ja }, { headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    const jaMail = await smtp.takeMail(ja);
    expect(jaMail.subject).toBe('会員登録を完了してください');
    expect(jaMail.text).toContain('24時間');
    const en = freshEmail();
    await post(t, '/web/account/presave', { email: en }, { headers: { 'accept-language': 'en-US' } });
    const enMail = await smtp.takeMail(en);
    expect(enMail.subject).toBe('Complete your registration');
    expect(enMail.text).toContain('24 hours');
    expect(enMail.html).toContain('<html lang="en">');
  });

  it('refuses a replayed token with 2017 and changes nothing', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    const { token } = linkOf(await smtp.takeMail(email));
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token }))).toBe(0);
    const replay = await post(t, '/web/account/save', { password: OTHER_GOOD_PASSWORD, token });
    expect(replay.statusCode).toBe(400);
    expect(ErrorEnvelopeSchema.parse(replay.json()).response_code).toBe(ResponseCode.AccountModifyInvalidToken);
    // the replay did not change the password
    await login(t, email, GOOD_PASSWORD);
  });

  it('answers whether the link still works without using it (GET /web/account/token/status, issue 24)', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    const { token } = linkOf(await smtp.takeMail(email));
    const status = async (query: string) => {
      const res = await get(t, `/web/account/token/status?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return TokenStatusResponseSchema.parse(res.json()).token_status;
    };
    const query = `token=${encodeURIComponent(token)}&purpose=signup`;
    expect(await status(query)).toBe('valid');
    expect(await status(query)).toBe('valid');
    expect(await status(`token=${encodeURIComponent(token)}&purpose=password_reset`)).toBe('invalid');
    expect(await status('token=nothing-like-it&purpose=signup')).toBe('invalid');
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token }))).toBe(0);
    expect(await status(query)).toBe('used');
    expect(codeOf(await get(t, `/web/account/token/status?token=${encodeURIComponent(token)}&purpose=unban`))).toBe(
      ResponseCode.InvalidParameter,
    );
  });

  it('lets exactly one of two concurrent saves with the same token through', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    const { token } = linkOf(await smtp.takeMail(email));
    const results = await Promise.all([
      post(t, '/web/account/save', { password: GOOD_PASSWORD, token }),
      post(t, '/web/account/save', { password: OTHER_GOOD_PASSWORD, token }),
      post(t, '/web/account/save', { password: GOOD_PASSWORD, token }),
    ]);
    expect(results.map(codeOf).sort()).toEqual([
      0,
      ResponseCode.AccountModifyInvalidToken,
      ResponseCode.AccountModifyInvalidToken,
    ]);
    const users = await t.database.db.selectFrom('user').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('expires the sign-up link after 24 hours (2017, no account)', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    const { token } = linkOf(await smtp.takeMail(email));
    t.clock.advance(24 * HOUR);
    try {
      expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token }))).toBe(
        ResponseCode.AccountModifyInvalidToken,
      );
    } finally {
      t.clock.advance(-24 * HOUR);
    }
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('checks the password on save (2006 with the product §5 text) without using up the token', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    const { token } = linkOf(await smtp.takeMail(email));
    const weak = await post(t, '/web/account/save', { password: 'alllowercase', token });
    expect(weak.json()).toMatchObject({
      response_code: ResponseCode.AccountInvalidPassword,
      error_message: passwordMessages.must_include_characters,
    });
    expect(await userByEmail(email)).toBeUndefined();
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token }))).toBe(0);
  });

  it('answers 2008 when the address was registered meanwhile through another link', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    await post(t, '/web/account/presave', { email });
    const first = linkOf(await smtp.takeMail(email)).token;
    const second = linkOf(await smtp.takeMail(email)).token;
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token: second }))).toBe(0);
    // the other link was voided when the account was created
    expect(codeOf(await post(t, '/web/account/save', { password: OTHER_GOOD_PASSWORD, token: first }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });
});

describe('sign-up (app): POST /account/presave with a password → GET /account/save', () => {
  it('creates the account with the password given at presave', async () => {
    const email = freshEmail();
    expect(codeOf(await post(t, '/account/presave', { email, password: GOOD_PASSWORD }))).toBe(0);
    const stored = await t.database.db
      .selectFrom('email_token')
      .select('payload')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.payload).not.toContain(GOOD_PASSWORD); // only its argon2id hash
    expect(stored.payload).toContain('$argon2id$');
    const { token } = linkOf(await smtp.takeMail(email));
    const saved = await get(t, `/account/save?token=${encodeURIComponent(token)}`);
    expect(saved.statusCode, saved.body).toBe(200);
    await login(t, email, GOOD_PASSWORD);
  });

  it('asks for a password (1001) on GET /account/save of a web sign-up, keeping the link usable', async () => {
    const email = freshEmail();
    await post(t, '/web/account/presave', { email });
    const { token } = linkOf(await smtp.takeMail(email));
    const res = await get(t, `/account/save?token=${encodeURIComponent(token)}`);
    expect(codeOf(res)).toBe(ResponseCode.InvalidParameter);
    expect(res.json().error_message).toContain('password');
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token }))).toBe(0);
  });

  it('checks the password rules at presave', async () => {
    for (const [password, key] of [
      ['Short1!', 'short_or_too_long_characters'],
      ['lowercaseonly', 'must_include_characters'],
      ['Pässword-1234', 'ignore_character'],
      [`Aa1!${'x'.repeat(61)}`, 'short_or_too_long_characters'],
    ] as const) {
      const res = await post(t, '/account/presave', { email: freshEmail(), password });
      expect(res.json(), password).toMatchObject({
        response_code: ResponseCode.AccountInvalidPassword,
        error_message: passwordMessages[key],
      });
    }
  });
});

describe('sign-up refusals', () => {
  it('2005 for a malformed address; a used or resigned one answers 0 and its owner gets a notice (ADR 015)', async () => {
    expect(codeOf(await post(t, '/web/account/presave', { email: 'not-an-address' }))).toBe(
      ResponseCode.AccountInvalidEmail,
    );
    for (const status of ['active', 'resigned'] as const) {
      const owner = await createAccount(t, { status });
      expect(codeOf(await post(t, '/web/account/presave', { email: owner.email as string }))).toBe(0);
      const notice = await smtp.takeMail(owner.email as string);
      expect(notice.text).toContain('http://web.test/account/password/prereset');
      expect(notice.text).not.toMatch(/token=/);
    }
  });

  it('2007 when the caller is logged in to a registered account', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    expect(codeOf(await post(t, '/web/account/presave', { email: freshEmail() }, { cookie }))).toBe(
      ResponseCode.AccountAlreadyRegistered,
    );
  });

  it('2016 under 13 (birthday cookie), and no mail is sent', async () => {
    const email = freshEmail();
    const res = await post(t, '/web/account/presave', { email }, { cookie: birthdayCookie('2020-01') });
    expect(res.json()).toMatchObject({
      response_code: ResponseCode.AccountAccessDenied,
      error_message: 'You must be 13 or older to use this service.',
    });
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
  });

  it('1001 for missing, repeated (array) and oversized parameters', async () => {
    expect(codeOf(await post(t, '/web/account/presave', {}))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/web/account/presave', { email: ['a@b.test', 'c@d.test'] }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/web/account/presave', { email: `${'a'.repeat(2000)}@example.test` }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/account/presave', { email: freshEmail() }))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD }))).toBe(ResponseCode.InvalidParameter);
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token: 'x'.repeat(500) }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(codeOf(await post(t, '/web/account/save', { password: GOOD_PASSWORD, token: 'made-up' }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });
});

describe('e-mail change: /web/account/email/presave → mail to the new address → /account/email/save', () => {
  it('changes the address only when the link is used', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    const next = freshEmail();
    expect(
      codeOf(await post(t, '/web/account/email/presave', { new_email: next, password: user.password }, { cookie })),
    ).toBe(0);
    const mail = await smtp.takeMail(next);
    const { url, token } = linkOf(mail);
    expect(url.pathname).toBe('/account/email/save');
    expect((await userByEmail(user.email as string))?.id).toBe(user.id); // not changed yet

    expect(codeOf(await get(t, `/web/account/email/save?token=${encodeURIComponent(token)}`))).toBe(0);
    expect((await userByEmail(next))?.id).toBe(user.id);
    await login(t, next, user.password);
    expect(codeOf(await get(t, `/web/account/email/save?token=${encodeURIComponent(token)}`))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });

  it('refuses a wrong password (2006), a used address (2008), a bad one (2005), and callers not logged in (2011, 1101)', async () => {
    const user = await createAccount(t);
    const other = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    const presave = (body: Record<string, string>, c = cookie) =>
      post(t, '/web/account/email/presave', body, { cookie: c });
    expect(codeOf(await presave({ new_email: freshEmail(), password: 'Wrong-password-1' }))).toBe(
      ResponseCode.AccountInvalidPassword,
    );
    expect(codeOf(await presave({ new_email: other.email as string, password: user.password }))).toBe(
      ResponseCode.AccountEmailUsed,
    );
    expect(codeOf(await presave({ new_email: user.email as string, password: user.password }))).toBe(
      ResponseCode.AccountEmailUsed,
    );
    expect(codeOf(await presave({ new_email: 'nope@', password: user.password }))).toBe(
      ResponseCode.AccountInvalidEmail,
    );
    expect(
      codeOf(await post(t, '/web/account/email/presave', { new_email: freshEmail(), password: user.password })),
    ).toBe(ResponseCode.UserNotLogin);
    expect(codeOf(await presave({ new_email: freshEmail(), password: user.password }, 'test_uwt=forged'))).toBe(
      ResponseCode.WebTokenInvalid,
    );
  });

  it('works through the non-web twins /account/email/presave and /account/email/save', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    const next = freshEmail();
    expect(
      codeOf(await post(t, '/account/email/presave', { new_email: next, password: user.password }, { cookie })),
    ).toBe(0);
    const { token } = linkOf(await smtp.takeMail(next));
    expect(codeOf(await get(t, `/account/email/save?token=${encodeURIComponent(token)}`))).toBe(0);
    expect((await userByEmail(next))?.id).toBe(user.id);
  });

  it('answers 2008 at save when the address was taken after the mail went out, and keeps the old address', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    const next = freshEmail();
    await post(t, '/web/account/email/presave', { new_email: next, password: user.password }, { cookie });
    const { token } = linkOf(await smtp.takeMail(next));
    await createAccount(t, { email: next });
    expect(codeOf(await get(t, `/web/account/email/save?token=${encodeURIComponent(token)}`))).toBe(
      ResponseCode.AccountEmailUsed,
    );
    expect(
      (await t.database.db.selectFrom('user').select('email').where('id', '=', user.id).executeTakeFirst())?.email,
    ).toBe(user.email);
  });
});

describe('password change: /web/account/password/presave → mail → /account/password/save', () => {
  it('changes the password from the link and ends the other sessions, keeping this one', async () => {
    const user = await createAccount(t);
    const here = await login(t, user.email as string, user.password);
    const elsewhere = await login(t, user.email as string, user.password);
    const presave = await post(
      t,
      '/web/account/password/presave',
      { current_password: user.password, new_password: OTHER_GOOD_PASSWORD },
      { cookie: here },
    );
    expect(presave.statusCode, presave.body).toBe(200);
    const mail = await smtp.takeMail(user.email as string);
    const { url, token } = linkOf(mail);
    expect(url.pathname).toBe('/account/password/save');
    // half-finished: the old password still works, both sessions live
    await login(t, user.email as string, user.password);
    expect(codeOf(await get(t, '/account', { cookie: elsewhere }))).toBe(0);

    expect(
      codeOf(await get(t, `/web/account/password/save?token=${encodeURIComponent(token)}`, { cookie: here })),
    ).toBe(0);
    expect(codeOf(await get(t, '/account', { cookie: here }))).toBe(0);
    expect(codeOf(await get(t, '/account', { cookie: elsewhere }))).toBe(ResponseCode.WebTokenInvalid);
    expect(codeOf(await post(t, '/web/user/login', { email: user.email as string, password: user.password }))).toBe(
      ResponseCode.UserLoginFailed,
    );
    await login(t, user.email as string, OTHER_GOOD_PASSWORD);
  });

  it('refuses a wrong current password (2006) and a weak new one (2006 with the rule text), sending no mail', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    const before = smtp.messages.length;
    const wrong = await post(
      t,
      '/web/account/password/presave',
      { current_password: 'Not-the-password-1', new_password: OTHER_GOOD_PASSWORD },
      { cookie },
    );
    expect(wrong.json()).toMatchObject({
      response_code: ResponseCode.AccountInvalidPassword,
      error_message: 'Password is incorrect.',
    });
    const weak = await post(
      t,
      '/web/account/password/presave',
      { current_password: user.password, new_password: 'password' },
      { cookie },
    );
    expect(weak.json()).toMatchObject({
      response_code: ResponseCode.AccountInvalidPassword,
      error_message: passwordMessages.short_or_too_long_characters,
    });
    expect(smtp.messages.length).toBe(before);
  });

  it('expires the link after an hour', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    await post(
      t,
      '/account/password/presave',
      { current_password: user.password, new_password: OTHER_GOOD_PASSWORD },
      { cookie },
    );
    const { token } = linkOf(await smtp.takeMail(user.email as string));
    t.clock.advance(HOUR);
    try {
      expect(codeOf(await get(t, `/account/password/save?token=${encodeURIComponent(token)}`))).toBe(
        ResponseCode.AccountModifyInvalidToken,
      );
    } finally {
      t.clock.advance(-HOUR);
    }
    await login(t, user.email as string, user.password);
  });

  it('refuses the token of another flow (a change link on the reset endpoint)', async () => {
    const user = await createAccount(t);
    const cookie = await login(t, user.email as string, user.password);
    await post(
      t,
      '/web/account/password/presave',
      { current_password: user.password, new_password: OTHER_GOOD_PASSWORD },
      { cookie },
    );
    const { token } = linkOf(await smtp.takeMail(user.email as string));
    expect(codeOf(await get(t, `/web/account/password/reset?token=${encodeURIComponent(token)}`))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    expect(codeOf(await get(t, `/web/account/password/save?token=${encodeURIComponent(token)}`))).toBe(0);
  });
});

describe('password reset: /web/account/password/prereset → mail → /account/password/reset', () => {
  it('sets the new password and ends every session', async () => {
    const user = await createAccount(t);
    const session = await login(t, user.email as string, user.password);
    expect(
      codeOf(
        await post(t, '/web/account/password/prereset', {
          email: user.email as string,
          new_password: OTHER_GOOD_PASSWORD,
        }),
      ),
    ).toBe(0);
    const { url, token } = linkOf(await smtp.takeMail(user.email as string));
    expect(url.pathname).toBe('/account/password/reset');
    expect(codeOf(await get(t, `/web/account/password/reset?token=${encodeURIComponent(token)}`))).toBe(0);
    expect(codeOf(await get(t, '/account', { cookie: session }))).toBe(ResponseCode.WebTokenInvalid);
    await login(t, user.email as string, OTHER_GOOD_PASSWORD);
    expect(codeOf(await get(t, `/web/account/password/reset?token=${encodeURIComponent(token)}`))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });

  it('answers the same for an unknown address and mails it a notice without a link to reset (ADR 015)', async () => {
    const email = freshEmail();
    expect(codeOf(await post(t, '/account/password/prereset', { email, new_password: OTHER_GOOD_PASSWORD }))).toBe(0);
    const notice = await smtp.takeMail(email);
    expect(notice.text).not.toMatch(/token=/);
  });

  it('works through /account/password/prereset and /account/password/reset, and checks its input', async () => {
    const user = await createAccount(t);
    expect(
      codeOf(await post(t, '/account/password/prereset', { email: user.email as string, new_password: 'weak' })),
    ).toBe(ResponseCode.AccountInvalidPassword);
    expect(codeOf(await post(t, '/account/password/prereset', { email: 'x', new_password: OTHER_GOOD_PASSWORD }))).toBe(
      ResponseCode.AccountInvalidEmail,
    );
    expect(codeOf(await post(t, '/account/password/prereset', { email: user.email as string }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(
      codeOf(
        await post(t, '/account/password/prereset', { email: user.email as string, new_password: OTHER_GOOD_PASSWORD }),
      ),
    ).toBe(0);
    const { token } = linkOf(await smtp.takeMail(user.email as string));
    expect(codeOf(await get(t, `/account/password/reset?token=${encodeURIComponent(token)}`))).toBe(0);
    await login(t, user.email as string, OTHER_GOOD_PASSWORD);
  });

  it('does not apply a pending reset of an account that resigned meanwhile', async () => {
    const user = await createAccount(t);
    await post(t, '/web/account/password/prereset', { email: user.email as string, new_password: OTHER_GOOD_PASSWORD });
    const { token } = linkOf(await smtp.takeMail(user.email as string));
    const cookie = await login(t, user.email as string, user.password);
    expect(codeOf(await post(t, '/account/resign', { user_id: String(user.id) }, { cookie }))).toBe(0);
    expect(codeOf(await get(t, `/web/account/password/reset?token=${encodeURIComponent(token)}`))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });
});

describe('a signed-up account end to end', () => {
  it('signs up, logs out, logs in again', async () => {
    const email = freshEmail();
    const cookie = await signUp(email);
    const logout = await post(t, '/web/user/logout', {}, { cookie });
    expect(codeOf(logout)).toBe(0);
    expect(codeOf(await get(t, '/account', { cookie }))).toBe(ResponseCode.WebTokenInvalid);
    await login(t, email, GOOD_PASSWORD);
  });
});
