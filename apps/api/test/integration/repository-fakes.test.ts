// The service harness's in-memory repositories (test/services/) against the real ones (ADR 035): one
// contract per repository the fakes implement, run on the fake and on the real repository over this
// run's database (SQLite in `npm test`, PostgreSQL in `npm run test:pg`). A fake that drifts from
// the real repository, in a default, an order, a refusal or a unique key, fails here by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeRow, NewEpisode, NewTitle, TitleRow, UserRow } from '#src/db/schema.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import { CommentRepository } from '#src/repositories/comment.repository.ts';
import { CommentModerationRepository } from '#src/repositories/comment-moderation.repository.ts';
import { ConsentRepository } from '#src/repositories/consent.repository.ts';
import { DeviceRepository } from '#src/repositories/device.repository.ts';
import { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { ReadingHistoryRepository } from '#src/repositories/reading-history.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import type { RepositoryPort } from '#src/repositories/transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import {
  DuplicatePurchaseError,
  EmailTakenError,
  NgWordTakenError,
  NicknameTakenError,
} from '#src/rules/conflict.error.ts';
import type { WalletSource, WalletStore } from '#src/services/wallet.service.ts';
import { createTestDatabase, testDialect } from '#test/db.ts';
import { insertEpisode, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';
import { newTestWorld } from '#test/services/harness.ts';
import { DEVICE_COLUMN_DEFAULTS, USER_COLUMN_DEFAULTS } from '#test/services/in-memory-repositories.ts';
import { rowFactory } from '#test/services/stubs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What each contract uses: the repositories under test and a way to seed the rows they read. */
interface Subject {
  users: RepositoryPort<UserRepository>;
  sessions: RepositoryPort<SessionRepository>;
  emailTokens: RepositoryPort<EmailTokenRepository>;
  consents: RepositoryPort<ConsentRepository>;
  devices: RepositoryPort<DeviceRepository>;
  challenges: RepositoryPort<ChallengeRepository>;
  ownership: RepositoryPort<OwnershipRepository>;
  history: RepositoryPort<ReadingHistoryRepository>;
  wallet: WalletStore & WalletSource;
  episodes: Pick<
    EpisodeRepository,
    'findEpisodeById' | 'listEpisodesByIds' | 'listEpisodesByTitle' | 'findNextEpisode' | 'listNextEpisodeStarts'
  >;
  purchases: RepositoryPort<PurchaseRepository>;
  tickets: RepositoryPort<TicketRepository>;
  ngWords: RepositoryPort<NgWordRepository>;
  auditLog: RepositoryPort<AuditLogRepository>;
  roles: RepositoryPort<UserRoleRepository>;
  moderation: RepositoryPort<CommentModerationRepository>;
  comments: Pick<CommentRepository, 'adjustEpisodeCommentNum'>;
  seed: {
    user(overrides?: Partial<UserRow>): Promise<UserRow>;
    title(overrides?: Partial<NewTitle>): Promise<TitleRow>;
    episode(overrides: Partial<NewEpisode> & { title_id: number }): Promise<EpisodeRow>;
    purchase(row: { user_id: number; episode_id: number; title_id: number; created_at: number }): Promise<void>;
    rental(row: { user_id: number; episode_id: number; title_id: number; expires_at: number }): Promise<void>;
    comment(row: { episode_id: number; user_id: number; status?: string }): Promise<number>;
    report(row: {
      comment_id: number;
      user_id: number;
      created_at: number;
      reason?: string;
      note?: string;
    }): Promise<void>;
  };
  close(): Promise<void>;
}

async function realSubject(): Promise<Subject> {
  const database = await createTestDatabase();
  const { db } = database;
  const rental = { ticket_kind: 'title', ticket_type: 1, ticket_version: 1, started_at: TEST_NOW - HOUR };
  return {
    users: new UserRepository(db),
    sessions: new SessionRepository(db),
    emailTokens: new EmailTokenRepository(db),
    consents: new ConsentRepository(db),
    devices: new DeviceRepository(db),
    challenges: new ChallengeRepository(db),
    ownership: new OwnershipRepository(db),
    history: new ReadingHistoryRepository(db),
    wallet: new WalletRepository(db),
    episodes: new EpisodeRepository(db),
    purchases: new PurchaseRepository(db),
    tickets: new TicketRepository(db),
    ngWords: new NgWordRepository(db),
    auditLog: new AuditLogRepository(db),
    roles: new UserRoleRepository(db),
    moderation: new CommentModerationRepository(db),
    comments: new CommentRepository(db),
    seed: {
      user: (overrides = {}) => insertUser(db, overrides),
      title: (overrides = {}) => insertTitle(db, overrides),
      episode: (overrides) => insertEpisode(db, overrides),
      purchase: async (row) => {
        await db
          .insertInto('purchase')
          .values({ price: 40, paid_point: 40, ...row })
          .execute();
      },
      rental: async (row) => {
        await db
          .insertInto('rental')
          .values({ ...rental, ...row })
          .execute();
      },
      comment: async (row) =>
        (
          await db
            .insertInto('comment')
            .values({ body: 'What a chapter!', created_at: TEST_NOW - HOUR, reviewed_at: null, ...row })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      report: async (row) => {
        await db.insertInto('comment_report').values(row).execute();
      },
    },
    close: () => database.close(),
  };
}

async function fakeSubject(): Promise<Subject> {
  const world = newTestWorld();
  const { tables } = world;
  return {
    ...world.repositories,
    ownership: world.ownership,
    history: world.readingHistory,
    wallet: world.wallet,
    episodes: world.catalogue,
    purchases: world.purchases,
    tickets: world.tickets,
    ngWords: world.moderation.ngWords,
    auditLog: world.moderation.auditLog,
    roles: world.moderation.roles,
    moderation: world.moderation.moderation,
    comments: world.moderation.comments,
    seed: {
      user: async (overrides = {}) => world.addUser(overrides),
      title: async (overrides = {}) => world.addTitle(rowFactory.title(overrides as Partial<TitleRow>)),
      episode: async (overrides) => world.addEpisode(overrides as Partial<EpisodeRow> & { title_id: number }),
      purchase: async (row) => {
        world.tables.purchases.push(rowFactory.purchase({ ...row, id: tables.nextId('purchase') }));
      },
      rental: async (row) => {
        world.tables.rentals.push(rowFactory.rental({ ...row, id: tables.nextId('rental') }));
      },
      comment: async (row) => {
        const comment = rowFactory.comment(row);
        tables.comments.push(comment);
        return comment.id;
      },
      report: async (row) => {
        tables.commentReports.push({ id: tables.nextId('comment_report'), reason: '', note: '', ...row });
      },
    },
    close: async () => {},
  };
}

const subjects: [string, () => Promise<Subject>][] = [
  ['in-memory fake (test/services)', fakeSubject],
  [`real repository on ${testDialect()}`, realSubject],
];

describe.each(subjects)('%s', (_, open) => {
  let s: Subject;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(() => s.close());

  describe('UserRepository', () => {
    it('fills the column defaults on create, as USER_COLUMN_DEFAULTS says', async () => {
      const created = await s.users.insertUser({
        email: `defaults-${Math.random()}@example.test`,
        hash_key: 'k',
        created_at: TEST_NOW,
        updated_at: TEST_NOW,
      });
      const { email: _email, ...defaults } = USER_COLUMN_DEFAULTS;
      expect(created).toMatchObject(defaults);
      expect(await s.users.findUserById(created.id)).toEqual(created);
      expect(await s.users.findHashKeyByUserId(created.id)).toBe('k');
    });

    it('refuses a taken e-mail address on create and on update (EmailTakenError)', async () => {
      const taken = await s.seed.user();
      const other = await s.seed.user();
      const fresh = { hash_key: 'k', created_at: TEST_NOW, updated_at: TEST_NOW };
      await expect(s.users.insertUser({ ...fresh, email: taken.email })).rejects.toBeInstanceOf(EmailTakenError);
      await expect(s.users.updateUser(other.id, { email: taken.email })).rejects.toBeInstanceOf(EmailTakenError);
      expect((await s.users.findUserById(other.id))?.email).toBe(other.email);
    });

    it('updates with a status only while the account has that status', async () => {
      const user = await s.seed.user();
      expect(await s.users.updateUserWithStatus(user.id, 'banned', { nickname: 'x' })).toBe(false);
      expect(await s.users.updateUserWithStatus(user.id, 'active', { nickname: 'y' })).toBe(true);
      expect((await s.users.findUserById(user.id))?.nickname).toBe('y');
      expect(await s.users.findUserByEmail(user.email as string)).toMatchObject({ id: user.id });
    });

    it('keeps a nickname key unique per region, and changes it only after `lastChangedBy` (ADR 066)', async () => {
      const key = `nick-${Math.random()}`;
      const change = { nickname: key, nickname_key: key, nickname_changed_at: TEST_NOW, updated_at: TEST_NOW };
      const first = await s.seed.user({ region: 'US' });
      const second = await s.seed.user({ region: 'US' });
      const japan = await s.seed.user({ region: 'JP' });
      expect(await s.users.updateNickname(first.id, change, TEST_NOW - DAY)).toBe(true);
      await expect(s.users.updateNickname(second.id, change, null)).rejects.toBeInstanceOf(NicknameTakenError);
      expect((await s.users.findUserById(second.id))?.nickname_key).toBeNull();
      expect(await s.users.updateNickname(japan.id, change, null)).toBe(true);
      const again = { ...change, nickname: 'x', nickname_key: `${key}-x`, nickname_changed_at: TEST_NOW + HOUR };
      expect(await s.users.updateNickname(first.id, again, TEST_NOW - HOUR)).toBe(false);
      expect(await s.users.updateNickname(first.id, again, TEST_NOW)).toBe(true);
      const cleared = { nickname: null, nickname_key: null, updated_at: TEST_NOW };
      expect(await s.users.updateNickname(first.id, cleared, null)).toBe(true);
      expect(await s.users.updateNickname(second.id, { ...cleared }, null)).toBe(true);
      expect(await s.users.findUserById(first.id)).toMatchObject({ nickname: null, nickname_key: null });
      expect((await s.users.findUserById(first.id))?.nickname_changed_at).toBe(TEST_NOW + HOUR);
    });
  });

  describe('SessionRepository', () => {
    const session = (
      user_id: number,
      token_hash: string,
      overrides: { expires_at?: number; created_at?: number } = {},
    ) => ({
      user_id,
      token_hash,
      created_at: TEST_NOW - DAY,
      last_seen_at: TEST_NOW - DAY,
      expires_at: TEST_NOW + DAY,
      ...overrides,
    });

    it('fills the defaults and finds a session by its hash with the account status', async () => {
      const user = await s.seed.user();
      const created = await s.sessions.insertSession(session(user.id, `h-${user.id}`));
      expect(created).toMatchObject({ device_name: '', platform: 3, user_agent: '', revoked_at: null });
      expect(await s.sessions.findSessionByTokenHash(`h-${user.id}`)).toEqual({
        id: created.id,
        user_id: user.id,
        expires_at: TEST_NOW + DAY,
        revoked_at: null,
        last_seen_at: TEST_NOW - DAY,
        status: 'active',
        device_name: '',
        private_reading: 0,
      });
      expect(await s.sessions.findSessionByTokenHash('unknown')).toBeUndefined();
    });

    it('counts and lists live sessions only, oldest first; revokes once', async () => {
      const user = await s.seed.user();
      const a = await s.sessions.insertSession(session(user.id, `a-${user.id}`, { created_at: TEST_NOW - 2 * DAY }));
      const b = await s.sessions.insertSession(session(user.id, `b-${user.id}`));
      await s.sessions.insertSession(session(user.id, `c-${user.id}`, { expires_at: TEST_NOW }));
      const d = await s.sessions.insertSession(session(user.id, `d-${user.id}`));
      expect(await s.sessions.revokeSession(d.id, TEST_NOW)).toBe(true);
      expect(await s.sessions.revokeSession(d.id, TEST_NOW)).toBe(false);
      expect(await s.sessions.countActiveSessions(user.id, TEST_NOW)).toBe(2);
      expect((await s.sessions.listActiveSessions(user.id, TEST_NOW)).map((row) => row.id)).toEqual([a.id, b.id]);
      // Every session not revoked yet but b: a, and the expired c too.
      expect(await s.sessions.revokeUserSessions(user.id, TEST_NOW, b.id)).toBe(2);
      expect((await s.sessions.listActiveSessions(user.id, TEST_NOW)).map((row) => row.id)).toEqual([b.id]);
    });

    it('touches a session only when it was last seen before the stale mark', async () => {
      const user = await s.seed.user();
      const created = await s.sessions.insertSession(session(user.id, `t-${user.id}`));
      await s.sessions.touchSession(created.id, TEST_NOW, TEST_NOW - 2 * DAY);
      expect((await s.sessions.findSessionByTokenHash(`t-${user.id}`))?.last_seen_at).toBe(TEST_NOW - DAY);
      await s.sessions.touchSession(created.id, TEST_NOW, TEST_NOW - HOUR);
      expect((await s.sessions.findSessionByTokenHash(`t-${user.id}`))?.last_seen_at).toBe(TEST_NOW);
    });
  });

  describe('EmailTokenRepository', () => {
    it('spends a token once, for its purpose, before it expires', async () => {
      const user = await s.seed.user();
      const token = (token_hash: string, expires_at = TEST_NOW + HOUR) =>
        s.emailTokens.insertEmailToken({
          user_id: user.id,
          purpose: 'password_change',
          token_hash,
          email: user.email as string,
          created_at: TEST_NOW - HOUR,
          expires_at,
        });
      const created = await token(`once-${user.id}`);
      expect(created).toMatchObject({ payload: '{}', used_at: null });
      await token(`old-${user.id}`, TEST_NOW);
      expect(await s.emailTokens.consumeEmailToken(`once-${user.id}`, 'password_reset', TEST_NOW)).toBeUndefined();
      expect(await s.emailTokens.consumeEmailToken(`old-${user.id}`, 'password_change', TEST_NOW)).toBeUndefined();
      expect(await s.emailTokens.consumeEmailToken(`once-${user.id}`, 'password_change', TEST_NOW)).toMatchObject({
        id: created.id,
        used_at: TEST_NOW,
      });
      expect(await s.emailTokens.consumeEmailToken(`once-${user.id}`, 'password_change', TEST_NOW)).toBeUndefined();
    });

    it('revokes a reader’s tokens by purpose, and the tokens sent to an address', async () => {
      const user = await s.seed.user();
      const base = { user_id: user.id, email: user.email as string, created_at: TEST_NOW, expires_at: TEST_NOW + HOUR };
      await s.emailTokens.insertEmailToken({ ...base, purpose: 'password_change', token_hash: `p-${user.id}` });
      await s.emailTokens.insertEmailToken({ ...base, purpose: 'email_change', token_hash: `e-${user.id}` });
      await s.emailTokens.insertEmailToken({ ...base, purpose: 'password_reset', token_hash: `r-${user.id}` });
      await s.emailTokens.revokeUserEmailTokens(user.id, ['password_change'], TEST_NOW);
      await s.emailTokens.revokeEmailTokensByEmail(user.email as string, 'password_reset', TEST_NOW);
      expect(await s.emailTokens.consumeEmailToken(`p-${user.id}`, 'password_change', TEST_NOW)).toBeUndefined();
      expect(await s.emailTokens.consumeEmailToken(`r-${user.id}`, 'password_reset', TEST_NOW)).toBeUndefined();
      expect(await s.emailTokens.consumeEmailToken(`e-${user.id}`, 'email_change', TEST_NOW)).toBeDefined();
    });
  });

  describe('ConsentRepository, DeviceRepository, ChallengeRepository', () => {
    it('fills consent defaults and finds the latest consent', async () => {
      const user = await s.seed.user();
      const first = await s.consents.insertConsent({
        user_id: user.id,
        birthday: '1990-04',
        age_group: 'adult',
        created_at: TEST_NOW - DAY,
      });
      expect(first).toMatchObject({
        visitor_id: null,
        terms_of_service_minor: 0,
        terms_of_service_adult: 0,
        privacy_policy: 0,
      });
      const latest = await s.consents.insertConsent({
        user_id: user.id,
        birthday: '1990-04',
        age_group: 'adult',
        privacy_policy: 1,
        created_at: TEST_NOW,
      });
      expect(await s.consents.findLatestConsentByUser(user.id)).toEqual(latest);
    });

    it('fills device defaults, finds by installation and the latest updated, applies updates', async () => {
      const user = await s.seed.user();
      const uuid = `uuid-${user.id}`;
      const older = await s.devices.insertDevice({
        user_id: user.id,
        original_uuid: uuid,
        created_at: TEST_NOW - DAY,
        updated_at: TEST_NOW - DAY,
      });
      expect(older).toMatchObject(DEVICE_COLUMN_DEFAULTS);
      const newer = await s.devices.insertDevice({
        user_id: user.id,
        original_uuid: `${uuid}-2`,
        created_at: TEST_NOW,
        updated_at: TEST_NOW,
      });
      expect((await s.devices.findLatestDeviceByUser(user.id))?.id).toBe(newer.id);
      await s.devices.updateDevice(older.id, { device: 'Pixel 9', updated_at: TEST_NOW + HOUR });
      expect(await s.devices.findDeviceByOriginalUuid(uuid)).toMatchObject({ id: older.id, device: 'Pixel 9' });
      expect((await s.devices.findLatestDeviceByUser(user.id))?.id).toBe(older.id);
      expect(await s.devices.listDevicesByUser(user.id)).toHaveLength(2);
    });

    it('spends a challenge once, for its account (or anyone), before it expires', async () => {
      const user = await s.seed.user();
      const other = await s.seed.user();
      const challenge = (value: string, userId: number | null, expiresAt = TEST_NOW + HOUR) =>
        s.challenges.insertChallenge({
          challenge: value,
          user_id: userId,
          created_at: TEST_NOW,
          expires_at: expiresAt,
        });
      expect(await challenge(`mine-${user.id}`, user.id)).toMatchObject({ key_id: null, used_at: null });
      await challenge(`open-${user.id}`, null);
      await challenge(`stale-${user.id}`, user.id, TEST_NOW);
      expect(await s.challenges.consumeChallenge(`mine-${user.id}`, other.id, 'k', TEST_NOW)).toBeUndefined();
      expect(await s.challenges.consumeChallenge(`stale-${user.id}`, user.id, 'k', TEST_NOW)).toBeUndefined();
      expect(await s.challenges.consumeChallenge(`mine-${user.id}`, user.id, 'k1', TEST_NOW)).toMatchObject({
        used_at: TEST_NOW,
        key_id: 'k1',
      });
      expect(await s.challenges.consumeChallenge(`mine-${user.id}`, user.id, 'k1', TEST_NOW)).toBeUndefined();
      expect(await s.challenges.consumeChallenge(`open-${user.id}`, other.id, 'k2', TEST_NOW)).toBeDefined();
    });
  });

  describe('EpisodeRepository (the catalogue fake)', () => {
    it('reads released episodes only, in the title’s order, and the next one and the next release', async () => {
      const title = await s.seed.title();
      const third = await s.seed.episode({ title_id: title.id, sort_index: 3 });
      const first = await s.seed.episode({ title_id: title.id, sort_index: 1 });
      const upcoming = await s.seed.episode({ title_id: title.id, sort_index: 4, start_at: TEST_NOW + DAY });
      const later = await s.seed.episode({ title_id: title.id, sort_index: 5, start_at: TEST_NOW + 2 * DAY });
      expect((await s.episodes.listEpisodesByTitle(title.id, TEST_NOW)).map((e) => e.id)).toEqual([first.id, third.id]);
      expect(
        (await s.episodes.listEpisodesByIds([upcoming.id, third.id, third.id], TEST_NOW)).map((e) => e.id),
      ).toEqual([third.id]);
      expect((await s.episodes.findNextEpisode(title.id, 1))?.id).toBe(third.id);
      expect((await s.episodes.findEpisodeById(later.id))?.id).toBe(later.id);
      expect(await s.episodes.listNextEpisodeStarts([title.id], TEST_NOW)).toEqual([
        { title_id: title.id, next_start_at: TEST_NOW + DAY },
      ]);
    });
  });

  describe('OwnershipRepository', () => {
    it('answers purchases and running rentals (the later end), leaving out expired rentals and the rest', async () => {
      const user = await s.seed.user();
      const title = await s.seed.title();
      const [bought, rented, expired, none] = await Promise.all(
        [1, 2, 3, 4].map((sort_index) => s.seed.episode({ title_id: title.id, sort_index })),
      );
      const of = (episode: EpisodeRow) => ({ user_id: user.id, episode_id: episode.id, title_id: title.id });
      await s.seed.purchase({ ...of(bought!), created_at: TEST_NOW - DAY });
      await s.seed.rental({ ...of(rented!), expires_at: TEST_NOW + HOUR });
      await s.seed.rental({ ...of(rented!), expires_at: TEST_NOW + 2 * HOUR });
      await s.seed.rental({ ...of(expired!), expires_at: TEST_NOW });
      const owned = await s.ownership.listOwnership(user.id, [bought!.id, rented!.id, expired!.id, none!.id], TEST_NOW);
      expect([...owned.entries()].sort(([a], [b]) => a - b)).toEqual([
        [bought!.id, { purchased: true }],
        [rented!.id, { purchased: false, rentedUntil: TEST_NOW + 2 * HOUR, rentalKind: 'title' }],
      ]);
    });
  });

  describe('ReadingHistoryRepository', () => {
    it('keeps the last page and the finish per episode, and counts finished episodes per title', async () => {
      const user = await s.seed.user();
      const title = await s.seed.title();
      const [a, b] = await Promise.all([1, 2].map((sort_index) => s.seed.episode({ title_id: title.id, sort_index })));
      const progress = (episode: EpisodeRow, page: number) => ({
        userId: user.id,
        titleId: title.id,
        episodeId: episode.id,
        page,
      });
      await s.history.upsertLastPage(progress(a!, 3), TEST_NOW - HOUR);
      await s.history.upsertFinished(progress(b!, 9), TEST_NOW - HOUR);
      await s.history.upsertLastPage(progress(b!, 4), TEST_NOW);
      const views = await s.history.listEpisodeViews(user.id, [a!.id, b!.id]);
      expect(views.sort((x, y) => x.episode_id - y.episode_id)).toEqual([
        { episode_id: a!.id, finished_at: null },
        { episode_id: b!.id, finished_at: TEST_NOW - HOUR },
      ]);
      expect(await s.history.countFinishedEpisodes(user.id, title.id)).toBe(1);
    });
  });

  describe('WalletRepository', () => {
    it('keeps lots with what is left, and balances that refuse to go below zero', async () => {
      const user = await s.seed.user();
      await s.wallet.lockWallet(user.id, TEST_NOW);
      const entry = (kind: 'paid' | 'free', delta: number, expires_at: number | null) => ({
        user_id: user.id,
        kind,
        delta,
        remaining: delta,
        reason: 'operator_grant',
        idempotency_key: null,
        expires_at,
        created_at: TEST_NOW - DAY,
      });
      const [paid, free] = await s.wallet.insertLedgerEntries([
        entry('paid', 100, null),
        entry('free', 30, TEST_NOW - HOUR),
      ]);
      await s.wallet.addToBalance(user.id, { paid_point: 100, free_point: 30 }, TEST_NOW);
      expect(await s.wallet.takeFromLot(free!, 31)).toBe(false);
      expect(await s.wallet.takeFromLot(free!, 10)).toBe(true);
      expect(await s.wallet.takeFromBalance(user.id, { paid_point: 0, free_point: 31 }, TEST_NOW)).toBe(false);
      expect(await s.wallet.takeFromBalance(user.id, { paid_point: 0, free_point: 10 }, TEST_NOW)).toBe(true);
      const lots = await s.wallet.listOpenLots(user.id);
      expect(lots.sort((x, y) => x.id - y.id)).toEqual([
        { id: paid, kind: 'paid', remaining: 100, expires_at: null },
        { id: free, kind: 'free', remaining: 20, expires_at: TEST_NOW - HOUR },
      ]);
      expect(await s.wallet.listUsersWithDueLots(TEST_NOW, 1000)).toContain(user.id);
    });
  });

  describe('PurchaseRepository', () => {
    it('places an episode among the released ones of its title, released or not', async () => {
      const title = await s.seed.title();
      const released = await Promise.all(
        [1, 2].map((sort_index) => s.seed.episode({ title_id: title.id, sort_index })),
      );
      const upcoming = await s.seed.episode({ title_id: title.id, sort_index: 3, start_at: TEST_NOW + DAY });
      const sales = await s.purchases.listEpisodeSales([upcoming.id, released[1]!.id, 999_999], TEST_NOW);
      expect(
        sales
          .map((row) => [row.id, row.position, row.released_count, row.title_published_at])
          .sort((x, y) => Number(x[0]) - Number(y[0])),
      ).toEqual([
        [released[1]!.id, 1, 2, title.published_at],
        [upcoming.id, 2, 2, title.published_at],
      ]);
    });

    it('inserts purchases all or nothing: a (user, episode) held already refuses the batch (DuplicatePurchaseError)', async () => {
      const user = await s.seed.user();
      const title = await s.seed.title();
      const [a, b] = await Promise.all([1, 2].map((sort_index) => s.seed.episode({ title_id: title.id, sort_index })));
      const purchase = (episode: EpisodeRow, created_at: number) => ({
        user_id: user.id,
        episode_id: episode.id,
        title_id: title.id,
        price: 40,
        created_at,
      });
      await s.purchases.insertPurchases([purchase(a!, TEST_NOW - DAY)]);
      await expect(
        s.purchases.insertPurchases([purchase(b!, TEST_NOW), purchase(a!, TEST_NOW)]),
      ).rejects.toBeInstanceOf(DuplicatePurchaseError);
      expect((await s.purchases.listPurchasesNewestFirst(user.id, null, 10)).map((row) => row.episode_id)).toEqual([
        a!.id,
      ]);
      await s.purchases.insertPurchases([purchase(b!, TEST_NOW)]);
      const [newest, oldest] = await s.purchases.listPurchasesNewestFirst(user.id, null, 10);
      expect([newest?.episode_id, oldest?.episode_id]).toEqual([b!.id, a!.id]);
      expect((await s.purchases.listPurchasesNewestFirst(user.id, newest!, 10)).map((row) => row.episode_id)).toEqual([
        a!.id,
      ]);
      expect(await s.purchases.countPurchasedTitles(user.id)).toBe(1);
    });
  });

  describe('TicketRepository', () => {
    it('uses a premium ticket once and never an expired one; lists usable ones first to expire first', async () => {
      const user = await s.seed.user();
      const title = await s.seed.title();
      const episode = await s.seed.episode({ title_id: title.id });
      const grant = (expires_at: number) => ({
        user_id: user.id,
        source: 'operator',
        granted_at: TEST_NOW - DAY,
        expires_at,
      });
      await s.tickets.insertPremiumTickets([grant(TEST_NOW + 9 * DAY), grant(TEST_NOW), grant(TEST_NOW + DAY)]);
      const usable = await s.tickets.listUsablePremiumTickets(user.id, TEST_NOW);
      expect(usable.map((t) => t.expires_at)).toEqual([TEST_NOW + DAY, TEST_NOW + 9 * DAY]);
      expect(await s.tickets.usePremiumTicket(usable[0]!.id, episode.id, TEST_NOW)).toBe(true);
      expect(await s.tickets.usePremiumTicket(usable[0]!.id, episode.id, TEST_NOW)).toBe(false);
      expect((await s.tickets.listUsablePremiumTickets(user.id, TEST_NOW)).map((t) => t.id)).toEqual([usable[1]!.id]);
    });

    it('replaces a reader’s title ticket state', async () => {
      const user = await s.seed.user();
      const title = await s.seed.title();
      await s.tickets.upsertTitleTicket({
        user_id: user.id,
        title_id: title.id,
        own_num: 0,
        ticket_version: 1,
        last_recovered_at: TEST_NOW,
      });
      await s.tickets.upsertTitleTicket({
        user_id: user.id,
        title_id: title.id,
        own_num: 1,
        ticket_version: 2,
        last_recovered_at: TEST_NOW + HOUR,
      });
      expect(await s.tickets.listTitleTickets(user.id, [title.id])).toEqual([
        { user_id: user.id, title_id: title.id, own_num: 1, ticket_version: 2, last_recovered_at: TEST_NOW + HOUR },
      ]);
    });
  });

  describe('NgWordRepository, AuditLogRepository, UserRoleRepository', () => {
    it('refuses a normalised NG word already listed (NgWordTakenError), removes a word once', async () => {
      const word = (normalized: string) => ({
        word: normalized.toUpperCase(),
        normalized_word: normalized,
        match_type: 'part',
        created_by: null,
        created_at: TEST_NOW,
      });
      const tag = `w${Math.random().toString(36).slice(2, 8)}`;
      const created = await s.ngWords.insertNgWord(word(tag));
      await expect(s.ngWords.insertNgWord(word(tag))).rejects.toBeInstanceOf(NgWordTakenError);
      expect((await s.ngWords.listNgWords()).filter((w) => w.normalized_word === tag)).toEqual([created]);
      expect(await s.ngWords.deleteNgWord(created.id)).toEqual(created);
      expect(await s.ngWords.deleteNgWord(created.id)).toBeUndefined();
    });

    it('lists the audit log newest first with the actor’s e-mail', async () => {
      const actor = await s.seed.user();
      const entry = (created_at: number, reason: string) => ({
        actor_user_id: actor.id,
        action: 'comment_hide',
        target_type: 'comment',
        target_id: 1,
        reason,
        created_at,
      });
      await s.auditLog.insertAuditLog(entry(TEST_NOW + 10 * DAY, 'older'));
      await s.auditLog.insertAuditLog(entry(TEST_NOW + 11 * DAY, 'newer'));
      const [newest, next] = await s.auditLog.listAuditLog(2, 0);
      expect([newest?.reason, next?.reason]).toEqual(['newer', 'older']);
      expect(newest).toMatchObject({ actor_email: actor.email, detail: '{}' });
    });

    it('grants a role once and takes it away once', async () => {
      const user = await s.seed.user();
      expect(await s.roles.insertRole(user.id, 'support', TEST_NOW)).toBe(true);
      expect(await s.roles.insertRole(user.id, 'support', TEST_NOW)).toBe(false);
      expect(await s.roles.insertRole(user.id, 'analyst', TEST_NOW + 1)).toBe(true);
      expect(await s.roles.listRolesOf(user.id)).toEqual([
        { role: 'support', created_at: TEST_NOW },
        { role: 'analyst', created_at: TEST_NOW + 1 },
      ]);
      expect((await s.roles.listRoleHolders('support')).map((r) => r.user_id)).toContain(user.id);
      expect(await s.roles.lockRoleHolders('analyst')).toContain(user.id);
      const rows = (await s.roles.listRoleRows()).filter((r) => r.user_id === user.id);
      expect(rows.map((r) => [r.role, r.email])).toEqual([
        ['support', user.email],
        ['analyst', user.email],
      ]);
      expect(await s.roles.deleteRole(user.id, 'support')).toBe(true);
      expect(await s.roles.deleteRole(user.id, 'support')).toBe(false);
      expect(await s.roles.listRolesOf(user.id)).toEqual([{ role: 'analyst', created_at: TEST_NOW + 1 }]);
    });
  });

  describe('CommentModerationRepository', () => {
    it('moves a comment only from the expected status, and queues reported comments by filter', async () => {
      const reader = await s.seed.user();
      const title = await s.seed.title();
      const episode = await s.seed.episode({ title_id: title.id });
      const commentId = await s.seed.comment({ episode_id: episode.id, user_id: reader.id });
      await s.seed.report({ comment_id: commentId, user_id: reader.id, created_at: TEST_NOW - HOUR });
      const queued = async (filter: 'open' | 'hidden' | 'all') =>
        (await s.moderation.listReportedComments(filter, 1000, 0)).some((row) => row.id === commentId);
      expect(await s.moderation.findModeratedComment(commentId)).toMatchObject({
        status: 'visible',
        reporter_num: 1,
        latest_report_at: TEST_NOW - HOUR,
        title_id: title.id,
        suspended_until_at: null,
      });
      expect([await queued('open'), await queued('hidden'), await queued('all')]).toEqual([true, false, true]);
      // Reasons counted by readers, most first; notes newest first, the empty ones left out.
      for (const [index, reason, note] of [
        [1, 'spam', 'shop links'],
        [2, 'spoiler', ''],
        [3, 'spam', 'again'],
      ] as const) {
        const other = await s.seed.user();
        await s.seed.report({
          comment_id: commentId,
          user_id: other.id,
          created_at: TEST_NOW - HOUR + index,
          reason,
          note,
        });
      }
      expect(await s.moderation.findModeratedComment(commentId)).toMatchObject({
        reporter_num: 4,
        report_reasons: [
          { reason: 'spam', reporter_num: 2 },
          { reason: '', reporter_num: 1 },
          { reason: 'spoiler', reporter_num: 1 },
        ],
        report_notes: ['again', 'shop links'],
      });
      expect(await s.moderation.updateCommentStatus(commentId, 'hidden', 'visible', TEST_NOW)).toBe(false);
      expect(await s.moderation.updateCommentStatus(commentId, 'visible', 'hidden', TEST_NOW)).toBe(true);
      expect([await queued('open'), await queued('hidden')]).toEqual([false, true]);
      expect(await s.moderation.markCommentReviewed(commentId, 'visible', TEST_NOW)).toBe(false);
    });

    it('keeps one suspension per reader and lifts it once', async () => {
      const reader = await s.seed.user();
      const operator = await s.seed.user();
      const suspension = (until_at: number) => ({
        user_id: reader.id,
        until_at,
        reason: 'spam',
        created_by: operator.id,
        created_at: TEST_NOW,
      });
      await s.moderation.upsertSuspension(suspension(TEST_NOW + DAY));
      await s.moderation.upsertSuspension(suspension(TEST_NOW + 2 * DAY));
      const title = await s.seed.title();
      const episode = await s.seed.episode({ title_id: title.id });
      const commentId = await s.seed.comment({ episode_id: episode.id, user_id: reader.id });
      expect((await s.moderation.findModeratedComment(commentId))?.suspended_until_at).toBe(TEST_NOW + 2 * DAY);
      expect(await s.moderation.deleteSuspension(reader.id)).toBe(true);
      expect(await s.moderation.deleteSuspension(reader.id)).toBe(false);
    });
  });
});
