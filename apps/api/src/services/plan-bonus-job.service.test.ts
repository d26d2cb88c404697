// PlanBonusJob's own rules on the real repositories and services (a fresh migrated test database per
// test): every active plan's monthly bonus once, a plan past its period unpaid becoming past due (or
// ended when it was canceled) with the reader's charge_type following, whether the job is due, and the
// embedded test provider's billing played through the real webhook handler. The bonus itself is
// PlanService's (plan.service.test.ts).
import { PlanTypeCode } from '@manga/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { CommerceTransactionRepository } from '#src/repositories/commerce-transaction.repository.ts';
import { PaymentRepository, PaymentTransactionRepository } from '#src/repositories/payment.repository.ts';
import {
  type PaymentProviderRepository,
  StripePaymentProvider,
} from '#src/repositories/payment-provider.repository.ts';
import { TestCheckoutSessionRepository } from '#src/repositories/test-checkout-session.repository.ts';
import { TestPaymentProvider } from '#src/repositories/test-payment-provider.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { PaymentWebhookService } from '#src/services/payment-webhook.service.ts';
import { PlanService } from '#src/services/plan.service.ts';
import { PlanBonusJob } from '#src/services/plan-bonus-job.service.ts';
import { TicketService } from '#src/services/ticket.service.ts';
import { WalletService } from '#src/services/wallet.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser } from '#test/factories.ts';
import { TEST_TIME_ZONE } from '#test/services/harness.ts';

