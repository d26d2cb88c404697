// A reader's monthly plan standing (ADR 019, product §4): the plan's monthly bonus (free points and premium
// tickets, once per plan and month, points once per reader and month) and `user.charge_type`, which
// follows the reader's live plans and payments. The webhook service and the GrantPlanBonus job both
// call it inside their own transaction, with the wallet's OpenWallet and the ticket service.
import { formatWireDateTime, PointReason } from '@manga/contracts';
import type { PaymentStores, ProductRow, SubscriptionRow } from '#src/repositories/payment.repository.ts';
import type { RepositoryPort } from '#src/repositories/transaction.repository.ts';
import { chargeTypeOf } from '#src/rules/shop.rules.ts';
import { TICKET_SOURCE, type TicketService } from '#src/services/ticket.service.ts';
import type { WalletService, WalletStore } from '#src/services/wallet.service.ts';

const DAY_MS = 86_400_000;
/** A plan's monthly bonus points are free points that expire (README "Shop prices"). */
export const PLAN_BONUS_LIFETIME_MS = 60 * DAY_MS;
/** A plan's premium tickets of one month last until the next month's have come (the longest month, and a day). */
export const PLAN_TICKET_LIFETIME_MS = 32 * DAY_MS;

/** The payment repository's methods, bound to a transaction (or not). */
export type PaymentStore = RepositoryPort<PaymentStores['payments']>;

/** What one payment unit of work writes through: payments, the wallet and premium tickets, together. */
export interface PaymentUnit {
  payments: PaymentStore;
  wallet: WalletStore;
  tickets: Parameters<TicketService['grantPremiumTicketsIn']>[0];
}

export interface PaymentTransactions {
  /** Commits when `work` resolves, rolls back when it throws. */
  run<T>(work: (stores: PaymentUnit) => Promise<T>): Promise<T>;
}

export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error?(details: object, message: string): void;
}

export interface PlanServiceDeps {
  wallet: Pick<WalletService, 'open'>;
  tickets: Pick<TicketService, 'grantPremiumTicketsIn'>;
  /** The wire time zone: a month starts on the 1st there. */
  timeZone: string;
}

export class PlanService {
  constructor(private readonly deps: PlanServiceDeps) {}

  /** YYYY-MM of `at` in the wire time zone. */
  monthOf(at: number): string {
    return formatWireDateTime(new Date(at), this.deps.timeZone).slice(0, 7);
  }

  /**
   * The plan's bonus for the month of `now` (wire time zone): its free points and its premium tickets
   * (`premium_ticket_num`), at most once per plan and month (the conditional claim of
   * `last_bonus_month`), and points at most once per reader and month (the ledger's unique key
   * `plan-bonus:<user>:<YYYY-MM>`, also across two plans). False when this plan had it already.
   */
  async grantBonusIn(stores: PaymentUnit, plan: SubscriptionRow, product: ProductRow, now: number): Promise<boolean> {
    const month = this.monthOf(now);
    if (!(await stores.payments.claimBonusMonth(plan.id, month))) return false;
    if (product.monthly_bonus_point <= 0 && product.premium_ticket_num <= 0) return true;
    const wallet = await this.deps.wallet.open(stores.wallet, plan.user_id, now);
    const key = `plan-bonus:${plan.user_id}:${month}`;
    if (product.monthly_bonus_point > 0 && (await stores.payments.listLotsByKeys([key])).length === 0) {
      await wallet.credit({
        kind: 'free',
        amount: product.monthly_bonus_point,
        reason: PointReason.PlanBonus,
        referenceType: 'subscription',
        referenceId: String(plan.id),
        expiresAt: now + PLAN_BONUS_LIFETIME_MS,
        idempotencyKey: key,
      });
    }
    if (product.premium_ticket_num > 0) {
      await this.deps.tickets.grantPremiumTicketsIn(
        stores.tickets,
        {
          userId: plan.user_id,
          count: product.premium_ticket_num,
          source: TICKET_SOURCE.Subscription,
          expiresAt: now + PLAN_TICKET_LIFETIME_MS,
        },
        now,
      );
    }
    return true;
  }

  /** `user.charge_type` from the reader's live plans and paid payments (product §3). */
  async refreshChargeTypeIn(stores: Pick<PaymentUnit, 'payments'>, userId: number): Promise<void> {
    const live = await stores.payments.listLiveSubscriptions(userId);
    const premium = await Promise.all(
      live.map(async (plan) => ((await stores.payments.findProduct(plan.product_id))?.premium_ticket_num ?? 0) > 0),
    );
    const hasPaid = await stores.payments.hasPaidPayment(userId);
    await stores.payments.setChargeType(userId, chargeTypeOf({ livePlanPremium: premium, hasPaid }));
  }
}
