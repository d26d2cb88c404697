#!/usr/bin/env node
// `npm run test:pg`: the API's database integration tests on PostgreSQL (architecture §8). The same test
// files run on SQLite in `npm test`; here DATABASE_URL points them at a PostgreSQL server, where
// each test file gets its own database cloned from a migrated template.
//
//   DATABASE_URL=postgres://user@host:5432/db node scripts/test-pg.mjs [extra vitest arguments]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: [DATABASE_URL=postgres://…] npm run test:pg [-- <vitest arguments>]');
  process.exit(0);
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
// pg is a dependency of the API workspace; resolve it from there rather than relying on hoisting.
const pg = createRequire(new URL('../apps/api/package.json', import.meta.url))('pg');

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const shownUrl = databaseUrl.replace(/(\/\/[^:/@]+:)[^@/]*@/, '$1***@');

if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(`test-pg: DATABASE_URL must be a postgres:// or postgresql:// URL, got ${shownUrl}`);
  process.exit(1);
}

async function checkReachable() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query('select current_setting($1) as version', ['server_version']);
    return rows[0].version;
  } finally {
    await client.end().catch(() => {});
  }
}

let serverVersion;
try {
  serverVersion = await checkReachable();
} catch (error) {
  console.error(`test-pg: PostgreSQL is not reachable at ${shownUrl}: ${error.message}`);
  console.error('test-pg: start PostgreSQL or set DATABASE_URL to a server where this user may CREATE DATABASE.');
  process.exit(1);
}

console.log(`test-pg: PostgreSQL ${serverVersion} at ${shownUrl}`);
// Files or filters given on the command line replace the default directory (vitest ORs its filters, so
// keeping the directory beside them would run the whole suite anyway).
const extra = process.argv.slice(2);
const namesFiles = (arg) => !arg.startsWith('-') && /\/|\.test\.ts$/.test(arg);
const filters = extra.some(namesFiles) ? [] : ['apps/api/test/integration'];
const child = spawn('npx', ['vitest', 'run', ...filters, ...extra], {
  cwd: repositoryRoot,
  env: { ...process.env, DATABASE_URL: databaseUrl },
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(`test-pg: could not start vitest: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
