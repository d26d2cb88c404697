// `npm run import -- <folder or .cbz> --title <id> --episode <id> [--name "…"] [--title-name "…"] [--point N] [--cover <image>]`
// Imports one episode through the ingest path (architecture §6): every page is decoded and normalised
// first, the scrambled derivatives are written, then the rows go in in one transaction. An existing
// episode gets its pages replaced (with a new scramble seed). A missing title is created only when
// --title-name is given, so a typo in --title cannot create a stray title. Exit code 1 on any
// error, with nothing half-imported. Database and storage come from config.ts (MANGA_DATABASE_URL;
// the S3 bucket of MANGA_STORAGE_URL, else MANGA_STORAGE_DIR, ADR 038) unless --database / --storage
// (a local directory) are given.
import { parseWholeNumber, readCommandLine, runCommand, UsageError } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { FileArchiveRepository } from '#src/repositories/archive.repository.ts';
import { SystemClock } from '#src/repositories/clock.repository.ts';
import { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import { openStorage } from '#src/repositories/storage-backend.repository.ts';
import { EpisodeImportService } from '#src/services/episode-import.service.ts';
import { IngestService } from '#src/services/ingest.service.ts';

const USAGE =
  'Usage: npm run import -- <folder or .cbz> --title <id> --episode <id> [--name "…"] [--title-name "…"] [--point N] [--cover <image>] [--database <url>] [--storage <dir>]\n(images go to the S3 bucket of MANGA_STORAGE_URL when set, else to MANGA_STORAGE_DIR; --storage names a directory instead)';

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      episode: { type: 'string' },
      name: { type: 'string' },
      'title-name': { type: 'string' },
      point: { type: 'string' },
      cover: { type: 'string' },
      database: { type: 'string' },
      storage: { type: 'string' },
    },
  });
  if (!commandLine) return 0;
  const { values, positionals } = commandLine;
  const [source, ...extra] = positionals;
  if (!source || extra.length > 0) throw new UsageError('Give exactly one folder or .cbz file');
  const titleId = parseWholeNumber(values.title, '--title');
  const episodeId = parseWholeNumber(values.episode, '--episode');
  if (titleId === undefined || episodeId === undefined) throw new UsageError('--title and --episode are required');

  const config = loadConfig();
  const database = createDatabase({ url: values.database ?? config.databaseUrl });
  // --storage names a local directory, in place of the configured store.
  const storage = openStorage(
    values.storage ? { ...config, storageDir: values.storage, objectStorage: undefined } : config,
  );
  try {
    await migrateToLatest(database.db);
    const crypto = new CryptoRepository();
    const images = new SharpImageProcessor();
    const store = new IngestRepository(database.db);
    const importer = new EpisodeImportService({
      ingest: new IngestService({ storage, images, store }),
      store,
      archive: new FileArchiveRepository(),
      images,
      clock: new SystemClock(),
      randomU32: () => crypto.randomU32(),
    });
    const started = performance.now();
    const result = await importer.importEpisode({
      source,
      titleId,
      episodeId,
      episodeName: values.name,
      titleName: values['title-name'],
      point: parseWholeNumber(values.point, '--point'),
      coverPath: values.cover,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const bytes = result.pages.reduce((sum, page) => sum + page.bytes, 0);
    const first = result.pages[0];
    console.log(
      `${result.replaced ? 'Replaced' : 'Imported'} episode ${episodeId} of title ${titleId}${result.titleCreated ? ' (new title)' : ''}: ` +
        `${result.pageCount} pages of ${first?.width}×${first?.height}, ${(bytes / 1024).toFixed(0)} KiB, in ${seconds} s`,
    );
    return 0;
  } finally {
    await storage.close();
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'Import failed' });
