// Composition of the seeder from configuration, beside container.ts: used by main.ts on first start,
// by the seed CLI and by the benchmark.
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import type { Millis } from '#src/db/schema.ts';
import { DemoCatalogueRepository } from '#src/demo/repositories/demo-catalogue.repository.ts';
import {
  type DemoSeedOptions,
  type DemoSeedReport,
  DemoSeedService,
  type SeedLog,
} from '#src/demo/services/demo-seed.service.ts';
import { type ClockRepository, SystemClock } from '#src/repositories/clock.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import { openStorage } from '#src/repositories/storage-backend.repository.ts';
import { IngestService } from '#src/services/ingest.service.ts';

/** Builds the seeder from configuration (used by the seed CLI and by main.ts on first start). */
export function createDemoSeedService(
  {
    config,
    database,
    clock = new SystemClock(),
  }: { config: Config; database: DatabaseHandle; clock?: ClockRepository },
  options: Partial<DemoSeedOptions> = {},
): DemoSeedService {
  // The configured store: the S3 bucket of MANGA_STORAGE_URL, else the local directory (ADR 038).
  const storage = openStorage(config);
  const images = new SharpImageProcessor();
  // Quality 80 keeps the ~19k demo pages near 2 GB; imports use the default (85).
  const ingest = new IngestService(
    {
      storage,
      images,
      store: new IngestRepository(database.db),
    },
    { concurrency: 2, jpegQuality: 80 },
  );
  return new DemoSeedService(
    { store: new DemoCatalogueRepository(database.db), storage, images, ingest, clock },
    options,
  );
}

/** Seeds the demo catalogue on first start; does nothing when titles exist. */
export async function seedDemoCatalogueIfEmpty({
  config,
  database,
  log,
  now,
}: {
  config: Config;
  database: DatabaseHandle;
  log: SeedLog;
  now?: Millis;
}): Promise<DemoSeedReport | undefined> {
  const clock = now === undefined ? undefined : { now: () => now };
  return createDemoSeedService({ config, database, clock }).seedIfEmpty(log);
}
