// Wires repositories into services once per app. Routes reach services only through this container.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { StaffPermission } from '@manga/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config.ts';
import { openRevisionChannel } from '#src/db/catalogue-revision-channel.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { CATALOGUE_TABLES } from '#src/db/migrations/20261124212000_catalogue_revision.ts';
import { isRedisReady } from '#src/db/redis.ts';
// Accounts, sessions, e-mail flows and consent (ADR 007).
import { AccountActivityRepository } from '#src/repositories/account-activity.repository.ts';
// Catalogue and discovery (ADR 009).
import { AdvertisementRepository } from '#src/repositories/advertisement.repository.ts';
import { FileArchiveRepository } from '#src/repositories/archive.repository.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { BookmarkRepository } from '#src/repositories/bookmark.repository.ts';
import { CatalogueRevisionRepository } from '#src/repositories/catalogue-revision.repository.ts';
import { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import { ChapterAlertRepository } from '#src/repositories/chapter-alert.repository.ts';
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
import { FailoverThrottleEventRepository } from '#src/repositories/failover-throttle-event.repository.ts';
import { FavoriteRepository } from '#src/repositories/favorite.repository.ts';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
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
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import { openStorage } from '#src/repositories/storage-backend.repository.ts';
import { SupportRepository } from '#src/repositories/support.repository.ts';
import { SupportTransactionRepository } from '#src/repositories/support-transaction.repository.ts';
import { TestCheckoutSessionRepository } from '#src/repositories/test-checkout-session.repository.ts';
import { ThrottleEventRepository } from '#src/repositories/throttle-event.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { TitleEditorRepository, TitleEditorTransactionRepository } from '#src/repositories/title-editor.repository.ts';
import { TransactionRepository } from '#src/repositories/transaction.repository.ts';
import { UploadSpoolRepository } from '#src/repositories/upload-spool.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { type CommenterTagger, commenterTagInput, commenterTagOf } from '#src/rules/commenter-tag.rules.ts';
import { wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import { AccountService } from '#src/services/account.service.ts';
import { AccountMailer } from '#src/services/account-mailer.service.ts';
import { AdvertisementService } from '#src/services/advertisement.service.ts';
import { AppUserService } from '#src/services/app-user.service.ts';
import { BookmarkService } from '#src/services/bookmark.service.ts';
import { BootService } from '#src/services/boot.service.ts';
import { CatalogueService } from '#src/services/catalogue.service.ts';
import { type CatalogueEditorDeps, CatalogueEditorService } from '#src/services/catalogue-editor.service.ts';
import { CatalogueRevisionFeed } from '#src/services/catalogue-revision-feed.service.ts';
import { ChapterAlertService, SEND_CHAPTER_ALERTS } from '#src/services/chapter-alert.service.ts';
import { ChapterUploadService } from '#src/services/chapter-upload.service.ts';
import { ClientAddressResolver } from '#src/services/client-address-resolver.service.ts';
import { CommentService } from '#src/services/comment.service.ts';
import { ConsentService } from '#src/services/consent.service.ts';
import { EntitlementService } from '#src/services/entitlement.service.ts';
import { FavoriteService } from '#src/services/favorite.service.ts';
import { GenreService } from '#src/services/genre.service.ts';
import { HealthService } from '#src/services/health.service.ts';
import { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { ImageService } from '#src/services/image.service.ts';
import { IngestService } from '#src/services/ingest.service.ts';
import { JobScheduler } from '#src/services/job-scheduler.service.ts';
import { LoginBonusService } from '#src/services/login-bonus.service.ts';
import { LoginThrottle } from '#src/services/login-throttle.service.ts';
import { MagazineService } from '#src/services/magazine.service.ts';
import { MailThrottle } from '#src/services/mail-throttle.service.ts';
import { MaintenanceService } from '#src/services/maintenance.service.ts';
import { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import { ModerationService } from '#src/services/moderation.service.ts';
import { NicknameService } from '#src/services/nickname.service.ts';

import { OperatorGrantService } from '#src/services/operator-grant.service.ts';
import { OutboxService } from '#src/services/outbox.service.ts';
import { PaymentWebhookService } from '#src/services/payment-webhook.service.ts';
import { PlanService } from '#src/services/plan.service.ts';
import { GRANT_PLAN_BONUS, PlanBonusJob } from '#src/services/plan-bonus-job.service.ts';
import { PointHistoryService } from '#src/services/point-history.service.ts';
import { ProductService } from '#src/services/product.service.ts';
import { PurchaseService } from '#src/services/purchase.service.ts';
import { RankingService } from '#src/services/ranking.service.ts';
import { RankingRebuildService, REBUILD_RANKINGS } from '#src/services/ranking-rebuild.service.ts';
import { ReadingHistoryService } from '#src/services/reading-history.service.ts';
import { ReadingSettingService } from '#src/services/reading-setting.service.ts';
import { RecommendationService } from '#src/services/recommendation.service.ts';
import { RequestSignatureService } from '#src/services/request-signature.service.ts';
import { ResponseCache } from '#src/services/response-cache.service.ts';
import { SearchService } from '#src/services/search.service.ts';
import { SessionService } from '#src/services/session.service.ts';
import { ShopService } from '#src/services/shop.service.ts';
import { StaffService } from '#src/services/staff.service.ts';
import { SupportService } from '#src/services/support.service.ts';
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
  /** Signs the alert mail's unsubscribe links (ADR 065). */
  mailLinkSecret: string;
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
    mailLinkSecret: config.mailLinkSecret ?? (await files.readOrCreateSecret('mail-link-secret')),
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
    // The local directory or the S3 bucket of MANGA_STORAGE_URL (ADR 038).
    storage: openStorage(config),
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
  const hotImages = new HotImageCache(config.imageCacheMaxBytes);
  const services = {
    maintenance: new MaintenanceService(repositories.settings, clock, config.maintenance),
    requestSignature: new RequestSignatureService(crypto.hashes, repositories.users, (a, b) => crypto.safeEqual(a, b)),
    health: new HealthService({
      database: repositories.health,
      redis,
      storage: repositories.storage,
      now: () => clock.now(),
    }),
    images: new ImageService(repositories.storage, mediaUrls, clock, hotImages, log?.child({ service: 'images' })),
    hotImages,
    // Imports into the configured store (the console's uploads build on it; ADR 038).
    ingest: new IngestService({
      storage: repositories.storage,
      images: new SharpImageProcessor(),
      store: new IngestRepository(database.db),
      archive: new FileArchiveRepository(),
      clock,
      randomU32: () => crypto.randomU32(),
    }),
    clientAddresses: new ClientAddressResolver(secrets.proxySecret, (a, b) => crypto.safeEqual(a, b)),
  };
  const catalogue = createCatalogueServices({ config, database, clock, mediaUrls, repositories, log });
  const accounts = createAccountServices({
    config,
    database,
    clock,
    crypto,
    redis,
    passwordHashCost,
    mail,
    log,
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
  const editorial = createEditorialServices({
    config,
    database,
    clock,
    crypto,
    mediaUrls,
    storage: repositories.storage,
    ingest: services.ingest,
    log,
    // The one access check of the catalogue console (ADR 046).
    access: (auth) => comments.services.staff.requireAccess(auth, StaffPermission.TitleEdit),
  });
  const alerts = createChapterAlertServices({
    config,
    database,
    clock,
    crypto,
    mailLinkSecret: secrets.mailLinkSecret,
    mail: accounts.repositories.mail,
    users: repositories.users,
    entitlement: catalogue.services.entitlement,
    jobs: catalogue.services.jobs,
    log,
  });
  const support = createSupportServices({
    config,
    database,
    clock,
    staff: comments.services.staff,
    grants: commerce.services.operatorGrants,
    users: repositories.users,
    sessions: accounts.repositories.sessions,
    devices: accounts.repositories.devices,
    wallets: commerce.repositories.wallets,
    tickets: commerce.repositories.tickets,
    purchases: commerce.repositories.purchases,
    payments: commerce.repositories.payments,
    auditLog: comments.repositories.auditLog,
  });
  return {
    config,
    clock,
    crypto,
    repositories: {
      ...repositories,
      ...alerts.repositories,
      ...catalogue.repositories,
      ...accounts.repositories,
      ...comments.repositories,
      ...commerce.repositories,
      ...editorial.repositories,
    },
    mediaUrls,
    services: {
      ...services,
      ...catalogue.services,
      ...accounts.services,
      ...comments.services,
      ...commerce.services,
      ...editorial.services,
      ...alerts.services,
      ...support.services,
    },
  };
}

/** New-chapter alerts (issue 28, ADR 065): the mail switch, the bell and the SendChapterAlerts job. */
function createChapterAlertServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  mailLinkSecret: string;
  mail: MailRepository;
  users: UserRepository;
  entitlement: EntitlementService;
  jobs: JobScheduler;
  log: FastifyBaseLogger | undefined;
}) {
  const { config, crypto, mailLinkSecret } = options;
  const repositories = { chapterAlerts: new ChapterAlertRepository(options.database.db) };
  const chapterAlerts = new ChapterAlertService(
    {
      alerts: repositories.chapterAlerts,
      users: options.users,
      mail: options.mail,
      ageAccess: options.entitlement,
      clock: options.clock,
      sign: (value) => crypto.hmac(mailLinkSecret, value),
      safeEqual: (a, b) => crypto.safeEqual(a, b),
    },
    {
      webPublicUrl: config.webPublicUrl,
      timeZone: config.wireTimeZone,
      log: options.log?.child({ service: 'alerts' }),
    },
  );
  options.jobs.register({
    name: SEND_CHAPTER_ALERTS,
    intervalMs: config.chapterAlertIntervalMs,
    shouldRunAtStart: () => chapterAlerts.hasDueAlerts(),
    handle: () => chapterAlerts.handleSendChapterAlerts(),
  });
  return { repositories, services: { chapterAlerts } };
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
  log: FastifyBaseLogger | undefined;
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
    bookmarks: new BookmarkRepository(database.db),
    advertisements: new AdvertisementRepository(database.db),
    jobs: new JobRepository(database.db),
  };
  const cache = new TtlCache({ ttlMs: config.catalogueCacheTtlMs, maxEntries: 50_000, now: () => clock.now() });
  const revisionFeed = createRevisionFeed(config, database, options.log);
  const responses = new ResponseCache(revisionFeed.feed, {
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
  const jobs = new JobScheduler(repositories.jobs, clock, {
    leaseMs: config.jobLeaseMs,
    owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  });
  jobs.register({
    name: REBUILD_RANKINGS,
    intervalMs: config.rankingIntervalMs,
    shouldRunAtStart: () => rankingRebuild.areRankingsStale(),
    handle: () => rankingRebuild.handleRebuildRankings(),
  });
  const viewer = new ViewerService(
    {
      catalogue,
      entitlement,
      episodes,
      activity: repositories.titleActivity,
      progress: repositories.readingHistory,
      clock,
      urls,
    },
    { timeZone, webPublicUrl: config.webPublicUrl, log: options.log },
  );
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
    viewer,
    bookmarks: new BookmarkService({ bookmarks: repositories.bookmarks, viewer, catalogue, clock }, { timeZone }),
    readingHistory: new ReadingHistoryService({ history: repositories.readingHistory, catalogue }, { timeZone }),
    favorites: new FavoriteService({ favorites: repositories.favorites, catalogue, clock }, { timeZone }),
    advertisements: new AdvertisementService(repositories.advertisements, clock, { timeZone }),
    jobs,
    catalogueCache: cache,
    responseCache: responses,
    catalogueRevision: revisionFeed.feed,
  };
  return { repositories: { ...repositories, catalogueRevisionChannel: revisionFeed.channel }, services };
}

/**
 * The catalogue revision pushed to this process (ADR 040): this handle's own committed writes to a
 * catalogue table and the revision channel (LISTEN/NOTIFY, or the SQLite file watch) mark it stale,
 * and it is read again at most MANGA_CATALOGUE_PUSH_RECHECK_SECONDS after the last read.
 */
function createRevisionFeed(config: Config, database: DatabaseHandle, log: FastifyBaseLogger | undefined) {
  const store = new CatalogueRevisionRepository(database.db, database.readSync);
  const push = config.cataloguePushRecheckMs > 0 && database.location !== undefined && database.onWrite !== undefined;
  let feed: CatalogueRevisionFeed | undefined;
  const channel =
    push && database.location
      ? openRevisionChannel(database.location, {
          changed: () => feed?.changed(),
          info: (message) => log?.info(message),
          warn: (details, message) => log?.warn(details, message),
        })
      : undefined;
  feed = new CatalogueRevisionFeed(store, channel, {
    recheckMs: push ? config.cataloguePushRecheckMs : 0,
    elapsed: () => performance.now(),
  });
  const catalogueTables: ReadonlySet<string> = new Set(CATALOGUE_TABLES);
  database.onWrite?.((tables) => {
    if (![...tables].some((table) => catalogueTables.has(table))) return;
    // The writer is not held for its own message: a bulk import or a factory writing hundreds of
    // rows waited up to 250 ms per statement. Other processes read the NOTIFY about 1 ms later.
    feed?.changed();
  });
  return { feed, channel };
}

function createAccountServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  redis: Redis | null;
  passwordHashCost: PasswordHashCost | undefined;
  mail: MailRepository | undefined;
  log: FastifyBaseLogger | undefined;
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
    throttleEvents: throttleEventsOf(options.redis, database, options.log),
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
    readingSettings: new ReadingSettingService({ users, sessions: repositories.sessions, clock }),
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
  const staff = new StaffService({ roles: repositories.userRoles, users, transactions, clock }, { timeZone });
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
    staff,
    nicknames: new NicknameService({ users, ngWords: repositories.ngWords, clock }, { timeZone }),
    moderation: new ModerationService(
      {
        staff,
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

/** The editors' console: titles, their art and publication (issue 26, ADR 046). */
function createEditorialServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  mediaUrls: MediaUrlSigner;
  storage: StorageRepository;
  ingest: IngestService;
  log: FastifyBaseLogger | undefined;
  access: CatalogueEditorDeps['access'];
}) {
  const repositories = {
    titleEditor: new TitleEditorRepository(options.database.db),
    titleEditorTransactions: new TitleEditorTransactionRepository(options.database.db),
    uploadSpool: new UploadSpoolRepository(options.config.uploadDir),
  };
  const services = {
    catalogueEditor: new CatalogueEditorService(
      {
        access: options.access,
        titles: repositories.titleEditor,
        transactions: repositories.titleEditorTransactions,
        ingest: options.ingest,
        images: new SharpImageProcessor(),
        storage: options.storage,
        clock: options.clock,
        urls: options.mediaUrls,
        randomU32: () => options.crypto.randomU32(),
      },
      { timeZone: options.config.wireTimeZone },
    ),
    chapterUpload: new ChapterUploadService(
      {
        access: options.access,
        titles: new IngestRepository(options.database.db),
        spool: repositories.uploadSpool,
        ingest: options.ingest,
        clock: options.clock,
        randomId: () => options.crypto.randomToken(16),
        log: options.log?.child({ service: 'chapter-upload' }),
      },
      { maxBytes: options.config.chapterUploadMaxBytes, timeZone: options.config.wireTimeZone },
    ),
  };
  return { repositories, services };
}

/**
 * Support and the shop in the console (issue 26, ADR 063): a reader looked up and helped, grants
 * through OperatorGrantService; the shop's products through the ProductService of `npm run products`.
 */
function createSupportServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  staff: StaffService;
  grants: OperatorGrantService;
  users: UserRepository;
  sessions: SessionRepository;
  devices: DeviceRepository;
  wallets: WalletRepository;
  tickets: TicketRepository;
  purchases: PurchaseRepository;
  payments: PaymentRepository;
  auditLog: AuditLogRepository;
}) {
  const support = new SupportRepository(options.database.db);
  const { users, sessions, devices, wallets, tickets, purchases, payments } = options;
  const services = {
    support: new SupportService({
      staff: options.staff,
      sources: {
        listReadersByEmailPrefix: (prefix, limit) => support.listReadersByEmailPrefix(prefix, limit),
        findUserById: (id) => users.findUserById(id),
        listOpenLots: (userId) => wallets.listOpenLots(userId),
        listLedgerEntries: (userId, window) => wallets.listLedgerEntries(userId, window),
        listUsablePremiumTickets: (userId, now) => tickets.listUsablePremiumTickets(userId, now),
        listPurchasesOfUser: (userId, limit, offset) => support.listPurchasesOfUser(userId, limit, offset),
        listTicketMovements: (userId, now, offset, limit) => tickets.listTicketMovements(userId, now, offset, limit),
        listEpisodeLabels: (ids) => purchases.listEpisodeLabels(ids),
        listLiveSubscriptions: (userId) => payments.listLiveSubscriptions(userId),
        findProduct: (id) => payments.findProduct(id),
        listActiveSessions: (userId, now) => sessions.listActiveSessions(userId, now),
        listDevicesByUser: (userId) => devices.listDevicesByUser(userId),
      },
      grants: options.grants,
      transactions: new SupportTransactionRepository(options.database.db),
      clock: options.clock,
      timeZone: options.config.wireTimeZone,
    }),
    products: new ProductService({ store: payments, audit: options.auditLog, clock: options.clock }),
  };
  return { services };
}

export type Container = ReturnType<typeof createContainer>;

/** Throttle events in Redis when configured, in the database while it is away (ADR 022), else in the database. */
function throttleEventsOf(redis: Redis | null, database: DatabaseHandle, log: FastifyBaseLogger | undefined) {
  const inDatabase = new ThrottleEventRepository(database.db);
  if (!redis) return inDatabase;
  return new FailoverThrottleEventRepository(
    new RedisThrottleEventRepository(redis),
    inDatabase,
    () => isRedisReady(redis),
    (error) => log?.warn({ err: error }, 'Redis did not answer a throttle call; counted in the database'),
  );
}
