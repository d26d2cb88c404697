// Wires repositories into services once per app. Routes reach services only through this container.
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { type ClockRepository, SystemClock } from '#src/repositories/clock.repository.ts';
import { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { LocalDiskStorage } from '#src/repositories/storage.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { CatalogueService } from '#src/services/catalogue.service.ts';
import { HealthService } from '#src/services/health.service.ts';
import { ImageService } from '#src/services/image.service.ts';
import { MaintenanceService } from '#src/services/maintenance.service.ts';
import { MediaUrlSigner } from '#src/services/media-url.signer.ts';
import { RequestSignatureService } from '#src/services/request-signature.service.ts';

export interface ContainerOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: ClockRepository;
}

export function createContainer({ config, database, clock = new SystemClock() }: ContainerOptions) {
  const crypto = new CryptoRepository();
  const repositories = {
    titles: new TitleRepository(database.db),
    episodes: new EpisodeRepository(database.db),
    magazines: new MagazineRepository(database.db),
    settings: new SettingRepository(database.db),
    users: new UserRepository(database.db),
    health: new DatabaseHealthRepository(database.db),
    storage: new LocalDiskStorage(config.storageDir),
  };
  const mediaUrls = new MediaUrlSigner({
    baseUrl: config.publicApiUrl,
    secret: config.imageUrlSecret,
    ttlSeconds: config.imageUrlTtlSeconds,
    sign: (value) => crypto.hmac(config.imageUrlSecret, value),
    safeEqual: (a, b) => crypto.safeEqual(a, b),
  });
  const services = {
    maintenance: new MaintenanceService(repositories.settings, clock, config.maintenance),
    requestSignature: new RequestSignatureService(crypto.hashes, repositories.users, (a, b) => crypto.safeEqual(a, b)),
    health: new HealthService(repositories.health),
    catalogue: new CatalogueService(repositories.titles, repositories.episodes, repositories.magazines, clock, mediaUrls, {
      timeZone: config.wireTimeZone,
    }),
    images: new ImageService(repositories.storage, mediaUrls, clock),
  };
  return { config, clock, crypto, repositories, mediaUrls, services };
}

export type Container = ReturnType<typeof createContainer>;