/** 2026-04-01 03:00 UTC: noon of April 1st in Tokyo. */
const APRIL_FIRST = Date.UTC(2026, 3, 1, 3);
const DAY = 86_400_000;

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function setup(options: { embedded: boolean }) {
  const database = await createTestDatabase();
  opened.push(database);
  const { db } = database;
  const clock = { now: () => APRIL_FIRST };
  const wallet = new WalletService({
    wallets: new WalletRepository(db),
    transactions: new CommerceTransactionRepository(db),
    premiumTickets: new TicketRepository(db),
    clock,
    timeZone: TEST_TIME_ZONE,
  });
  const plans = new PlanService({
    wallet,
    // TicketService's own grant (it reads nothing of the service's other dependencies).
    tickets: { grantPremiumTicketsIn: TicketService.prototype.grantPremiumTicketsIn },
    timeZone: TEST_TIME_ZONE,
  });
  // Stripe bills plans by itself (no network here: the job never calls it); the embedded provider does not.
  const provider: PaymentProviderRepository = options.embedded
    ? new TestPaymentProvider({
        webhookSecret: 'whsec_plan_bonus_job_test',
        sessions: new TestCheckoutSessionRepository(db),
        now: clock.now,
      })
    : new StripePaymentProvider({ secretKey: 'sk_test_never_called', webhookSecret: 'whsec_never_called' });
  const transactions = new PaymentTransactionRepository(db);
  const webhooks = new PaymentWebhookService({
    transactions,
    provider,
    wallet,
    plans,
    clock,
  });
  const job = new PlanBonusJob({
    payments: new PaymentRepository(db),
    transactions,
    provider,
    webhooks,
    plans,
    clock,
  });
  const product = await db
    .insertInto('product')
    .values({
      kind: 'subscription',
      region: 'US',
      currency: 'usd',
      price_minor: 999,
      paid_point: 1000,
      monthly_bonus_point: 150,
      premium_ticket_num: 1,
      name_en: 'Plan',
      name_ja: 'プラン',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const plan = async (
    userId: number,
    overrides: { status?: string; periodEnd?: number; cancelAtPeriodEnd?: 0 | 1; lastBonusMonth?: string } = {},
  ) =>
    db
      .insertInto('subscription')
      .values({
        user_id: userId,
        product_id: product.id,
        provider_subscription_id: `sub_test_${userId}`,
        status: overrides.status ?? 'active',
        started_at: APRIL_FIRST - 20 * DAY,
        current_period_end_at: overrides.periodEnd ?? APRIL_FIRST + 10 * DAY,
        cancel_at_period_end: overrides.cancelAtPeriodEnd ?? 0,
        canceled_at: null,
        last_bonus_month: overrides.lastBonusMonth ?? '2026-03',
        provider_customer_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  const subscription = (id: number) =>
    db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const bonusLots = (userId: number) =>
    db
      .selectFrom('point_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'plan_bonus')
      .execute();
  return { db, job, plan, subscription, bonusLots };
}

describe('PlanBonusJob', () => {
  it("gives every active plan in its period the month's bonus once; a second run skips", async () => {
    const { db, job, plan, subscription, bonusLots } = await setup({ embedded: false });
    const [one, two] = [await insertUser(db), await insertUser(db)];
    const first = await plan(one.id);
    const second = await plan(two.id);
    expect(await job.hasDuePlanBonus()).toBe(true);
    expect(await job.handleGrantPlanBonus()).toBe('success');
    for (const [user, row] of [
      [one, first],
      [two, second],
    ] as const) {
      expect((await subscription(row.id)).last_bonus_month).toBe('2026-04');
      expect((await bonusLots(user.id)).map((lot) => lot.delta)).toEqual([150]);
    }
    expect(await job.hasDuePlanBonus()).toBe(false);
    expect(await job.handleGrantPlanBonus()).toBe('skipped');
    expect((await bonusLots(one.id)).map((lot) => lot.delta)).toEqual([150]);
  });

  it('makes a plan past its period unpaid past due, ends a canceled one, and gives neither a bonus', async () => {
    const { db, job, plan, subscription, bonusLots } = await setup({ embedded: false });
    const [late, leaving] = [await insertUser(db), await insertUser(db)];
    const unpaid = await plan(late.id, { periodEnd: APRIL_FIRST - DAY });
    const canceled = await plan(leaving.id, { periodEnd: APRIL_FIRST - DAY, cancelAtPeriodEnd: 1 });
    expect(await job.handleGrantPlanBonus()).toBe('skipped');
    expect(await subscription(unpaid.id)).toMatchObject({ status: 'past_due', last_bonus_month: '2026-03' });
    expect(await subscription(canceled.id)).toMatchObject({ status: 'ended', last_bonus_month: '2026-04' });
    expect(await bonusLots(late.id)).toEqual([]);
    expect(await bonusLots(leaving.id)).toEqual([]);
    const chargeTypes = await db
      .selectFrom('user')
      .select(['id', 'charge_type'])
      .where('id', 'in', [late.id, leaving.id])
      .orderBy('id')
      .execute();
    // A past-due plan is still live (subscription_p: it has premium tickets); an ended one is not.
    expect(chargeTypes.map((row) => row.charge_type)).toEqual([PlanTypeCode.subscription_p, PlanTypeCode.non_charger]);
    // Past due is not due a bonus: the job is not due again.
    expect(await job.hasDuePlanBonus()).toBe(false);
  });

  it("plays the embedded provider's billing: an ended period is renewed by its signed invoice, then the bonus", async () => {
    const { db, job, plan, subscription, bonusLots } = await setup({ embedded: true });
    const user = await insertUser(db);
    const row = await plan(user.id, { periodEnd: APRIL_FIRST - DAY });
    expect(await job.hasDuePlanBonus()).toBe(true);
    expect(await job.handleGrantPlanBonus()).toBe('success');
    const renewed = await subscription(row.id);
    expect(renewed.status).toBe('active');
    expect(Number(renewed.current_period_end_at)).toBeGreaterThan(APRIL_FIRST);
    expect(renewed.last_bonus_month).toBe('2026-04');
    const payments = await db.selectFrom('payment').selectAll().where('user_id', '=', user.id).execute();
    expect(payments).toMatchObject([{ status: 'paid', subscription_id: row.id, amount_minor: 999 }]);
    expect((await bonusLots(user.id)).map((lot) => lot.delta)).toEqual([150]);
    // Renewed and given: nothing is due any more, and a second run changes nothing.
    expect(await job.hasDuePlanBonus()).toBe(false);
    expect(await job.handleGrantPlanBonus()).toBe('skipped');
    expect(await db.selectFrom('payment').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
  });
});
