// `newTestService`-style harness (ADR 005, ADR 011; immich's `newTestService`): each builder wires a
// real service to in-memory repositories over one set of tables, a clock that moves only when told
// to, predictable tokens and a recording mailer, and returns the service as `sut` with its world.
// Tests seed rows with `world.add…` (whole rows, rowFactory defaults) and read what the service wrote
// from `world.tables`.
import type { Selectable } from 'kysely';
import type { EpisodeRow, PurchaseTable, RentalTable } from '#src/db/schema.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import type { PaymentProviderRepository } from '#src/repositories/payment-provider.repository.ts';
import { TestPaymentProvider } from '#src/repositories/test-payment-provider.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { AccountService } from '#src/services/account.service.ts';
import { CatalogueService } from '#src/services/catalogue.service.ts';
import { ConsentService } from '#src/services/consent.service.ts';
import { EmailLinkService } from '#src/services/email-link.service.ts';
import { EntitlementService } from '#src/services/entitlement.service.ts';
import { LoginThrottle } from '#src/services/login-throttle.service.ts';
import { MailThrottle } from '#src/services/mail-throttle.service.ts';
import { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import { ModerationService } from '#src/services/moderation.service.ts';
import { PaymentWebhookService } from '#src/services/payment-webhook.service.ts';
import { type PaymentLog, PlanService } from '#src/services/plan.service.ts';
import { PlanBonusJob } from '#src/services/plan-bonus-job.service.ts';
import { PurchaseService } from '#src/services/purchase.service.ts';
import { ReadingHistoryService } from '#src/services/reading-history.service.ts';
import { SessionService } from '#src/services/session.service.ts';
import { ShopService } from '#src/services/shop.service.ts';
import { StaffService } from '#src/services/staff.service.ts';
import { TicketService } from '#src/services/ticket.service.ts';
import { TtlCache } from '#src/services/ttl-cache.service.ts';
import { ViewerService } from '#src/services/viewer.service.ts';
import { WalletService } from '#src/services/wallet.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import {
  InMemoryPurchaseRepository,
  InMemoryTicketRepository,
} from '#test/services/in-memory-commerce-repositories.ts';
import {
  InMemoryAuditLogRepository,
  InMemoryCommentModerationRepository,
  InMemoryCommentRepository,
  InMemoryNgWordRepository,
  InMemoryUserRoleRepository,
} from '#test/services/in-memory-moderation-repositories.ts';
import {
  InMemoryPaymentRepository,
  InMemoryPaymentTransactions,
  InMemoryTestCheckoutSessionRepository,
  PaymentTables,
} from '#test/services/in-memory-payment-repositories.ts';
import {
  InMemoryCatalogueRepository,
  InMemoryChallengeRepository,
  InMemoryConsentRepository,
  InMemoryDeviceRepository,
  InMemoryEmailTokenRepository,
  InMemoryOwnershipRepository,
  InMemoryReadingHistoryRepository,
  InMemorySessionRepository,
  InMemoryTables,
  InMemoryThrottleEventStore,
  InMemoryTransactionRepository,
  InMemoryTransactions,
  InMemoryUserRepository,
  InMemoryWalletRepository,
  PlainPasswordHasher,
  RecordingMailer,
  SequentialCrypto,
} from '#test/services/in-memory-repositories.ts';
import { rowFactory } from '#test/services/stubs.ts';
import { StripeDouble } from '#test/stripe-double.ts';

export const TEST_TIME_ZONE = 'Asia/Tokyo';
export const TEST_SESSION_OPTIONS = { ttlMs: 30 * 86_400_000, deviceLimit: 2 };
export const TEST_TOKEN_OPTIONS = { signupTokenTtlMs: 86_400_000, passwordTokenTtlMs: 3_600_000 };
export const TEST_MAIL_LIMITS = { maxPerAddress: 5, maxPerClient: 20, windowMs: 60 * 60_000 };
export const TEST_LOGIN_LIMITS = {
  failuresBeforeDelay: 3,
  clientFailuresBeforeDelay: 10,
  maxDelayMs: 300_000,
  windowMs: 15 * 60_000,
};

