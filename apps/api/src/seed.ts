// Composition of the seeder from configuration, beside container.ts: used by main.ts on first start,
// by the seed CLI and by the benchmark.
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import type { Millis } from '#src/db/schema.ts';
import { CatalogueRepository } from '#src/repositories/catalogue.repository.ts';
import { type ClockRepository, SystemClock } from '#src/repositories/clock.repository.ts';
import { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { LocalDiskStorage } from '#src/repositories/storage.repository.ts';
import { IngestService } from '#src/services/ingest.service.ts';
import { type SeedLog, type SeedOptions, type SeedReport, SeedService } from '#src/services/seed.service.ts';

/** Builds the seeder from configuration (used by the seed CLI and by main.ts on first start). */
export function createSeedService(
  {
    config,
    database,
    clock = new SystemClock(),
  }: { config: Config; database: DatabaseHandle; clock?: ClockRepository },
  options: Partial<SeedOptions> = {},
): SeedService {
  const storage = new LocalDiskStorage(config.storageDir);
  const images = new SharpImageProcessor();
  const catalogue = new CatalogueRepository(database.db);
  // Quality 80 keeps the ~19k demo pages near 2 GB; imports use the default (85).
  const ingest = new IngestService(
    { storage, images, store: catalogue, clock, randomU32: () => new CryptoRepository().randomU32() },
    { concurrency: 2, jpegQuality: 80 },
  );
  return new SeedService(catalogue, storage, images, ingest, clock, options);
}

/** Seeds the demo catalogue on first start; does nothing when titles exist. */
export async function seedIfEmpty({
  config,
  database,
  log,
  now,
}: {
  config: Config;
  database: DatabaseHandle;
  log: SeedLog;
  now?: Millis;
}): Promise<SeedReport | undefined> {
  const clock = now === undefined ? undefined : { now: () => now };
  return createSeedService({ config, database, clock }).seedIfEmpty(log);
}
