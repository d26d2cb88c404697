// AccountService's rules on in-memory repositories: the two-step e-mail flows (a change happens only
// in the transaction that spends its single-use token), their checks and codes, and resignation.
// The flows over HTTP and SQL are tested in api-account-flows.test.ts.
import { ResponseCode, serializeConsentCookie } from '@manga/contracts';
import { describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newAccountService, TEST_TOKEN_OPTIONS } from '#test/services/harness.ts';
import { authStub, birthdayCookie, rowFactory } from '#test/services/stubs.ts';

/** The client's address, as the routes pass request.source.address. */
const CLIENT = '203.0.113.7';
const PASSWORD = 'Correct-Horse-9';
const NEW_PASSWORD = 'Battery-Staple-42';
const client = { platform: 3 as const, userAgent: 'Mozilla/5.0 Firefox/140.0' };
const adultCookies = {
  birthday: birthdayCookie('1990-04'),
  terms_of_service_adult: serializeConsentCookie(1, 4_102_444_800),
  privacy_policy: serializeConsentCookie(1, 4_102_444_800),
};

/** A sign-up of new@example.test with a password chosen at once (the app's flow). */
const presaveNewReader = (sut: ReturnType<typeof newAccountService>['sut']) =>
  sut.presave({
    auth: authStub.anonymous,
    email: 'new@example.test',
    password: PASSWORD,
    cookies: {},
    locale: 'en',
    clientAddress: CLIENT,
  });