/** The DomainError a call fails with (and the test fails when it succeeds or fails otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

/** The response code a call fails with. */
export async function codeOf(promise: Promise<unknown>): Promise<number> {
  return (await refusal(promise)).code;
}

/** One set of in-memory tables with every fake repository over it. */
export function newTestWorld(now = TEST_NOW) {
  const tables = new InMemoryTables();
  const clock = new FixedClock(now);
  const crypto = new SequentialCrypto();
  const repositories = {
    users: new InMemoryUserRepository(tables),
    sessions: new InMemorySessionRepository(tables),
    emailTokens: new InMemoryEmailTokenRepository(tables),
    consents: new InMemoryConsentRepository(tables),
    devices: new InMemoryDeviceRepository(tables),
    challenges: new InMemoryChallengeRepository(tables),
  };
  const catalogue = new InMemoryCatalogueRepository(tables);
  const wallet = new InMemoryWalletRepository(tables);
  const ownership = new InMemoryOwnershipRepository(tables);
  const purchases = new InMemoryPurchaseRepository(tables);
  const tickets = new InMemoryTicketRepository(tables);
  const moderation = {
    comments: new InMemoryCommentRepository(tables),
    moderation: new InMemoryCommentModerationRepository(tables),
    ngWords: new InMemoryNgWordRepository(tables),
    auditLog: new InMemoryAuditLogRepository(tables),
    roles: new InMemoryUserRoleRepository(tables),
  };
  return {
    ownership,
    wallet,
    purchases,
    tickets,
    moderation,
    /** CommerceTransactionRepository's stores, all or nothing: purchases and rentals spend and write in one. */
    commerceTransactions: new InMemoryTransactions(tables, {
      wallet,
      purchases,
      tickets,
      ownership,
      users: repositories.users,
      titleActivity: catalogue,
    }),
    /** CommentTransactionRepository's stores, all or nothing. */
    commentTransactions: new InMemoryTransactions(tables, {
      ...moderation,
      roles: moderation.roles,
      users: repositories.users,
    }),
    /** Wallet changes all or nothing, as in CommerceTransactionRepository. */
    walletTransactions: new InMemoryTransactions(tables, { wallet }),
    readingHistory: new InMemoryReadingHistoryRepository(tables),
    tables,
    clock,
    crypto,
    repositories,
    transactions: new InMemoryTransactionRepository(tables, repositories),
    catalogue,
    hasher: new PlainPasswordHasher(),
    mailer: new RecordingMailer(),
    throttleEvents: new InMemoryThrottleEventStore(),
    urls: new MediaUrlSigner({
      baseUrl: 'http://api.test',
      secret: 'test-secret-0123456789',
      ttlSeconds: 1800,
      sign: (value) => crypto.sha256(`test-secret:${value}`).slice(0, 16),
      safeEqual: (a, b) => a === b,
    }),
    /** The catalogue cache, off: every call reads the tables. */
    cache: new TtlCache({ ttlMs: 0, maxEntries: 1, now: () => clock.now() }),
    addUser(overrides: Parameters<typeof rowFactory.user>[0] = {}) {
      const user = rowFactory.user(overrides);
      tables.users.push(user);
      return user;
    },
    addTitle(title = rowFactory.title()) {
      tables.titles.push(title);
      return title;
    },
    addEpisode(overrides: Parameters<typeof rowFactory.episode>[0]) {
      const episode = rowFactory.episode(overrides);
      tables.episodes.push(episode);
      return episode;
    },
    /** A credit of `amount` points of `kind` to `userId`, made a day ago, as a grant leaves it. */
    addLot(userId: number, kind: 'paid' | 'free', amount: number, expiresAt: number | null) {
      const lot = { id: tables.nextId('point_ledger'), user_id: userId, kind, delta: amount, remaining: amount };
      tables.ledger.push({ ...lot, reason: 'operator_grant', expires_at: expiresAt, created_at: now - 86_400_000 });
      void wallet.addToBalance(
        userId,
        kind === 'paid' ? { paid_point: amount, free_point: 0 } : { paid_point: 0, free_point: amount },
      );
      return lot;
    },
    /** `user` bought `episode`. */
    addPurchase(user: { id: number }, episode: EpisodeRow, overrides: Partial<Selectable<PurchaseTable>> = {}) {
      const purchase = rowFactory.purchase({
        user_id: user.id,
        episode_id: episode.id,
        title_id: episode.title_id,
        ...overrides,
      });
      tables.purchases.push(purchase);
      return purchase;
    },
    /** `user` rents `episode` (a title ticket, until `overrides.expires_at` or 71 hours from TEST_NOW). */
    addRental(user: { id: number }, episode: EpisodeRow, overrides: Partial<Selectable<RentalTable>> = {}) {
      const rental = rowFactory.rental({
        user_id: user.id,
        episode_id: episode.id,
        title_id: episode.title_id,
        ...overrides,
      });
      tables.rentals.push(rental);
      return rental;
    },
  };
}

