// Wires repositories into services once per app. Routes reach services only through this container.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
// Accounts, sessions, e-mail flows and consent (ADR 007).
import { AccountActivityRepository } from '#src/repositories/account-activity.repository.ts';
// Catalogue and discovery (ADR 009).
import { AdvertisementRepository } from '#src/repositories/advertisement.repository.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { CatalogueRevisionRepository } from '#src/repositories/catalogue-revision.repository.ts';
import { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import { type ClockRepository, SystemClock } from '#src/repositories/clock.repository.ts';
// Comments and moderation (ADR 013).
import { CommentRepository } from '#src/repositories/comment.repository.ts';
import { CommentModerationRepository } from '#src/repositories/comment-moderation.repository.ts';
import { CommentTransactionRepository } from '#src/repositories/comment-transaction.repository.ts';
// Wallet, purchases, tickets and the login bonus (ADR 014).
import { CommerceTransactionRepository } from '#src/repositories/commerce-transaction.repository.ts';
import { ConsentRepository } from '#src/repositories/consent.repository.ts';
import { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { DeviceRepository } from '#src/repositories/device.repository.ts';
import { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { FavoriteRepository } from '#src/repositories/favorite.repository.ts';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { JobRepository } from '#src/repositories/job.repository.ts';
import { LedgerAuditRepository } from '#src/repositories/ledger-audit.repository.ts';
import { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import { type MailRepository, OutboxMailRepository, SmtpMailRepository } from '#src/repositories/mail.repository.ts';
import { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import { type PasswordHashCost, PasswordHasherRepository } from '#src/repositories/password-hasher.repository.ts';
import { PaymentRepository, PaymentTransactionRepository } from '#src/repositories/payment.repository.ts';
import {
  type PaymentProviderRepository,
  StripePaymentProvider,
  TestPaymentProvider,
} from '#src/repositories/payment-provider.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { RankingRepository } from '#src/repositories/ranking.repository.ts';
import { ReadingHistoryRepository } from '#src/repositories/reading-history.repository.ts';
import { RedisThrottleEventRepository } from '#src/repositories/redis-throttle-event.repository.ts';
import { SecretFileRepository } from '#src/repositories/secret-file.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { LocalDiskStorage } from '#src/repositories/storage.repository.ts';
import { TestCheckoutSessionRepository } from '#src/repositories/test-checkout-session.repository.ts';
import { ThrottleEventRepository } from '#src/repositories/throttle-event.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { TransactionRepository } from '#src/repositories/transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { type CommenterTagger, commenterTagInput, commenterTagOf } from '#src/rules/commenter-tag.rules.ts';
import { wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import { AccountService } from '#src/services/account.service.ts';
import { AccountMailer } from '#src/services/account-mailer.service.ts';
import { AdvertisementService } from '#src/services/advertisement.service.ts';
import { AppUserService } from '#src/services/app-user.service.ts';
import { BootService } from '#src/services/boot.service.ts';
import { CatalogueService } from '#src/services/catalogue.service.ts';
import { ClientAddressResolver } from '#src/services/client-address-resolver.service.ts';
import { CommentService } from '#src/services/comment.service.ts';
import { ConsentService } from '#src/services/consent.service.ts';
import { EntitlementService } from '#src/services/entitlement.service.ts';
import { FavoriteService } from '#src/services/favorite.service.ts';
import { GenreService } from '#src/services/genre.service.ts';
import { HealthService } from '#src/services/health.service.ts';
import { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { ImageService } from '#src/services/image.service.ts';
import { JobScheduler } from '#src/services/job-scheduler.service.ts';
import { LoginBonusService } from '#src/services/login-bonus.service.ts';
import { LoginThrottle } from '#src/services/login-throttle.service.ts';
import { MagazineService } from '#src/services/magazine.service.ts';
import { MailThrottle } from '#src/services/mail-throttle.service.ts';
import { MaintenanceService } from '#src/services/maintenance.service.ts';
import { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import { ModerationService } from '#src/services/moderation.service.ts';
import { OperatorService } from '#src/services/operator.service.ts';
import { OperatorGrantService } from '#src/services/operator-grant.service.ts';
import { OutboxService } from '#src/services/outbox.service.ts';
import { GRANT_PLAN_BONUS, PaymentService } from '#src/services/payment.service.ts';
import { PointHistoryService } from '#src/services/point-history.service.ts';
import { PurchaseService } from '#src/services/purchase.service.ts';
import { RankingService } from '#src/services/ranking.service.ts';
import { RankingRebuildService, REBUILD_RANKINGS } from '#src/services/ranking-rebuild.service.ts';
import { ReadingHistoryService } from '#src/services/reading-history.service.ts';
import { RecommendationService } from '#src/services/recommendation.service.ts';
import { RequestSignatureService } from '#src/services/request-signature.service.ts';
import { ResponseCache } from '#src/services/response-cache.service.ts';
import { SearchService } from '#src/services/search.service.ts';
import { SessionService } from '#src/services/session.service.ts';
import { TicketService } from '#src/services/ticket.service.ts';
import { TtlCache } from '#src/services/ttl-cache.service.ts';
import { ViewerService } from '#src/services/viewer.service.ts';
import { EXPIRE_POINTS, WalletService } from '#src/services/wallet.service.ts';
import { WebTopService } from '#src/services/web-top.service.ts';

/** Secrets as configured or generated in the data directory (app.ts, ADR 015). */
export interface AppSecrets {
  imageUrlSecret: string;
  /** Proves the web server's CLIENT_ADDRESS_HEADER. */
  proxySecret: string;
  /** Keys commenters' pseudonymous tags (ADR 013). */
  commenterTagSecret: string;
  /** Signs and verifies payment webhooks: Stripe's endpoint secret, or the test provider's (ADR 019). */
  paymentWebhookSecret: string;
}

/**
 * Configured secrets, else the ones generated once in the data directory (ADR 015): the app and the
 * command-line tools that build a container resolve them alike.
 */
export async function resolveSecrets(config: Config): Promise<AppSecrets> {
  const files = new SecretFileRepository(config.secretsDir);
  return {
    imageUrlSecret: config.imageUrlSecret ?? (await files.readOrCreateSecret('image-url-secret')),
    proxySecret: config.proxySecret ?? (await files.readOrCreateSecret('proxy-secret')),
    commenterTagSecret: config.commenterTagSecret ?? (await files.readOrCreateSecret('commenter-tag-secret')),
    paymentWebhookSecret: config.stripe?.webhookSecret ?? (await files.readOrCreateSecret('payment-webhook-secret')),
  };
}

export interface ContainerOptions {
  config: Config;
  secrets: AppSecrets;
  database: DatabaseHandle;
  clock?: ClockRepository;
  /** Shared Redis (login rate limit) when configured. */
  redis?: Redis | null;
  /** argon2id cost; tests may lower it. */
  passwordHashCost?: PasswordHashCost;
  /** Mail adapter override (tests); by default SMTP when configured, else the outbox. */
  mail?: MailRepository;
  /** Services log their intents through children of this logger (the app's). */
  log?: FastifyBaseLogger;
  /** Payment provider override (tests); by default Stripe when configured, else the test provider. */
  paymentProvider?: PaymentProviderRepository;
}

export function createContainer({
  config,
  secrets,
  database,
  clock = new SystemClock(),
  redis = null,
  passwordHashCost,
  mail,
  log,
  paymentProvider,
}: ContainerOptions) {
  const crypto = new CryptoRepository();
  const repositories = {
    titles: new TitleRepository(database.db),
    episodes: new EpisodeRepository(database.db),
    magazines: new MagazineRepository(database.db),
    settings: new SettingRepository(database.db),
    users: new UserRepository(database.db),
    health: new DatabaseHealthRepository(database.db),
    storage: new LocalDiskStorage(config.storageDir),
    // What readers bought or rent (ADR 014).
    ownership: new OwnershipRepository(database.db),
  };
  const mediaUrls = new MediaUrlSigner({
    baseUrl: config.publicApiUrl,
    secret: secrets.imageUrlSecret,
    ttlSeconds: config.imageUrlTtlSeconds,
    sign: (value) => crypto.hmac(secrets.imageUrlSecret, value),
    safeEqual: (a, b) => crypto.safeEqual(a, b),
  });
  const services = {
    maintenance: new MaintenanceService(repositories.settings, clock, config.maintenance),
    requestSignature: new RequestSignatureService(crypto.hashes, repositories.users, (a, b) => crypto.safeEqual(a, b)),
    health: new HealthService(repositories.health),
    images: new ImageService(repositories.storage, mediaUrls, clock, new HotImageCache(config.imageCacheMaxBytes)),
    clientAddresses: new ClientAddressResolver(secrets.proxySecret, (a, b) => crypto.safeEqual(a, b)),
  };
  const catalogue = createCatalogueServices({ config, database, clock, mediaUrls, repositories });
  const accounts = createAccountServices({
    config,
    database,
    clock,
    crypto,
    redis,
    passwordHashCost,
    mail,
    users: repositories.users,
    signatures: services.requestSignature,
  });
  const comments = createCommentServices({
    config,
    commenterTagSecret: secrets.commenterTagSecret,
    database,
    clock,
    users: repositories.users,
    catalogue: catalogue.services.catalogue,
    entitlement: catalogue.services.entitlement,
    crypto,
  });
  const commerce = createCommerceServices({
    config,
    database,
    clock,
    log,
    catalogue: catalogue.services.catalogue,
    entitlement: catalogue.services.entitlement,
    jobs: catalogue.services.jobs,
    magazines: repositories.magazines,
    users: repositories.users,
    paymentProvider:
      paymentProvider ??
      (config.stripe
        ? new StripePaymentProvider(config.stripe)
        : new TestPaymentProvider({
            webhookSecret: secrets.paymentWebhookSecret,
            sessions: new TestCheckoutSessionRepository(database.db),
            now: () => clock.now(),
          })),
  });
  return {
    config,
    clock,
    crypto,
    repositories: {
      ...repositories,
      ...catalogue.repositories,
      ...accounts.repositories,
      ...comments.repositories,
      ...commerce.repositories,
    },
    mediaUrls,
    services: {
      ...services,
      ...catalogue.services,
      ...accounts.services,
      ...comments.services,
      ...commerce.services,
    },
  };
}

/**
 * Catalogue and discovery (ADR 009): entitlement, catalogue, genres, magazines, rankings (and their
 * job), search, recommendations, the web top page, the viewer, the reading history (ADR 016) and
 * advertisements.
 */
function createCatalogueServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  mediaUrls: MediaUrlSigner;
  repositories: {
    titles: TitleRepository;
    episodes: EpisodeRepository;
    magazines: MagazineRepository;
    users: UserRepository;
    ownership: OwnershipRepository;
  };
}) {
  const { config, database, clock, mediaUrls } = options;
  const { titles, episodes, magazines, users, ownership } = options.repositories;
  const repositories = {
    genres: new GenreRepository(database.db),
    rankings: new RankingRepository(database.db),
    titleActivity: new TitleActivityRepository(database.db),
    readingHistory: new ReadingHistoryRepository(database.db),
    favorites: new FavoriteRepository(database.db),
    advertisements: new AdvertisementRepository(database.db),
    jobs: new JobRepository(database.db),
  };
  const cache = new TtlCache({ ttlMs: config.catalogueCacheTtlMs, maxEntries: 50_000, now: () => clock.now() });
  const responses = new ResponseCache(new CatalogueRevisionRepository(database.db, database.readSync), {
    maxBytes: config.responseCacheMaxBytes,
    ttlMs: config.responseCacheTtlMs,
    revisionCheckMs: config.catalogueRevisionCheckMs,
    now: () => clock.now(),
    nextDayStartAt: (now) => wireDayBounds(wireDate(now, config.wireTimeZone), config.wireTimeZone).end,
  });
  // A catalogue change seen by the response cache empties the title and episode cache too.
  responses.onCatalogueChange(() => cache.clear());
  const timeZone = config.wireTimeZone;
  const urls = mediaUrls;
  const entitlement = new EntitlementService({ titles, episodes, users, ownership });
  const catalogue = new CatalogueService(
    {
      titles,
      episodes,
      magazines,
      popularity: repositories.rankings,
      entitlement,
      views: repositories.readingHistory,
      clock,
      urls,
      cache,
    },
    { timeZone, webPublicUrl: config.webPublicUrl },
  );
  const genres = new GenreService({ genres: repositories.genres, titles, clock, urls, cache });
  const rankings = new RankingService({ store: repositories.rankings, catalogue, cache });
  const rankingRebuild = new RankingRebuildService(
    { store: repositories.rankings, activity: repositories.titleActivity, titles, clock },
    { timeZone, windowDays: config.rankingWindowDays, entriesPerTab: 100, intervalMs: config.rankingIntervalMs },
  );
  const jobs = new JobScheduler(repositories.jobs, clock);
  jobs.register({
    name: REBUILD_RANKINGS,
    intervalMs: config.rankingIntervalMs,
    shouldRunAtStart: () => rankingRebuild.areRankingsStale(),
    handle: () => rankingRebuild.handleRebuildRankings(),
  });
  const services = {
    entitlement,
    catalogue,
    genres,
    magazines: new MagazineService({ magazines, clock, urls, cache }, { timeZone }),
    rankings,
    rankingRebuild,
    search: new SearchService({ titles, catalogue, genres, clock, urls, cache }),
    recommendations: new RecommendationService(
      { titles, activity: repositories.titleActivity, catalogue, rankings, genres, clock, cache },
      { timeZone },
    ),
    webTop: new WebTopService({
      advertisements: repositories.advertisements,
      episodes,
      catalogue,
      rankings,
      clock,
      urls,
      cache,
    }),
    viewer: new ViewerService(
      {
        catalogue,
        entitlement,
        episodes,
        activity: repositories.titleActivity,
        progress: repositories.readingHistory,
        clock,
        urls,
      },
      { timeZone, webPublicUrl: config.webPublicUrl },
    ),
    readingHistory: new ReadingHistoryService({ history: repositories.readingHistory, catalogue }, { timeZone }),
    favorites: new FavoriteService({ favorites: repositories.favorites, catalogue, clock }, { timeZone }),
    advertisements: new AdvertisementService(repositories.advertisements, clock, { timeZone }),
    jobs,
    catalogueCache: cache,
    responseCache: responses,
  };
  return { repositories, services };
}

function createAccountServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  redis: Redis | null;
  passwordHashCost: PasswordHashCost | undefined;
  mail: MailRepository | undefined;
  users: UserRepository;
  signatures: RequestSignatureService;
}) {
  const { config, database, clock, crypto, users } = options;
  const outbox = new OutboxMailRepository(config.outboxDir, config.mailFrom, () => clock.now());
  const repositories = {
    sessions: new SessionRepository(database.db),
    emailTokens: new EmailTokenRepository(database.db),
    consents: new ConsentRepository(database.db),
    devices: new DeviceRepository(database.db),
    challenges: new ChallengeRepository(database.db),
    activity: new AccountActivityRepository(database.db),
    transactions: new TransactionRepository(database.db),
    throttleEvents: options.redis
      ? new RedisThrottleEventRepository(options.redis)
      : new ThrottleEventRepository(database.db),
    passwords: new PasswordHasherRepository(options.passwordHashCost),
    outbox,
    mail: options.mail ?? (config.smtpUrl ? new SmtpMailRepository(config.smtpUrl, config.mailFrom) : outbox),
  };
  const mailer = new AccountMailer(repositories.mail, config.webPublicUrl);
  const throttle = new LoginThrottle(repositories.throttleEvents, (v) => crypto.sha256(v), clock, {
    failuresBeforeDelay: config.loginFailuresBeforeDelay,
    clientFailuresBeforeDelay: config.loginClientFailuresBeforeDelay,
    maxDelayMs: config.loginMaxDelayMs,
    windowMs: config.loginFailureWindowMs,
  });
  const mailLimits = new MailThrottle(repositories.throttleEvents, (v) => crypto.sha256(v), clock, {
    maxPerAddress: config.mailMaxPerAddress,
    maxPerClient: config.mailMaxPerClient,
    windowMs: config.mailLimitWindowMs,
  });
  const sessions = new SessionService(
    {
      sessions: repositories.sessions,
      users,
      transactions: repositories.transactions,
      hasher: repositories.passwords,
      throttle,
      signatures: options.signatures,
      crypto,
      clock,
    },
    { ttlMs: config.sessionTtlMs, deviceLimit: config.deviceLimit },
  );
  const services = {
    sessions,
    accounts: new AccountService(
      {
        users,
        sessionStore: repositories.sessions,
        devices: repositories.devices,
        emailTokens: repositories.emailTokens,
        challenges: repositories.challenges,
        transactions: repositories.transactions,
        hasher: repositories.passwords,
        throttle,
        mailLimits,
        mailer,
        sessions,
        crypto,
        clock,
      },
      { signupTokenTtlMs: config.signupTokenTtlMs, passwordTokenTtlMs: config.passwordTokenTtlMs },
    ),
    consent: new ConsentService(users, repositories.consents, clock),
    appUsers: new AppUserService({
      users,
      devices: repositories.devices,
      challenges: repositories.challenges,
      emailTokens: repositories.emailTokens,
      transactions: repositories.transactions,
      mailer,
      crypto,
      clock,
    }),
    boot: new BootService(users, repositories.activity, clock, { timeZone: config.wireTimeZone }),
    outbox: new OutboxService(outbox, { timeZone: config.wireTimeZone }),
  };
  return { repositories, services };
}

/** Comments, the operator role and moderation (ADR 013). */
function createCommentServices(options: {
  config: Config;
  commenterTagSecret: string;
  database: DatabaseHandle;
  clock: ClockRepository;
  users: UserRepository;
  catalogue: CatalogueService;
  entitlement: EntitlementService;
  crypto: CryptoRepository;
}) {
  const { config, database, clock, users, crypto } = options;
  const repositories = {
    comments: new CommentRepository(database.db),
    commentModeration: new CommentModerationRepository(database.db),
    commentTransactions: new CommentTransactionRepository(database.db),
    ngWords: new NgWordRepository(database.db),
    userRoles: new UserRoleRepository(database.db),
    auditLog: new AuditLogRepository(database.db),
  };
  const timeZone = config.wireTimeZone;
  const transactions = repositories.commentTransactions;
  const tags: CommenterTagger = (userId) =>
    commenterTagOf(crypto.hmac(options.commenterTagSecret, commenterTagInput(userId)));
  const operators = new OperatorService({ roles: repositories.userRoles, users, transactions, clock });
  const services = {
    comments: new CommentService(
      {
        store: repositories.comments,
        transactions,
        entitlement: options.entitlement,
        ngWords: repositories.ngWords,
        catalogue: options.catalogue,
        clock,
        tags,
      },
      { timeZone, maxLength: config.commentMaxLength },
    ),
    operators,
    moderation: new ModerationService(
      {
        operators,
        moderation: repositories.commentModeration,
        ngWords: repositories.ngWords,
        auditLog: repositories.auditLog,
        users,
        transactions,
        clock,
        tags,
      },
      { timeZone },
    ),
  };
  return { repositories, services };
}

/**
 * Wallet, purchases, tickets and the login bonus (ADR 014). WalletService owns balances and spending;
 * the purchase, ticket and login-bonus services change wallets through it, in transactions of
 * CommerceTransactionRepository. ExpirePoints joins the job scheduler.
 */
function createCommerceServices(options: {
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
    tickets: ticketStore,
    sales: purchases,
    entitlement,
    labels: purchases,
    transactions,
    clock,
    timeZone,
    log: log?.child({ service: 'ticket' }),
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
    }),
    loginBonus: new LoginBonusService({
      transactions,
      wallet,
      tickets,
      clock,
      timeZone,
      log: log?.child({ service: 'login-bonus' }),
    }),
    operatorGrants: new OperatorGrantService({ users: options.users, wallet, tickets, clock }),
    payments: new PaymentService({
      payments: repositories.payments,
      transactions: repositories.paymentTransactions,
      provider: options.paymentProvider,
      wallet,
      tickets,
      clock,
      timeZone,
      webOrigins: config.webOrigins.length > 0 ? config.webOrigins : [config.webPublicUrl],
      log: log?.child({ service: 'payment' }),
    }),
  };
  const payments = services.payments;
  options.jobs.register({
    name: GRANT_PLAN_BONUS,
    intervalMs: config.planBonusIntervalMs,
    shouldRunAtStart: () => payments.hasDuePlanBonus(),
    handle: () => payments.handleGrantPlanBonus(),
  });
  options.jobs.register({
    name: EXPIRE_POINTS,
    intervalMs: config.pointExpiryIntervalMs,
    shouldRunAtStart: () => wallet.hasDueLots(),
    handle: () => wallet.handleExpirePoints(),
  });
  return { repositories, services };
}

export type Container = ReturnType<typeof createContainer>;
