// Wires repositories into services once per app. Routes reach services only through this container.
// Each area is wired in its own file under container/; this one builds the shared pieces and composes them.
import { StaffPermission } from '@manga/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config.ts';
import { createAccountServices } from '#src/container/accounts.ts';
import { createChapterAlertServices } from '#src/container/alerts.ts';
import { createCatalogueServices } from '#src/container/catalogue.ts';
import { createCommentServices } from '#src/container/comments.ts';
import { createCommerceServices, paymentProviderOf } from '#src/container/commerce.ts';
import { createEditorialServices } from '#src/container/editorial.ts';
import type { AppSecrets } from '#src/container/secrets.ts';
import { createSupportServices } from '#src/container/support.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { FileArchiveRepository } from '#src/repositories/archive.repository.ts';
import { type ClockRepository, SystemClock } from '#src/repositories/clock.repository.ts';
import { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import type { MailRepository } from '#src/repositories/mail.repository.ts';
import { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import type { PasswordHashCost } from '#src/repositories/password-hasher.repository.ts';
import type { PaymentProviderRepository } from '#src/repositories/payment-provider.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { openStorage } from '#src/repositories/storage-backend.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { ClientAddressResolver } from '#src/services/client-address-resolver.service.ts';
import { EpisodeImportService } from '#src/services/episode-import.service.ts';
import { HealthService } from '#src/services/health.service.ts';
import { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { ImageService } from '#src/services/image.service.ts';
import { IngestService } from '#src/services/ingest.service.ts';
import { LightTierService } from '#src/services/light-tier.service.ts';
import { MaintenanceService } from '#src/services/maintenance.service.ts';
import { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import { OutcomeEvents } from '#src/services/outcome-events.service.ts';
import { RequestSignatureService } from '#src/services/request-signature.service.ts';
import { WebMyPersonalService } from '#src/services/web-my-personal.service.ts';
import { WebTitlePersonalService } from '#src/services/web-title-personal.service.ts';

export { type AppSecrets, resolveSecrets } from '#src/container/secrets.ts';

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
  // Purchases, checkouts and mails tell their outcomes here; the metrics plugin listens (issue 25).
  const events = new OutcomeEvents();
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
  const sharpImages = new SharpImageProcessor();
  const ingestStore = new IngestRepository(database.db);
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
    ingest: new IngestService({ storage: repositories.storage, images: sharpImages, store: ingestStore }),
    events,
    clientAddresses: new ClientAddressResolver(secrets.proxySecret, (a, b) => crypto.safeEqual(a, b)),
  };
  // The operators' import and the data saver's backfill, on the same pipeline (their CLIs build their own).
  const episodeImport = new EpisodeImportService({
    ingest: services.ingest,
    store: ingestStore,
    archive: new FileArchiveRepository(),
    images: sharpImages,
    clock,
    randomU32: () => crypto.randomU32(),
  });
  const lightTier = new LightTierService({
    ingest: services.ingest,
    store: ingestStore,
    storage: repositories.storage,
  });
  const catalogue = createCatalogueServices({
    config,
    database,
    clock,
    mediaUrls,
    repositories,
    log,
    maintenanceOn: () => services.maintenance.readNow(),
  });
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
    events,
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
      paymentProviderOf({ config, database, clock, paymentWebhookSecret: secrets.paymentWebhookSecret }),
    events,
    catalogueCache: catalogue.services.catalogueCache,
  });
  const editorial = createEditorialServices({
    config,
    database,
    clock,
    crypto,
    mediaUrls,
    storage: repositories.storage,
    ingest: services.ingest,
    viewer: catalogue.services.viewer,
    entitlement: catalogue.services.entitlement,
    log,
    // The one access check of the catalogue console (ADR 046).
    access: (auth) => comments.services.staff.requireAccess(auth, StaffPermission.TitleEdit),
    topRules: {
      listTopTitleIds: (rankingId, limit) => catalogue.services.rankings.listTopTitleIds(rankingId, limit),
      listBonusEpisodes: (now, limit) => repositories.episodes.listBonusEpisodes(now, limit),
    },
    rankings: {
      handleRebuildRankings: () => catalogue.services.rankingRebuild.handleRebuildRankings(),
      findLatestComputedAt: () => catalogue.repositories.rankings.findLatestComputedAt(),
    },
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
    events,
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
      episodeImport,
      lightTier,
      ...catalogue.services,
      ...accounts.services,
      ...comments.services,
      ...commerce.services,
      ...editorial.services,
      ...alerts.services,
      ...support.services,
      // ADR 076: the reader's part of a title page and of /my in one call, from the services of each part.
      webMyPersonal: new WebMyPersonalService({
        wallet: commerce.services.wallet,
        history: catalogue.services.readingHistory,
        favorites: catalogue.services.favorites,
        purchases: commerce.services.purchases,
        comments: comments.services.comments,
        loginBonus: commerce.services.loginBonus,
      }),
      webTitlePersonal: new WebTitlePersonalService({
        favorites: catalogue.services.favorites,
        catalogue: catalogue.services.catalogue,
        tickets: commerce.services.tickets,
        history: catalogue.services.readingHistory,
        alerts: alerts.services.chapterAlerts,
      }),
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