export type TestWorld = ReturnType<typeof newTestWorld>;

function newLoginThrottle(world: TestWorld) {
  return new LoginThrottle(world.throttleEvents, (value) => world.crypto.sha256(value), world.clock, TEST_LOGIN_LIMITS);
}

export function newSessionService(world = newTestWorld()) {
  const throttle = newLoginThrottle(world);
  const sut = new SessionService(
    {
      sessions: world.repositories.sessions,
      users: world.repositories.users,
      transactions: world.transactions,
      hasher: world.hasher,
      throttle,
      signatures: { verify: async () => 'mismatch' },
      crypto: world.crypto,
      clock: world.clock,
    },
    TEST_SESSION_OPTIONS,
  );
  return { sut, world };
}

export function newAccountService(world = newTestWorld()) {
  const { sut: sessions } = newSessionService(world);
  const sut = new AccountService({
    users: world.repositories.users,
    sessionStore: world.repositories.sessions,
    devices: world.repositories.devices,
    links: newEmailLinkService(world).sut,
    challenges: world.repositories.challenges,
    transactions: world.transactions,
    hasher: world.hasher,
    throttle: newLoginThrottle(world),
    mailLimits: new MailThrottle(
      world.throttleEvents,
      (value) => world.crypto.sha256(value),
      world.clock,
      TEST_MAIL_LIMITS,
    ),
    mailer: world.mailer,
    sessions,
    crypto: world.crypto,
    clock: world.clock,
  });
  return { sut, world };
}

export function newEmailLinkService(world = newTestWorld()) {
  const sut = new EmailLinkService(
    {
      emailTokens: world.repositories.emailTokens,
      transactions: world.transactions,
      mailer: world.mailer,
      crypto: world.crypto,
      clock: world.clock,
    },
    TEST_TOKEN_OPTIONS,
  );
  return { sut, world };
}

export function newConsentService(world = newTestWorld()) {
  const sut = new ConsentService(world.repositories.users, world.repositories.consents, world.clock);
  return { sut, world };
}

export function newEntitlementService(world = newTestWorld()) {
  const sut = new EntitlementService({
    titles: world.catalogue,
    episodes: world.catalogue,
    users: world.repositories.users,
    ownership: world.ownership,
  });
  return { sut, world };
}

export function newCatalogueService(world = newTestWorld()) {
  const { sut: entitlement } = newEntitlementService(world);
  const sut = new CatalogueService(
    {
      titles: world.catalogue,
      episodes: world.catalogue,
      magazines: world.catalogue,
      popularity: world.catalogue,
      entitlement,
      views: world.readingHistory,
      clock: world.clock,
      urls: world.urls,
      cache: world.cache,
    },
    { timeZone: TEST_TIME_ZONE, webPublicUrl: 'http://web.test' },
  );
  return { sut, world, entitlement };
}

export function newViewerService(world = newTestWorld()) {
  const { sut: catalogue, entitlement } = newCatalogueService(world);
  const sut = new ViewerService(
    {
      catalogue,
      entitlement,
      episodes: world.catalogue,
      activity: world.catalogue,
      progress: world.readingHistory,
      clock: world.clock,
      urls: world.urls,
    },
    { timeZone: TEST_TIME_ZONE, webPublicUrl: 'http://web.test' },
  );
  return { sut, world };
}

