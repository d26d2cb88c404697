// LoginBonusService's own rules on the real repositories (a migrated test database): one claim per
// local day (Asia/Tokyo here), the 7-day cycle with a premium ticket on day 7, a missed day starting
// it again, the view that claims nothing, and concurrent calls claiming once. The calendar's numbers
// are login-bonus.rules.ts's (login-bonus.rules.test.ts); the wallet's rules are WalletService's.
import { ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceTransactionRepository } from '#src/repositories/commerce-transaction.repository.ts';
import { LoginBonusRepository } from '#src/repositories/login-bonus.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { LOGIN_BONUS_TICKET_LIFETIME_MS } from '#src/rules/login-bonus.rules.ts';
import { LoginBonusService } from '#src/services/login-bonus.service.ts';
import { TicketService } from '#src/services/ticket.service.ts';
import { WalletService } from '#src/services/wallet.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser } from '#test/factories.ts';
import { codeOf, TEST_TIME_ZONE } from '#test/services/harness.ts';
import { authStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;
/** 09:00 in Tokyo on 2026-03-01 (00:00 UTC). */
const MORNING = Date.UTC(2026, 2, 1);

describe('LoginBonusService', () => {
  let database: TestDatabase;
  let now = MORNING;
  let service: LoginBonusService;

  beforeAll(async () => {
    database = await createTestDatabase();
    const clock = { now: () => now };
    const transactions = new CommerceTransactionRepository(database.db);
    const wallet = new WalletService({
      wallets: new WalletRepository(database.db),
      transactions,
      premiumTickets: new TicketRepository(database.db),
      clock,
      timeZone: TEST_TIME_ZONE,
    });
    service = new LoginBonusService({
      transactions,
      loginBonuses: new LoginBonusRepository(database.db),
      wallet,
      // TicketService's own grant (it reads nothing of the service's other dependencies).
      tickets: { grantPremiumTicketsIn: TicketService.prototype.grantPremiumTicketsIn },
      clock,
      timeZone: TEST_TIME_ZONE,
    });
  });
  afterAll(() => database?.close());

  async function reader() {
    return authStub.web(await insertUser(database.db));
  }

  const claim = async (auth: ReturnType<typeof authStub.web>) => {
    const answer = await service.claimLoginBonus(auth, {} as never);
    return { ...answer.loginbonus_list[0]!, account_point: answer.account_point };
  };

  async function premiumTickets(userId: number) {
    return database.db.selectFrom('premium_ticket').selectAll().where('user_id', '=', userId).execute();
  }

  it('refuses a guest and an account that is not active', async () => {
    expect(await codeOf(service.claimLoginBonus(authStub.anonymous, {} as never))).toBe(ResponseCode.UserNotLogin);
    expect(await codeOf(service.viewLoginBonus(authStub.deadToken))).toBe(ResponseCode.WebTokenInvalid);
    const user = await insertUser(database.db, { status: 'suspended' });
    expect(await codeOf(service.claimLoginBonus(authStub.web(user), {} as never))).toBe(ResponseCode.AccountSuspended);
  });

  it("claims a day's points once: a second call the same local day receives nothing", async () => {
    const auth = await reader();
    now = MORNING;
    expect(await claim(auth)).toMatchObject({
      days_in_a_row: 1,
      today_day_index: 1,
      is_received_now: 1,
      received_point: 10,
      account_point: 10,
    });
    // Still 2026-03-01 in Tokyo at 23:59.
    now = MORNING + 14 * 3_600_000 + 59 * 60_000;
    expect(await claim(auth)).toMatchObject({ is_received_now: 0, received_point: 0, account_point: 10 });
    const rows = await database.db
      .selectFrom('login_bonus')
      .selectAll()
      .where('user_id', '=', auth.user!.userId)
      .execute();
    expect(rows.map((row) => row.bonus_date)).toEqual(['2026-03-01']);
  });

  it('gives a premium ticket on the 7th day in a row, then starts the calendar again', async () => {
    const auth = await reader();
    const userId = auth.user!.userId;
    let points = 0;
    for (let day = 0; day < 7; day++) {
      now = MORNING + day * DAY;
      const answer = await claim(auth);
      points += answer.received_point;
      expect(answer).toMatchObject({ days_in_a_row: day + 1, today_day_index: day + 1, account_point: points });
    }
    expect(points).toBe(10 + 10 + 20 + 10 + 20 + 30 + 30);
    const tickets = await premiumTickets(userId);
    expect(tickets).toHaveLength(1);
    expect(Number(tickets[0]!.expires_at)).toBe(MORNING + 6 * DAY + LOGIN_BONUS_TICKET_LIFETIME_MS);
    now = MORNING + 7 * DAY;
    expect(await claim(auth)).toMatchObject({ days_in_a_row: 8, today_day_index: 1, received_premium_ticket_num: 0 });
    expect(await premiumTickets(userId)).toHaveLength(1);
  });

  it('starts again at day 1 after a missed day', async () => {
    const auth = await reader();
    now = MORNING;
    await claim(auth);
    now = MORNING + DAY;
    expect(await claim(auth)).toMatchObject({ days_in_a_row: 2 });
    now = MORNING + 3 * DAY;
    expect(await claim(auth)).toMatchObject({ days_in_a_row: 1, today_day_index: 1, received_point: 10 });
  });

  it('shows the day a claim would be without claiming it, then the claimed day', async () => {
    const auth = await reader();
    now = MORNING;
    await claim(auth);
    now = MORNING + DAY;
    const before = (await service.viewLoginBonus(auth)).loginbonus_list[0]!;
    expect(before).toMatchObject({ days_in_a_row: 1, today_day_index: 2, is_received_now: 0 });
    expect(before.day_list.find((day) => day.day_index === 2)).toMatchObject({ is_today: 1, is_received: 0 });
    expect((await service.viewLoginBonus(auth)).account_point).toBe(10);
    await claim(auth);
    const after = (await service.viewLoginBonus(auth)).loginbonus_list[0]!;
    expect(after).toMatchObject({ days_in_a_row: 2, today_day_index: 2, is_received_now: 0, received_point: 0 });
    expect(after.day_list.find((day) => day.day_index === 2)).toMatchObject({ is_today: 1, is_received: 1 });
  });

  it('views without writing: no wallet row, no claim', async () => {
    const auth = await reader();
    now = MORNING;
    const view = await service.viewLoginBonus(auth);
    expect(view.account_point).toBe(0);
    expect(view.loginbonus_list[0]).toMatchObject({ today_day_index: 1, is_received_now: 0 });
    const userId = auth.user?.userId as number;
    const wallet = await database.db.selectFrom('point_balance').selectAll().where('user_id', '=', userId).execute();
    expect(wallet).toEqual([]);
    const claims = await database.db.selectFrom('login_bonus').selectAll().where('user_id', '=', userId).execute();
    expect(claims).toEqual([]);
  });

  it('credits once when two calls claim the same day at the same time', async () => {
    const auth = await reader();
    now = MORNING;
    const answers = await Promise.all([claim(auth), claim(auth), claim(auth)]);
    expect(answers.filter((answer) => answer.is_received_now === 1)).toHaveLength(1);
    const after = await service.viewLoginBonus(auth);
    expect(after.account_point).toBe(10);
  });
});
