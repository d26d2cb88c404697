// `npm run migrate [-- --status] [--database <url>]`: applies the pending database migrations (the
// API also does this at start), or with --status lists which are applied and which are pending.
// The database comes from config.ts (MANGA_DATABASE_URL, DATABASE_URL, MANGA_DATA_DIR) unless
// --database is given. Exit code 1 when a migration fails; it names the migration and the reason.
import { readCommandLine, runCommand } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { listAppliedMigrations, migrateToLatest, migrations } from '#src/db/migrator.ts';

const USAGE = 'Usage: npm run migrate -- [--status] [--database <url>]';

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    options: { status: { type: 'boolean', default: false }, database: { type: 'string' } },
  });
  if (!commandLine) return 0;
  const { values } = commandLine;
  const database = createDatabase({ url: values.database ?? loadConfig().databaseUrl });
  try {
    if (values.status) {
      const applied = new Set(await listAppliedMigrations(database.db));
      for (const name of Object.keys(migrations)) console.log(`${applied.has(name) ? 'applied' : 'pending'}  ${name}`);
      return 0;
    }
    const applied = await migrateToLatest(database.db);
    console.log(
      applied.length === 0
        ? 'The database is up to date.'
        : `Applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join('\n')}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'Migration failed' });
