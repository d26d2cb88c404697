// OperatorGrantService's own rules on the real repositories and services (a migrated test database):
// the bounds of a grant and its reason, how long granted points and tickets last, the reader found by
// e-mail or account, the audit row written with the grant, and a console form's request key granting
// once. The wallet's and the tickets' own rules are WalletService's and TicketService's.
import { AuditAction, PointReason } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceTransactionRepository } from '#src/repositories/commerce-transaction.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { SupportTransactionRepository } from '#src/repositories/support-transaction.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { FREE_POINT_LIFETIME_MS } from '#src/rules/wallet.rules.ts';
import { EntitlementService } from '#src/services/entitlement.service.ts';
import {
  GrantError,
  MAX_GRANT_POINTS,
  MAX_GRANT_TICKETS,
  MAX_NOTE_LENGTH,
  OperatorGrantService,
} from '#src/services/operator-grant.service.ts';
import { TicketService } from '#src/services/ticket.service.ts';
import { WalletService } from '#src/services/wallet.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser, TEST_NOW } from '#test/factories.ts';
import { TEST_TIME_ZONE } from '#test/services/harness.ts';

const DAY = 86_400_000;

describe('OperatorGrantService', () => {
  let database: TestDatabase;
  let service: OperatorGrantService;
  const now = TEST_NOW;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const clock = { now: () => now };
    const users = new UserRepository(db);
    const purchases = new PurchaseRepository(db);
    const commerce = new CommerceTransactionRepository(db);
    const wallet = new WalletService({
      wallets: new WalletRepository(db),
      transactions: commerce,
      premiumTickets: new TicketRepository(db),
      clock,
      timeZone: TEST_TIME_ZONE,
    });
    const tickets = new TicketService({
      tickets: new TicketRepository(db),
      sales: purchases,
      entitlement: new EntitlementService({
        titles: new TitleRepository(db),
        episodes: new EpisodeRepository(db),
        users,
        ownership: new OwnershipRepository(db),
      }),
      labels: purchases,
      transactions: commerce,
      clock,
      timeZone: TEST_TIME_ZONE,
    });
    service = new OperatorGrantService({
      users,
      wallet,
      tickets,
      transactions: new SupportTransactionRepository(db),
      clock,
    });
  });
  afterAll(() => database?.close());

  const ledger = (userId: number) =>
    database.db.selectFrom('point_ledger').selectAll().where('user_id', '=', userId).execute();
  const audits = (userId: number) =>
    database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', userId)
      .where('target_type', '=', 'user')
      .orderBy('id')
      .execute();

  it('grants free points to the reader of an e-mail address, for 90 days, with the note as the reason', async () => {
    const user = await insertUser(database.db, { email: 'grant-free@example.test' });
    const result = await service.grantPoints({
      email: '  Grant-Free@Example.TEST ',
      amount: 150,
      note: '  sorry for the outage  ',
      paid: false,
    });
    expect(result).toEqual({
      userId: user.id,
      expiresAt: now + FREE_POINT_LIFETIME_MS.operatorGrant,
      balance: { paid_point: 0, free_point: 150 },
      repeated: false,
    });
    expect(await ledger(user.id)).toMatchObject([
      { kind: 'free', delta: 150, reason: PointReason.OperatorGrant, reference_id: 'sorry for the outage' },
    ]);
    const [row] = await audits(user.id);
    expect(row).toMatchObject({ action: AuditAction.ReaderGrantPoints, actor_user_id: null, request_key: null });
    expect(JSON.parse(row!.detail)).toMatchObject({
      via: 'cli',
      kind: 'free',
      amount: 150,
      after: { paid_point: 0, free_point: 150 },
    });
  });

  it('keeps paid points until told otherwise, and honours a given lifetime', async () => {
    const user = await insertUser(database.db);
    expect(
      (await service.grantPoints({ userId: user.id, amount: 5, note: 'refund', paid: true })).expiresAt,
    ).toBeNull();
    const dated = await service.grantPoints({
      userId: user.id,
      amount: 5,
      note: 'refund',
      paid: true,
      expiresDays: 10,
    });
    expect(dated).toMatchObject({ expiresAt: now + 10 * DAY, balance: { paid_point: 10, free_point: 0 } });
  });

  it('refuses a bad amount, note or lifetime, and an unknown reader, granting nothing', async () => {
    const user = await insertUser(database.db);
    const grant = (input: Partial<Parameters<OperatorGrantService['grantPoints']>[0]>) =>
      service.grantPoints({ userId: user.id, amount: 10, note: 'ok', paid: false, ...input } as never);
    for (const amount of [0, -5, 1.5, MAX_GRANT_POINTS + 1, Number.NaN]) {
      await expect(grant({ amount })).rejects.toThrow(/amount/);
    }
    for (const note of ['', '   ', 'x'.repeat(MAX_NOTE_LENGTH + 1)]) {
      await expect(grant({ note })).rejects.toBeInstanceOf(GrantError);
    }
    await expect(grant({ expiresDays: 0 })).rejects.toThrow(/expires-days/);
    await expect(
      service.grantPoints({ email: 'nobody@example.test', amount: 1, note: 'x', paid: false }),
    ).rejects.toThrow(/No account with the e-mail address nobody@example.test/);
    await expect(service.grantPoints({ userId: 99_999_999, amount: 1, note: 'x', paid: false })).rejects.toThrow(
      'No such account',
    );
    expect(await ledger(user.id)).toEqual([]);
    expect(await audits(user.id)).toEqual([]);
  });

  it("grants a console form's request once, and refuses its key for another grant", async () => {
    const staff = await insertUser(database.db);
    const user = await insertUser(database.db);
    const other = await insertUser(database.db);
    const actor = { via: 'console' as const, userId: staff.id, requestKey: 'form-7f3a' };
    const first = await service.grantPoints({ userId: user.id, amount: 40, note: 'goodwill', paid: false }, actor);
    const again = await service.grantPoints({ userId: user.id, amount: 40, note: 'goodwill', paid: false }, actor);
    expect(again).toEqual({ ...first, repeated: true });
    expect(await ledger(user.id)).toHaveLength(1);
    expect(await audits(user.id)).toMatchObject([{ actor_user_id: staff.id, request_key: 'form-7f3a' }]);
    await expect(
      service.grantPoints({ userId: other.id, amount: 40, note: 'goodwill', paid: false }, actor),
    ).rejects.toThrow(/request_key was used for another grant/);
    await expect(service.grantPremiumTickets({ userId: user.id, count: 1, note: 'x' }, actor)).rejects.toThrow(
      /request_key was used for another grant/,
    );
    expect(await ledger(other.id)).toEqual([]);
  });

  it('grants premium tickets for 30 days by default, within bounds, with a note from the console', async () => {
    const user = await insertUser(database.db);
    const result = await service.grantPremiumTickets({ userId: user.id, count: 2 });
    expect(result).toEqual({ userId: user.id, expiresAt: now + 30 * DAY, held: 2, repeated: false });
    const more = await service.grantPremiumTickets({ userId: user.id, count: 1, expiresDays: 7, note: 'bug' });
    expect(more).toMatchObject({ expiresAt: now + 7 * DAY, held: 3 });
    for (const count of [0, MAX_GRANT_TICKETS + 1]) {
      await expect(service.grantPremiumTickets({ userId: user.id, count })).rejects.toThrow(/--count/);
    }
    const staff = { via: 'console' as const, userId: user.id, requestKey: 'form-tickets' };
    await expect(service.grantPremiumTickets({ userId: user.id, count: 1 }, staff)).rejects.toBeInstanceOf(GrantError);
    const held = await database.db.selectFrom('premium_ticket').selectAll().where('user_id', '=', user.id).execute();
    expect(held).toHaveLength(3);
    expect((await audits(user.id)).map((row) => row.action)).toEqual([
      AuditAction.ReaderGrantTickets,
      AuditAction.ReaderGrantTickets,
    ]);
  });
});