describe('AccountService: sign-up', () => {
  it('mails a single-use link and stores only its hash, with the consent from the cookies', async () => {
    const { sut, world } = newAccountService();
    await sut.presaveWeb({
      auth: authStub.anonymous,
      email: ' New@Example.TEST ',
      cookies: adultCookies,
      locale: 'en',
      clientAddress: CLIENT,
    });
    expect(world.mailer.sent).toEqual([
      {
        kind: 'signup',
        to: 'new@example.test',
        token: 'token-1',
        locale: 'en',
        expiresInMs: TEST_TOKEN_OPTIONS.signupTokenTtlMs,
      },
    ]);
    expect(world.tables.emailTokens).toMatchObject([
      {
        purpose: 'signup',
        email: 'new@example.test',
        token_hash: world.crypto.sha256('token-1'),
        expires_at: TEST_NOW + TEST_TOKEN_OPTIONS.signupTokenTtlMs,
        used_at: null,
      },
    ]);
    expect(JSON.parse(world.tables.emailTokens[0]!.payload)).toEqual({
      birthday: '1990-04',
      consent: { terms_of_service_minor: 0, terms_of_service_adult: 1, privacy_policy: 1 },
    });
    expect(world.tables.users).toEqual([]);
  });

  it('creates the account, its consent and a session when the link is opened with a password', async () => {
    const { sut, world } = newAccountService();
    await sut.presaveWeb({
      auth: authStub.anonymous,
      email: 'new@example.test',
      cookies: adultCookies,
      locale: 'ja',
      clientAddress: CLIENT,
    });
    const { userId, session } = await sut.completeSignup({
      token: world.mailer.lastToken('signup'),
      password: NEW_PASSWORD,
      client,
    });
    expect(world.tables.users).toMatchObject([
      { id: userId, email: 'new@example.test', password_hash: `hashed:${NEW_PASSWORD}`, birthday: '1990-04' },
    ]);
    expect(world.tables.consents).toMatchObject([
      { user_id: userId, age_group: 'adult', terms_of_service_adult: 1, privacy_policy: 1 },
    ]);
    expect(session).toMatchObject({ userId });
    expect(world.tables.sessions).toHaveLength(1);
  });

  it('spends the token once: a replay answers 2017', async () => {
    const { sut, world } = newAccountService();
    await presaveNewReader(sut);
    const token = world.mailer.lastToken('signup');
    await sut.completeSignup({ token });
    expect(await codeOf(sut.completeSignup({ token }))).toBe(ResponseCode.AccountModifyInvalidToken);
    expect(world.tables.users).toHaveLength(1);
  });

  it('answers 2017 for an expired link', async () => {
    const { sut, world } = newAccountService();
    await presaveNewReader(sut);
    world.clock.advance(TEST_TOKEN_OPTIONS.signupTokenTtlMs);
    expect(await codeOf(sut.completeSignup({ token: world.mailer.lastToken('signup') }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });

  it('tells whether a link still works without using it: valid, used, expired, or invalid (issue 24)', async () => {
    const { sut, world } = newAccountService();
    await presaveNewReader(sut);
    const token = world.mailer.lastToken('signup');
    const status = async (value: string, purpose: 'signup' | 'password_reset' = 'signup') =>
      (await sut.checkEmailToken({ token: value, purpose })).token_status;
    expect(await status(token)).toBe('valid');
    expect(await status(token)).toBe('valid');
    expect(world.tables.emailTokens[0]!.used_at).toBeNull();
    expect(await status(token, 'password_reset')).toBe('invalid');
    expect(await status('no-such-token')).toBe('invalid');
    world.clock.advance(TEST_TOKEN_OPTIONS.signupTokenTtlMs);
    expect(await status(token)).toBe('expired');
    world.clock.advance(-TEST_TOKEN_OPTIONS.signupTokenTtlMs);
    await sut.completeSignup({ token });
    expect(await status(token)).toBe('used');
  });

  it('keeps the token unspent when the save fails, so the reader can try again', async () => {
    const { sut, world } = newAccountService();
    await sut.presaveWeb({
      auth: authStub.anonymous,
      email: 'new@example.test',
      cookies: {},
      locale: 'en',
      clientAddress: CLIENT,
    });
    const token = world.mailer.lastToken('signup');
    expect(await codeOf(sut.completeSignup({ token }))).toBe(ResponseCode.InvalidParameter); // no password chosen
    expect(world.tables.emailTokens[0]!.used_at).toBeNull();
    await expect(sut.completeSignup({ token, password: NEW_PASSWORD })).resolves.toMatchObject({ userId: 1 });
  });

  it('checks the address, the password and the age before sending anything', async () => {
    const { sut, world } = newAccountService();
    world.addUser({ email: 'taken@example.test' });
    world.addUser({ email: 'gone@example.test', status: 'resigned' });
    const presave = (email: string, password = PASSWORD, cookies = {}) =>
      sut.presave({ auth: authStub.anonymous, email, password, cookies, locale: 'en', clientAddress: CLIENT });
    expect(await codeOf(presave('not-an-address'))).toBe(ResponseCode.AccountInvalidEmail);
    expect(await codeOf(presave('new@example.test', 'short'))).toBe(ResponseCode.AccountInvalidPassword);
    expect(await codeOf(presave('new@example.test', PASSWORD, { birthday: birthdayCookie('2016-01') }))).toBe(
      ResponseCode.AccountAccessDenied,
    );
    expect(world.mailer.sent).toEqual([]);
  });

  it('does the same for a used address as for a new one, and tells only its owner (ADR 015)', async () => {
    const { sut, world } = newAccountService();
    world.addUser({ email: 'taken@example.test' });
    world.addUser({ email: 'gone@example.test', status: 'resigned' });
    const hashed = vi.spyOn(world.hasher, 'hashPassword');
    for (const email of ['taken@example.test', 'gone@example.test', 'new@example.test']) {
      await sut.presave({
        auth: authStub.anonymous,
        email,
        password: PASSWORD,
        cookies: {},
        locale: 'en',
        clientAddress: CLIENT,
      });
    }
    expect(hashed).toHaveBeenCalledTimes(3);
    expect(world.mailer.notices).toEqual([
      { kind: 'account_exists', to: 'taken@example.test', locale: 'en' },
      { kind: 'account_exists', to: 'gone@example.test', locale: 'en' },
    ]);
    expect(world.mailer.sent.map((m) => [m.kind, m.to])).toEqual([['signup', 'new@example.test']]);
  });

  it('answers 2008 when someone else registered the address between the mail and the link', async () => {
    const { sut, world } = newAccountService();
    await presaveNewReader(sut);
    world.addUser({ email: 'new@example.test' });
    expect(await codeOf(sut.completeSignup({ token: world.mailer.lastToken('signup') }))).toBe(
      ResponseCode.AccountEmailUsed,
    );
  });
});

describe('AccountService: e-mail and password changes', () => {
  it('changes the address only when the link sent to the new address is opened', async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser();
    await sut.presaveEmail({
      auth: authStub.web(user),
      newEmail: 'moved@example.test',
      password: PASSWORD,
      locale: 'ja',
      clientAddress: CLIENT,
    });
    expect(world.mailer.sent.at(-1)).toMatchObject({ kind: 'email_change', to: 'moved@example.test' });
    expect(world.tables.users[0]!.email).toBe(user.email);
    await sut.saveEmail({ token: world.mailer.lastToken('email_change') });
    expect(world.tables.users[0]!.email).toBe('moved@example.test');
  });

  it('needs the current password (2006) and a different, free address (2008)', async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser();
    world.addUser({ email: 'taken@example.test' });
    const presave = (newEmail: string, password = PASSWORD) =>
      sut.presaveEmail({ auth: authStub.web(user), newEmail, password, locale: 'en', clientAddress: CLIENT });
    expect(await codeOf(presave('moved@example.test', 'Wrong-Horse-9'))).toBe(ResponseCode.AccountInvalidPassword);
    expect(await codeOf(presave(user.email as string))).toBe(ResponseCode.AccountEmailUsed);
    expect(await codeOf(presave('taken@example.test'))).toBe(ResponseCode.AccountEmailUsed);
  });

  it('sets the new password from the link and ends every other session of the account', async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser();
    world.tables.sessions.push(
      rowFactory.session({ id: 1, user_id: user.id }),
      rowFactory.session({ id: 2, user_id: user.id }),
    );
    await sut.presavePassword({
      auth: authStub.web(user, 1),
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      locale: 'en',
      clientAddress: CLIENT,
    });
    expect(world.tables.users[0]!.password_hash).toBe(`hashed:${PASSWORD}`);
    await sut.savePassword({ token: world.mailer.lastToken('password_change'), auth: authStub.web(user, 1) });
    expect(world.tables.users[0]!.password_hash).toBe(`hashed:${NEW_PASSWORD}`);
    expect(world.tables.sessions.map((s) => s.revoked_at)).toEqual([null, TEST_NOW]);
  });

  it('answers a reset request the same, after the same work, whether or not the address has an account', async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser();
    const hashed = vi.spyOn(world.hasher, 'hashPassword');
    await sut.preresetPassword({
      email: 'nobody@example.test',
      newPassword: NEW_PASSWORD,
      locale: 'en',
      clientAddress: CLIENT,
    });
    expect(hashed).toHaveBeenCalledTimes(1);
    expect(world.mailer.sent).toEqual([]);
    expect(world.mailer.notices).toEqual([{ kind: 'no_account', to: 'nobody@example.test', locale: 'en' }]);
    await sut.preresetPassword({
      email: user.email as string,
      newPassword: NEW_PASSWORD,
      locale: 'en',
      clientAddress: CLIENT,
    });
    expect(hashed).toHaveBeenCalledTimes(2);
    expect(world.mailer.sent).toMatchObject([
      { kind: 'password_reset', to: user.email, expiresInMs: TEST_TOKEN_OPTIONS.passwordTokenTtlMs },
    ]);
  });
});

