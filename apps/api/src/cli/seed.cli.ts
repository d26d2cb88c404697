// `npm run seed [-- --force] [--database <url>] [--storage <dir>]`
// Migrates the database, then seeds the demo catalogue when it is empty. `--force` deletes the
// catalogue (and the purchases, rentals, views and comments that refer to it) and its images, then
// seeds again. Defaults come from the environment through config.ts (MANGA_DATABASE_URL,
// MANGA_STORAGE_URL or MANGA_STORAGE_DIR, MANGA_DATA_DIR).
import { readCommandLine, runCommand } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { createDemoSeedService } from '#src/demo/demo-seeder.ts';

const USAGE = 'Usage: npm run seed -- [--force] [--database <url>] [--storage <dir>]';

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    options: { force: { type: 'boolean', default: false }, database: { type: 'string' }, storage: { type: 'string' } },
  });
  if (!commandLine) return 0;
  const { values } = commandLine;
  const base = loadConfig();
  const config = {
    ...base,
    databaseUrl: values.database ?? base.databaseUrl,
    storageDir: values.storage ?? base.storageDir,
    // --storage names a local directory, in place of the configured store (ADR 038).
    objectStorage: values.storage ? undefined : base.objectStorage,
  };
  const database = createDatabase({ url: config.databaseUrl });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) console.log(`Applied ${applied.length} migration(s)`);
    const seeder = createDemoSeedService({ config, database });
    const log = (line: string) => console.log(line);
    if (values.force) {
      await seeder.reseed(log);
    } else if ((await seeder.seedIfEmpty(log)) === undefined) {
      console.log('The catalogue already has titles; nothing to do (use --force to replace it).');
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'Seeding failed' });
