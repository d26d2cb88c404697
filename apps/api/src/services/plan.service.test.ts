// PlanService's own rules on the real payment, wallet and ticket repositories (a migrated test
// database): a plan's monthly bonus once per plan and month of the wire time zone, its points once per
// reader and month even across two plans, how long they last, and `user.charge_type` following the
// reader's live plans and payments. The webhook and the GrantPlanBonus job that call it are tested in
// payment-webhook.service.test.ts and over HTTP.
import { PlanTypeCode, PointReason } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceTransactionRepository } from '#src/repositories/commerce-transaction.repository.ts';
import { PaymentTransactionRepository } from '#src/repositories/payment.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { PLAN_BONUS_LIFETIME_MS, PLAN_TICKET_LIFETIME_MS, PlanService } from '#src/services/plan.service.ts';
import { TicketService } from '#src/services/ticket.service.ts';
import { WalletService } from '#src/services/wallet.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser } from '#test/factories.ts';
import { TEST_TIME_ZONE } from '#test/services/harness.ts';

/** 2026-03-10 12:00 UTC. */
const MARCH = Date.UTC(2026, 2, 10, 12);
const DAY = 86_400_000;

describe('PlanService', () => {
  let database: TestDatabase;
  let transactions: PaymentTransactionRepository;
  let plans: PlanService;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    transactions = new PaymentTransactionRepository(db);
    const wallet = new WalletService({
      wallets: new WalletRepository(db),
      transactions: new CommerceTransactionRepository(db),
      premiumTickets: new TicketRepository(db),
      clock: { now: () => MARCH },
      timeZone: TEST_TIME_ZONE,
    });
    // TicketService's own grant (it reads nothing of the service's other dependencies).
    plans = new PlanService({
      wallet,
      tickets: { grantPremiumTicketsIn: TicketService.prototype.grantPremiumTicketsIn },
      timeZone: TEST_TIME_ZONE,
    });
  });
  afterAll(() => database?.close());

  async function product(bonus: { monthly_bonus_point: number; premium_ticket_num: number }) {
    const row = await database.db
      .insertInto('product')
      .values({
        kind: 'subscription',
        region: 'US',
        currency: 'usd',
        price_minor: 999,
        name_en: 'Plan',
        name_ja: 'プラン',
        ...bonus,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  async function plan(userId: number, productId: number, status = 'active') {
    return database.db
      .insertInto('subscription')
      .values({
        user_id: userId,
        product_id: productId,
        provider_subscription_id: `sub_${userId}_${productId}_${status}`,
        status,
        started_at: MARCH - DAY,
        current_period_end_at: MARCH + 30 * DAY,
        canceled_at: null,
        last_bonus_month: null,
        provider_customer_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const grant = (
    subscription: Awaited<ReturnType<typeof plan>>,
    item: Awaited<ReturnType<typeof product>>,
    at: number,
  ) => transactions.run((stores) => plans.grantBonusIn(stores, subscription, item, at));
  const lots = (userId: number) =>
    database.db.selectFrom('point_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const tickets = (userId: number) =>
    database.db.selectFrom('premium_ticket').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('names the month in the wire time zone', () => {
    expect(plans.monthOf(MARCH)).toBe('2026-03');
    // 2026-03-31 15:00 UTC is already April 1st in Tokyo.
    expect(plans.monthOf(Date.UTC(2026, 2, 31, 15))).toBe('2026-04');
    expect(plans.monthOf(Date.UTC(2026, 2, 31, 14, 59))).toBe('2026-03');
  });

  it("grants a plan's monthly points and tickets once a month, each with its lifetime", async () => {
    const user = await insertUser(database.db);
    const item = await product({ monthly_bonus_point: 150, premium_ticket_num: 2 });
    const subscription = await plan(user.id, item.id);
    expect(await grant(subscription, item, MARCH)).toBe(true);
    expect(await grant(subscription, item, MARCH + DAY)).toBe(false);
    expect(await lots(user.id)).toMatchObject([
      {
        kind: 'free',
        delta: 150,
        reason: PointReason.PlanBonus,
        reference_id: String(subscription.id),
        expires_at: MARCH + PLAN_BONUS_LIFETIME_MS,
      },
    ]);
    expect((await tickets(user.id)).map((row) => Number(row.expires_at))).toEqual([
      MARCH + PLAN_TICKET_LIFETIME_MS,
      MARCH + PLAN_TICKET_LIFETIME_MS,
    ]);
    const april = Date.UTC(2026, 3, 2);
    expect(await grant(subscription, item, april)).toBe(true);
    expect((await lots(user.id)).map((row) => row.delta)).toEqual([150, 150]);
    expect(await tickets(user.id)).toHaveLength(4);
    const stored = await database.db
      .selectFrom('subscription')
      .selectAll()
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(stored.last_bonus_month).toBe('2026-04');
  });

  it("gives a reader the month's points once across two plans, and each plan's tickets", async () => {
    const user = await insertUser(database.db);
    const first = await product({ monthly_bonus_point: 150, premium_ticket_num: 1 });
    const second = await product({ monthly_bonus_point: 300, premium_ticket_num: 2 });
    expect(await grant(await plan(user.id, first.id), first, MARCH)).toBe(true);
    expect(await grant(await plan(user.id, second.id), second, MARCH)).toBe(true);
    expect((await lots(user.id)).map((row) => row.delta)).toEqual([150]);
    expect(await tickets(user.id)).toHaveLength(3);
  });

  it('claims the month of a plan without a bonus and writes nothing', async () => {
    const user = await insertUser(database.db);
    const item = await product({ monthly_bonus_point: 0, premium_ticket_num: 0 });
    const subscription = await plan(user.id, item.id);
    expect(await grant(subscription, item, MARCH)).toBe(true);
    expect(await grant(subscription, item, MARCH)).toBe(false);
    expect(await lots(user.id)).toEqual([]);
    expect(await tickets(user.id)).toEqual([]);
  });

  it("sets charge_type from the reader's live plans and paid payments", async () => {
    const user = await insertUser(database.db);
    const chargeType = async () => {
      await transactions.run((stores) => plans.refreshChargeTypeIn(stores, user.id));
      const row = await database.db
        .selectFrom('user')
        .select('charge_type')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      return row.charge_type;
    };
    expect(await chargeType()).toBe(PlanTypeCode.non_charger);
    const pack = await product({ monthly_bonus_point: 0, premium_ticket_num: 0 });
    await database.db
      .insertInto('payment')
      .values({
        user_id: user.id,
        product_id: pack.id,
        provider_session_id: null,
        provider_payment_id: `pi_${user.id}`,
        status: 'paid',
        amount_minor: 999,
        currency: 'usd',
        created_at: MARCH,
        completed_at: MARCH,
        subscription_id: null,
      })
      .execute();
    expect(await chargeType()).toBe(PlanTypeCode.charger);
    const premium = await product({ monthly_bonus_point: 100, premium_ticket_num: 1 });
    await plan(user.id, premium.id, 'ended');
    expect(await chargeType()).toBe(PlanTypeCode.charger);
    await plan(user.id, pack.id, 'past_due');
    expect(await chargeType()).toBe(PlanTypeCode.subscription);
    await plan(user.id, premium.id, 'active');
    expect(await chargeType()).toBe(PlanTypeCode.subscription_p);
  });
});