describe('AccountService: reads and resignation', () => {
  it("reads only the caller's own user (2000 for any other id)", async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser({ original_uuid: 'install-1' });
    const other = world.addUser();
    expect(await sut.getUser(authStub.web(user), user.id)).toMatchObject({
      user_id: user.id,
      original_uuid: 'install-1',
    });
    expect(await codeOf(sut.getUser(authStub.web(user), other.id))).toBe(ResponseCode.UserNotExist);
  });

  it('resigns the account, ends its sessions and voids its pending links; a second resignation answers 2013', async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser();
    world.tables.sessions.push(rowFactory.session({ user_id: user.id }));
    await sut.presaveEmail({
      auth: authStub.web(user),
      newEmail: 'moved@example.test',
      password: PASSWORD,
      locale: 'en',
      clientAddress: CLIENT,
    });
    await sut.resign({ auth: authStub.web(user), userId: user.id, clientAddress: CLIENT });
    expect(world.tables.users[0]).toMatchObject({ status: 'resigned', resigned_at: TEST_NOW });
    expect(world.tables.sessions[0]!.revoked_at).toBe(TEST_NOW);
    expect(world.tables.emailTokens[0]!.used_at).toBe(TEST_NOW);
    expect(await codeOf(sut.resign({ auth: authStub.web(user), userId: user.id, clientAddress: CLIENT }))).toBe(
      ResponseCode.AccountResigned,
    );
  });

  it('resigns only the caller (2000 for another user id)', async () => {
    const { sut, world } = newAccountService();
    const user = world.addUser();
    const other = world.addUser();
    expect(await codeOf(sut.resign({ auth: authStub.web(user), userId: other.id, clientAddress: CLIENT }))).toBe(
      ResponseCode.UserNotExist,
    );
    expect(world.tables.users.map((u) => u.status)).toEqual(['active', 'active']);
  });

  it('takes more than a replayable app signature: the password, or a fresh challenge without one (ADR 015)', async () => {
    const { sut, world } = newAccountService();
    const app = (user: { id: number; status: 'active' }) => ({
      user: { userId: user.id, sessionId: null, status: user.status, via: 'app' as const },
      tokenInvalid: false,
    });
    const member = world.addUser();
    const resign = (auth: ReturnType<typeof app>, userId: number, extra: { password?: string; challenge?: string }) =>
      sut.resign({ auth, userId, clientAddress: CLIENT, ...extra });
    expect(await codeOf(resign(app(member as never), member.id, {}))).toBe(ResponseCode.AccountInvalidPassword);
    expect(await codeOf(resign(app(member as never), member.id, { password: 'Wrong-Horse-9' }))).toBe(
      ResponseCode.AccountInvalidPassword,
    );
    await resign(app(member as never), member.id, { password: PASSWORD });
    expect(world.tables.users[0]!.status).toBe('resigned');

    const appOnly = world.addUser({ email: null, password_hash: null });
    expect(await codeOf(resign(app(appOnly as never), appOnly.id, {}))).toBe(ResponseCode.AccountModifyInvalidToken);
    expect(await codeOf(resign(app(appOnly as never), appOnly.id, { challenge: 'never-issued' }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    await world.repositories.challenges.insertChallenge({
      user_id: appOnly.id,
      challenge: 'fresh',
      created_at: TEST_NOW,
      expires_at: TEST_NOW + 60_000,
    });
    await resign(app(appOnly as never), appOnly.id, { challenge: 'fresh' });
    expect(world.tables.users.find((u) => u.id === appOnly.id)?.status).toBe('resigned');
  });
});
