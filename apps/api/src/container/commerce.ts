// Wiring of the wallet, purchases, tickets, the login bonus and payments (ADR 014, ADR 019).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { CommerceTransactionRepository } from '#src/repositories/commerce-transaction.repository.ts';
import { LedgerAuditRepository } from '#src/repositories/ledger-audit.repository.ts';
import { LoginBonusRepository } from '#src/repositories/login-bonus.repository.ts';
import type { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import { PaymentRepository, PaymentTransactionRepository } from '#src/repositories/payment.repository.ts';
import {
  type PaymentProviderRepository,
  StripePaymentProvider,
} from '#src/repositories/payment-provider.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { SupportTransactionRepository } from '#src/repositories/support-transaction.repository.ts';
import { TestCheckoutSessionRepository } from '#src/repositories/test-checkout-session.repository.ts';
import { TestPaymentProvider } from '#src/repositories/test-payment-provider.repository.ts';
import { type TicketEpisodeRow, TicketRepository } from '#src/repositories/ticket.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import type { CatalogueService } from '#src/services/catalogue.service.ts';
import type { EntitlementService } from '#src/services/entitlement.service.ts';
import type { JobScheduler } from '#src/services/job-scheduler.service.ts';
import { LoginBonusService } from '#src/services/login-bonus.service.ts';
import { OperatorGrantService } from '#src/services/operator-grant.service.ts';
import type { OutcomeEvents } from '#src/services/outcome-events.service.ts';
import { PaymentWebhookService } from '#src/services/payment-webhook.service.ts';
import { PlanService } from '#src/services/plan.service.ts';
import { GRANT_PLAN_BONUS, PlanBonusJob } from '#src/services/plan-bonus-job.service.ts';
import { PointHistoryService } from '#src/services/point-history.service.ts';
import { PurchaseService } from '#src/services/purchase.service.ts';
import { ShopService } from '#src/services/shop.service.ts';
import { TicketService, type TicketSource } from '#src/services/ticket.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';
import { EXPIRE_POINTS, WalletService } from '#src/services/wallet.service.ts';

/**
 * Wallet, purchases, tickets and the login bonus (ADR 014). WalletService owns balances and spending;
 * the purchase, ticket and login-bonus services change wallets through it, in transactions of
 * CommerceTransactionRepository. ExpirePoints joins the job scheduler.
 */
export function createCommerceServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  log: FastifyBaseLogger | undefined;
  catalogue: CatalogueService;
  entitlement: EntitlementService;
  jobs: JobScheduler;
  magazines: MagazineRepository;
  users: UserRepository;
  paymentProvider: PaymentProviderRepository;
  events: OutcomeEvents;
  /** The catalogue cache (ADR 009): the ticket list's catalogue reads go through it. */
  catalogueCache: TtlCache;
}) {
  const { config, database, clock, log, entitlement } = options;
  const timeZone = config.wireTimeZone;
  const repositories = {
    wallets: new WalletRepository(database.db),
    purchases: new PurchaseRepository(database.db),
    tickets: new TicketRepository(database.db),
    commerceTransactions: new CommerceTransactionRepository(database.db),
    ledgerAudit: new LedgerAuditRepository(database.db),
    payments: new PaymentRepository(database.db),
    paymentTransactions: new PaymentTransactionRepository(database.db),
    paymentProvider: options.paymentProvider,
  };
  const { wallets, purchases, tickets: ticketStore, commerceTransactions: transactions } = repositories;
  const wallet = new WalletService({
    wallets,
    transactions,
    premiumTickets: ticketStore,
    clock,
    timeZone,
    log: log?.child({ service: 'wallet' }),
  });
  const tickets = new TicketService({
    tickets: withCachedCatalogue(ticketStore, options.catalogueCache),
    sales: purchases,
    entitlement,
    labels: purchases,
    transactions,
    clock,
    timeZone,
    log: log?.child({ service: 'ticket' }),
    events: options.events,
  });
  const services = {
    wallet,
    tickets,
    pointHistory: new PointHistoryService({
      ledger: wallets,
      labels: {
        listEpisodeLabels: (ids) => purchases.listEpisodeLabels(ids),
        listMagazinesByIds: (ids) => options.magazines.listMagazinesByIds(ids),
      },
      timeZone,
    }),
    purchases: new PurchaseService({
      purchases,
      entitlement,
      transactions,
      wallet,
      titles: options.catalogue,
      tickets,
      clock,
      timeZone,
      log: log?.child({ service: 'purchase' }),
      events: options.events,
    }),
    loginBonus: new LoginBonusService({
      transactions,
      loginBonuses: new LoginBonusRepository(database.db),
      wallet,
      tickets,
      clock,
      timeZone,
      log: log?.child({ service: 'login-bonus' }),
    }),
    // The path of `npm run points` and of the support console's grants (ADR 014, ADR 063).
    operatorGrants: new OperatorGrantService({
      users: options.users,
      wallet,
      tickets,
      transactions: new SupportTransactionRepository(database.db),
      clock,
    }),
  };
  const paymentLog = log?.child({ service: 'payment' });
  const plans = new PlanService({ wallet, tickets, timeZone });
  const paymentWebhooks = new PaymentWebhookService({
    transactions: repositories.paymentTransactions,
    provider: options.paymentProvider,
    wallet,
    plans,
    clock,
    log: paymentLog,
  });
  const planBonusJob = new PlanBonusJob({
    payments: repositories.payments,
    transactions: repositories.paymentTransactions,
    provider: options.paymentProvider,
    webhooks: paymentWebhooks,
    plans,
    clock,
    log: paymentLog,
  });
  const paymentServices = {
    shop: new ShopService({
      payments: repositories.payments,
      transactions: repositories.paymentTransactions,
      provider: options.paymentProvider,
      webhooks: paymentWebhooks,
      clock,
      timeZone,
      webOrigins: config.webOrigins.length > 0 ? config.webOrigins : [config.webPublicUrl],
      log: paymentLog,
      events: options.events,
    }),
    paymentWebhooks,
    planBonusJob,
  };
  options.jobs.register({
    name: GRANT_PLAN_BONUS,
    intervalMs: config.planBonusIntervalMs,
    shouldRunAtStart: () => planBonusJob.hasDuePlanBonus(),
    handle: () => planBonusJob.handleGrantPlanBonus(),
  });
  options.jobs.register({
    name: EXPIRE_POINTS,
    intervalMs: config.pointExpiryIntervalMs,
    shouldRunAtStart: () => wallet.hasDueLots(),
    handle: () => wallet.handleExpirePoints(),
  });
  return { repositories, services: { ...services, ...paymentServices } };
}

