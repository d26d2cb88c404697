// The GrantPlanBonus job (ADR 019, product §4): on the 1st (wire time zone) every active plan gets its
// month's bonus through PlanService; a plan past its period unpaid becomes past due (or ends when it
// was canceled). With a provider that does not bill by itself (the embedded test provider), the job
// first plays its billing: each plan whose period ended gets the provider's signed invoice.paid through
// the same webhook handler as any provider event.
import type { ProductRow, SubscriptionRow } from '#src/repositories/payment.repository.ts';
import type { PaymentProviderRepository } from '#src/repositories/payment-provider.repository.ts';
import type { JobOutcome } from '#src/services/job-scheduler.service.ts';
import type { PaymentWebhookService } from '#src/services/payment-webhook.service.ts';
import type { PaymentLog, PaymentTransactions, PlanService } from '#src/services/plan.service.ts';

export const GRANT_PLAN_BONUS = 'GrantPlanBonus';
const BONUS_BATCH = 200;
/** Plans renewed period by period in one job run: a year of a moved clock at most. */
const MAX_RENEWAL_ROUNDS = 12;

/** Reads outside a transaction: which plans are due. */
export interface PlanDueSource {
  findProduct(id: number): Promise<ProductRow | undefined>;
  listPlansDueBonus(month: string, limit: number): Promise<SubscriptionRow[]>;
  listTestPlansToRenew(now: number, limit: number): Promise<SubscriptionRow[]>;
}

export interface PlanBonusJobDeps {
  payments: PlanDueSource;
  transactions: PaymentTransactions;
  provider: Pick<PaymentProviderRepository, 'embeddedBilling'>;
  webhooks: Pick<PaymentWebhookService, 'handleWebhook'>;
  plans: Pick<PlanService, 'grantBonusIn' | 'refreshChargeTypeIn' | 'monthOf'>;
  clock: { now(): number };
  log?: PaymentLog | undefined;
}

export class PlanBonusJob {
  constructor(private readonly deps: PlanBonusJobDeps) {}

  /**
   * Job GrantPlanBonus: every active plan whose bonus for this month is not given yet gets it (the 1st
   * of each month after the first); plans canceled at period end and past it end. Idempotent.
   */
  async handleGrantPlanBonus(): Promise<JobOutcome> {
    const now = this.deps.clock.now();
    const month = this.deps.plans.monthOf(now);
    await this.renewEmbeddedPlans(now);
    let granted = 0;
    for (;;) {
      const due = await this.deps.payments.listPlansDueBonus(month, BONUS_BATCH);
      if (due.length === 0) break;
      for (const plan of due) {
        await this.deps.transactions.run(async (stores) => {
          const product = await stores.payments.findProduct(plan.product_id);
          if (plan.current_period_end_at <= now || !product) {
            // Past its period unpaid: ended when canceled, else past due until the renewal's invoice
            // comes (then active again, and the month's bonus follows on the next run).
            const ended = plan.cancel_at_period_end === 1 || !product;
            await stores.payments.updateSubscription(plan.id, {
              status: ended ? 'ended' : 'past_due',
              ...(ended ? { last_bonus_month: month } : {}),
            });
            await this.deps.plans.refreshChargeTypeIn(stores, plan.user_id);
            return;
          }
          if (await this.deps.plans.grantBonusIn(stores, plan, product, now)) granted += 1;
        });
      }
    }
    if (granted > 0) this.deps.log?.info({ plans: granted, month }, 'Plan bonuses granted');
    return granted > 0 ? 'success' : 'skipped';
  }

  /** Whether any plan waits for this month's bonus, or an embedded plan for its renewal (the job runs at start then). */
  async hasDuePlanBonus(): Promise<boolean> {
    const now = this.deps.clock.now();
    if ((await this.deps.payments.listPlansDueBonus(this.deps.plans.monthOf(now), 1)).length > 0) return true;
    return (
      this.deps.provider.embeddedBilling !== undefined &&
      (await this.deps.payments.listTestPlansToRenew(now, 1)).length > 0
    );
  }

  /**
   * The embedded provider plays Stripe's billing: every plan of it not canceled whose period has ended
   * gets the signed invoice.paid of its next period through the same webhook handler, period by period
   * until it runs past `now` (a clock moved by months renews each month once).
   */
  private async renewEmbeddedPlans(now: number): Promise<void> {
    const billing = this.deps.provider.embeddedBilling;
    if (!billing) return;
    for (let round = 0; round < MAX_RENEWAL_ROUNDS; round++) {
      const due = await this.deps.payments.listTestPlansToRenew(now, BONUS_BATCH);
      if (due.length === 0) return;
      for (const plan of due) {
        const product = await this.deps.payments.findProduct(plan.product_id);
        if (!product || !plan.provider_subscription_id) continue;
        const delivery = billing.renewalDelivery({
          providerSubscriptionId: plan.provider_subscription_id,
          userId: plan.user_id,
          productId: product.id,
          currency: product.currency,
          priceMinor: product.price_minor,
          periodStart: plan.current_period_end_at,
        });
        await this.deliver(delivery);
      }
    }
  }

  private async deliver(delivery: { body: string; signature: string }): Promise<void> {
    if ((await this.deps.webhooks.handleWebhook(delivery.body, delivery.signature)) === 'refused') {
      throw new Error('the embedded provider signed a renewal its own webhook refuses');
    }
  }
}