export function newWalletService(world = newTestWorld()) {
  const sut = new WalletService({
    wallets: world.wallet,
    transactions: world.walletTransactions,
    premiumTickets: { listUsablePremiumTickets: async () => [] },
    clock: world.clock,
    timeZone: TEST_TIME_ZONE,
  });
  return { sut, world };
}

export function newReadingHistoryService(world = newTestWorld()) {
  const { sut: catalogue } = newCatalogueService(world);
  const sut = new ReadingHistoryService({ history: world.readingHistory, catalogue }, { timeZone: TEST_TIME_ZONE });
  return { sut, world };
}

export function newTicketService(world = newTestWorld()) {
  const { sut: entitlement } = newEntitlementService(world);
  const sut = new TicketService({
    tickets: world.tickets,
    sales: world.purchases,
    entitlement,
    labels: world.purchases,
    transactions: world.commerceTransactions,
    clock: world.clock,
    timeZone: TEST_TIME_ZONE,
  });
  return { sut, world };
}

export function newPurchaseService(world = newTestWorld()) {
  const { sut: entitlement } = newEntitlementService(world);
  const { sut: catalogue } = newCatalogueService(world);
  const { sut: tickets } = newTicketService(world);
  const wallet = new WalletService({
    wallets: world.wallet,
    transactions: world.walletTransactions,
    premiumTickets: world.tickets,
    clock: world.clock,
    timeZone: TEST_TIME_ZONE,
  });
  const sut = new PurchaseService({
    purchases: world.purchases,
    entitlement,
    transactions: world.commerceTransactions,
    wallet,
    titles: catalogue,
    tickets,
    clock: world.clock,
    timeZone: TEST_TIME_ZONE,
  });
  return { sut, world, wallet };
}

export function newModerationService(world = newTestWorld()) {
  const staff = new StaffService(
    {
      roles: world.moderation.roles,
      users: world.repositories.users,
      transactions: world.commentTransactions,
      clock: world.clock,
    },
    { timeZone: TEST_TIME_ZONE },
  );
  const sut = new ModerationService(
    {
      staff,
      moderation: world.moderation.moderation,
      ngWords: world.moderation.ngWords,
      auditLog: world.moderation.auditLog,
      users: world.repositories.users,
      transactions: world.commentTransactions,
      clock: world.clock,
      tags: (userId) => `Reader ${userId}`,
    },
    { timeZone: TEST_TIME_ZONE },
  );
  return { sut, world };
}

/**
 * The shop, the webhook and the GrantPlanBonus job over in-memory payment tables, with the embedded
 * test provider (`TestPaymentProvider`: its sessions in memory, its events signed with the real SDK) or
 * the provider a test passes; `stripe` signs Stripe-shaped events with the webhook secret.
 */
export function newPaymentServices(
  world = newTestWorld(),
  options: { provider?: PaymentProviderRepository; log?: PaymentLog } = {},
) {
  const stripe = new StripeDouble();
  const payments = new PaymentTables();
  const provider =
    options.provider ??
    new TestPaymentProvider({
      webhookSecret: stripe.webhookSecret,
      sessions: new InMemoryTestCheckoutSessionRepository(payments),
      now: () => world.clock.now(),
    });
  const { sut: wallet } = newWalletService(world);
  // Premium tickets go through the real grant (its checks), into the in-memory ticket table.
  const { sut: tickets } = newTicketService(world);
  const transactions = new InMemoryPaymentTransactions(payments, world.tables, world.wallet);
  const reader = new InMemoryPaymentRepository(payments, world.tables);
  const plans = new PlanService({ wallet, tickets, timeZone: TEST_TIME_ZONE });
  const webhooks = new PaymentWebhookService({
    transactions,
    provider,
    wallet,
    plans,
    clock: world.clock,
    log: options.log,
  });
  const shop = new ShopService({
    payments: reader,
    transactions,
    provider,
    webhooks,
    clock: world.clock,
    timeZone: TEST_TIME_ZONE,
    webOrigins: ['http://web.test'],
    log: options.log,
  });
  const planBonusJob = new PlanBonusJob({
    payments: reader,
    transactions,
    provider,
    webhooks,
    plans,
    clock: world.clock,
    log: options.log,
  });
  return { shop, webhooks, planBonusJob, world, payments, transactions, provider, stripe };
}
