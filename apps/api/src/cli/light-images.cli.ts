// `npm run images:light [-- --episode <id>] [--database <url>] [--storage <dir>]`: makes the data saver's lighter page
// tier (ADR 055) for every chapter imported before it existed. Each stored page is read, unscrambled,
// shrunk and scrambled again with the chapter's seed; the rows of a chapter are updated in one
// transaction, and a chapter re-imported meanwhile is skipped. Safe to run again: chapters that have
// the tier are not touched. Exit code 1 on any error (the chapters finished before it keep their tier).
import { parseWholeNumber, readCommandLine, runCommand } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import { openStorage } from '#src/repositories/storage-backend.repository.ts';
import { IngestService } from '#src/services/ingest.service.ts';
import { LightTierService } from '#src/services/light-tier.service.ts';

const USAGE =
  'Usage: npm run images:light [-- --episode <id>] [--database <url>] [--storage <dir>]\n(makes the data saver tier of chapters that lack it, or of one chapter; images are read from and written to the store of MANGA_STORAGE_URL when set, else MANGA_STORAGE_DIR; --storage names a directory instead)';

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    options: { episode: { type: 'string' }, database: { type: 'string' }, storage: { type: 'string' } },
  });
  if (!commandLine) return 0;
  const { values } = commandLine;
  const config = loadConfig();
  const database = createDatabase({ url: values.database ?? config.databaseUrl });
  const storage = openStorage(
    values.storage ? { ...config, storageDir: values.storage, objectStorage: undefined } : config,
  );
  try {
    await migrateToLatest(database.db);
    const store = new IngestRepository(database.db);
    const lightTier = new LightTierService({
      ingest: new IngestService({ storage, images: new SharpImageProcessor(), store }),
      store,
      storage,
    });
    const started = performance.now();
    const report = (episodeId: number, made: { pages: number; bytes: number } | undefined) => {
      if (made) console.log(`episode ${episodeId}: ${made.pages} pages, ${(made.bytes / 1024).toFixed(0)} KiB`);
      else console.log(`episode ${episodeId}: skipped (it has the tier, has no pages, or was re-imported meanwhile)`);
    };
    const episodeId = parseWholeNumber(values.episode, '--episode');
    let total = { episodes: 0, pages: 0, bytes: 0 };
    if (episodeId !== undefined) {
      const made = await lightTier.makeLightTier(episodeId);
      report(episodeId, made);
      if (made) total = { episodes: 1, ...made };
    } else {
      total = await lightTier.makeMissingLightTiers(report);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      total.episodes === 0
        ? 'Every chapter has its data saver tier.'
        : `Made the data saver tier of ${total.episodes} chapters (${total.pages} pages, ${(total.bytes / 1024 / 1024).toFixed(1)} MiB) in ${seconds} s`,
    );
    return 0;
  } finally {
    await storage.close();
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'Making the data saver tier failed' });
