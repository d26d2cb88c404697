// `npm run migrate [-- --status] [--database <url>]`: applies the pending database migrations (the
// API also does this at start), or with --status lists which are applied and which are pending.
// The database comes from config.ts (MANGA_DATABASE_URL, DATABASE_URL, MANGA_DATA_DIR) unless
// --database is given. Exit code 1 when a migration fails; it names the migration and the reason.
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { listAppliedMigrations, migrateToLatest, migrations } from '#src/db/migrator.ts';

const USAGE = 'Usage: npm run migrate -- [--status] [--database <url>]';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      status: { type: 'boolean', default: false },
      database: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n${USAGE}`);
    } else {
      console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
