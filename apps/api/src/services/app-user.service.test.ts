// AppUserService's own rules on the real user, device, e-mail token and challenge repositories (a
// migrated test database): an installation registers once unless it asks to overwrite, device reports
// are the caller's, a suspension ends sessions and mails a single-use unban link that works only from
// the account's installation, and an attestation answers one live challenge of its caller. The
// signature of app calls is request-signature's (api-security-app-signature.test.ts).
import { ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import { DeviceRepository } from '#src/repositories/device.repository.ts';
import { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import { TransactionRepository } from '#src/repositories/transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { AppUserService, CHALLENGE_TTL_MS, type RegisterInput } from '#src/services/app-user.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser, TEST_NOW } from '#test/factories.ts';
import { codeOf } from '#test/services/harness.ts';
import { RecordingMailer, SequentialCrypto } from '#test/services/in-memory-repositories.ts';
import { authStub, rowFactory } from '#test/services/stubs.ts';

const ATTESTATION = Buffer.alloc(32, 7).toString('base64');

describe('AppUserService', () => {
  let database: TestDatabase;
  let now = TEST_NOW;
  let service: AppUserService;
  const mailer = new RecordingMailer();
  let uuids = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    service = new AppUserService({
      users: new UserRepository(db),
      devices: new DeviceRepository(db),
      challenges: new ChallengeRepository(db),
      emailTokens: new EmailTokenRepository(db),
      transactions: new TransactionRepository(db),
      mailer,
      crypto: new SequentialCrypto(),
      clock: { now: () => now },
    });
  });
  afterAll(() => database?.close());

  const installation = (overrides: Partial<RegisterInput> = {}): RegisterInput => ({
    device: 'Pixel 9',
    locale: 'en-US',
    original_uuid: `uuid-${++uuids}`,
    os_version: '15',
    platform: 2,
    tablet: 0,
    timezone: 'Asia/Tokyo',
    ...overrides,
  });
  const devicesOf = (originalUuid: string) =>
    database.db.selectFrom('device').selectAll().where('original_uuid', '=', originalUuid).execute();
  const statusOf = async (userId: number) =>
    (await database.db.selectFrom('user').select('status').where('id', '=', userId).executeTakeFirstOrThrow()).status;

  it('registers an installation once (2010 again), and binds it to a fresh user on is_overwrite=1', async () => {
    const input = installation({ regid: 'reg-1' });
    const first = await service.register(input);
    expect(first).toMatchObject({ original_uuid: input.original_uuid, login_status: 0, email: '' });
    expect(first.hash_key).toBeTruthy();
    expect(await codeOf(service.register(input))).toBe(ResponseCode.ExistsOriginalUuid);
    expect(await codeOf(service.register({ ...input, is_overwrite: 0 }))).toBe(ResponseCode.ExistsOriginalUuid);

    const second = await service.register({ ...input, is_overwrite: 1, regid: undefined });
    expect(second.user_id).not.toBe(first.user_id);
    expect(second.hash_key).not.toBe(first.hash_key);
    // Still one device row for the installation, now the new user's.
    const rows = await devicesOf(input.original_uuid);
    expect(rows.map((row) => [row.user_id, row.regid])).toEqual([[second.user_id, '']]);
    // English device locales give an English account; any other gives Japanese.
    const users = database.db.selectFrom('user').select(['id', 'locale']);
    expect((await users.where('id', '=', second.user_id).executeTakeFirstOrThrow()).locale).toBe('en');
    const french = await service.register(installation({ locale: 'fr-FR' }));
    expect((await users.where('id', '=', french.user_id).executeTakeFirstOrThrow()).locale).toBe('ja');
  });

  it("saves the caller's device (creating one for a web-only user), keeping fields not sent", async () => {
    const report = { device: 'iPhone 16', locale: 'ja-JP', os_version: '18.1', tablet: 0 as const, timezone: 'UTC' };
    expect(await codeOf(service.saveDevice(authStub.anonymous, report, 1))).toBe(ResponseCode.UserNotLogin);
    const suspended = await insertUser(database.db, { status: 'suspended' });
    expect(await codeOf(service.saveDevice(authStub.web(suspended), report, 1))).toBe(ResponseCode.AccountSuspended);
    expect(await codeOf(service.savePushNotification(authStub.web(suspended), 1))).toBe(ResponseCode.AccountSuspended);

    const webOnly = await insertUser(database.db, { original_uuid: null });
    const auth = authStub.web(webOnly);
    await service.saveDevice(auth, { ...report, fcm_token: 'fcm-1', adjust_id: 'adj-1' }, 1);
    now = TEST_NOW + 1000;
    await service.saveDevice(auth, { ...report, os_version: '18.2', fcm_token: 'fcm-2' }, 1);
    now = TEST_NOW;
    const rows = await database.db.selectFrom('device').selectAll().where('user_id', '=', webOnly.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ original_uuid: '', os_version: '18.2', fcm_token: 'fcm-2', adjust_id: 'adj-1' });

    await service.savePushNotification(auth, 0);
    await service.saveNoahId(auth, 'noah-7');
    const saved = await database.db
      .selectFrom('user')
      .select(['push_notice_status', 'noah_id'])
      .where('id', '=', webOnly.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ push_notice_status: 0, noah_id: 'noah-7' });
  });

  it('suspends an active account once, ends its sessions, and mails a single-use unban link', async () => {
    const registered = await service.register(installation());
    const user = await insertUser(database.db, { original_uuid: null });
    await database.db
      .updateTable('user')
      .set({ email: `suspend-${user.id}@example.test` })
      .where('id', '=', user.id)
      .execute();
    const { id: _id, ...session } = rowFactory.session({ user_id: user.id });
    await database.db.insertInto('web_token').values(session).execute();
    // The account's installation: a device of theirs bound to this uuid.
    await database.db
      .updateTable('device')
      .set({ user_id: user.id })
      .where('user_id', '=', registered.user_id)
      .execute();

    const { unbanToken } = await service.suspendUser(user.id, 'en');
    expect(await statusOf(user.id)).toBe('suspended');
    const live = await database.db
      .selectFrom('web_token')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect(mailer.sent.at(-1)).toMatchObject({
      kind: 'unban',
      to: `suspend-${user.id}@example.test`,
      token: unbanToken,
    });
    expect(await codeOf(service.suspendUser(user.id, 'en'))).toBe(ResponseCode.AccountNotActive);

    // The link works only from the account's own installation, and only once.
    const other = installation().original_uuid;
    expect(await codeOf(service.unban({ token: unbanToken, originalUuid: other }))).toBe(
      ResponseCode.ExistsOriginalUuid,
    );
    expect(await codeOf(service.unban({ token: 'not-a-token', originalUuid: registered.original_uuid }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    await service.unban({ token: unbanToken, originalUuid: registered.original_uuid });
    expect(await statusOf(user.id)).toBe('active');
    expect(await codeOf(service.unban({ token: unbanToken, originalUuid: registered.original_uuid }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
  });

  it('keeps a ban: an unban link of an account banned since answers 2014 and lifts nothing', async () => {
    const input = installation();
    const registered = await service.register(input);
    const { unbanToken } = await service.suspendUser(registered.user_id, 'ja');
    await database.db.updateTable('user').set({ status: 'banned' }).where('id', '=', registered.user_id).execute();
    expect(await codeOf(service.unban({ token: unbanToken, originalUuid: input.original_uuid }))).toBe(
      ResponseCode.AccountBanned,
    );
    expect(await statusOf(registered.user_id)).toBe('banned');
  });

  it('accepts an attestation once per live challenge of its caller, and refuses malformed ones (1001)', async () => {
    const one = await insertUser(database.db);
    const other = await insertUser(database.db);
    const { challenge, expires_in } = await service.issueChallenge(authStub.web(one));
    expect(expires_in).toBe(CHALLENGE_TTL_MS / 1000);
    const attest = (
      auth: Parameters<AppUserService['attest']>[0],
      input: Partial<{ attestation: string; challenge: string; keyId: string }> = {},
    ) => service.attest(auth, { attestation: ATTESTATION, challenge, keyId: 'a2V5', ...input });

    expect(await codeOf(attest(authStub.web(one), { attestation: 'not base64!' }))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(attest(authStub.web(one), { attestation: Buffer.alloc(31).toString('base64') }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(await codeOf(attest(authStub.web(one), { keyId: 'key id' }))).toBe(ResponseCode.InvalidParameter);
    // Another account (or a guest) cannot answer a challenge issued to this one.
    expect(await codeOf(attest(authStub.web(other)))).toBe(ResponseCode.AccountModifyInvalidToken);
    expect(await codeOf(attest(authStub.anonymous))).toBe(ResponseCode.AccountModifyInvalidToken);
    await attest(authStub.web(one));
    expect(await codeOf(attest(authStub.web(one)))).toBe(ResponseCode.AccountModifyInvalidToken);

    // A guest's challenge may be answered by anyone, but not after five minutes.
    const guest = await service.issueChallenge(authStub.anonymous);
    now = TEST_NOW + CHALLENGE_TTL_MS;
    expect(await codeOf(attest(authStub.anonymous, { challenge: guest.challenge }))).toBe(
      ResponseCode.AccountModifyInvalidToken,
    );
    now = TEST_NOW + CHALLENGE_TTL_MS - 1;
    await attest(authStub.web(other), { challenge: guest.challenge });
    now = TEST_NOW;
  });
});