/** Stripe when configured, else the embedded test provider whose checkout page is in our web app (ADR 019). */
export function paymentProviderOf(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  paymentWebhookSecret: string;
}): PaymentProviderRepository {
  const { config, database, clock } = options;
  return config.stripe
    ? new StripePaymentProvider(config.stripe)
    : new TestPaymentProvider({
        webhookSecret: options.paymentWebhookSecret,
        sessions: new TestCheckoutSessionRepository(database.db),
        now: () => clock.now(),
      });
}

/**
 * The ticket store with its catalogue reads (the titles' ticket rules, their released episodes)
 * through the catalogue cache, which a catalogue change or a scheduled one empties: a reader's ticket
 * list then reads only what is theirs.
 */
function withCachedCatalogue(store: TicketRepository, cache: TtlCache): TicketSource {
  return {
    listTicketTitles: (ids, now) =>
      cache.rowsByIds(
        'ticket-title',
        ids,
        (missing) => store.listTicketTitles(missing, now),
        (title) => title.id,
      ),
    listReleasedEpisodes: async (titleIds, now) => {
      const ascending = [...titleIds].sort((a, b) => a - b);
      const titles = await cache.rowsByIds(
        'ticket-episodes',
        ascending,
        async (missing) => {
          const byTitle = new Map(missing.map((titleId) => [titleId, [] as TicketEpisodeRow[]]));
          for (const row of await store.listReleasedEpisodes(missing, now)) byTitle.get(row.title_id)?.push(row);
          return [...byTitle].map(([titleId, episodes]) => ({ titleId, episodes }));
        },
        (title) => title.titleId,
      );
      return titles.flatMap((title) => title.episodes);
    },
    listTitleTickets: (userId, titleIds) => store.listTitleTickets(userId, titleIds),
    listUsablePremiumTickets: (userId, now) => store.listUsablePremiumTickets(userId, now),
    findFirstRentalEndAfter: (userId, titleId, now) => store.findFirstRentalEndAfter(userId, titleId, now),
    listTicketMovements: (userId, now, offset, limit) => store.listTicketMovements(userId, now, offset, limit),
  };
}
