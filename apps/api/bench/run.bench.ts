// `npm run bench`: measures API calls against a Fastify hello-world in the same run and prints ratios
// (figures are only comparable within one run on one machine). Seeds the demo catalogue if needed.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { seedIfEmpty } from '#src/seed.ts';

const DURATION_SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const CONNECTIONS = 16;

interface Scenario {
  name: string;
  server: 'hello' | 'api';
  path: string;
}

async function startServer(kind: 'hello' | 'api', databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [kind, databaseUrl], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { child, port };
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: 'info' });
  const database = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(database.db);
  await seedIfEmpty({ config, database, log: (line: string) => log.info(line) });
  const ids = (await database.db.selectFrom('title').select('id').orderBy('id').limit(20).execute()).map((r) => r.id);
  await database.close();
  if (ids.length < 20) throw new Error('the catalogue has fewer than 20 titles');

  const scenarios: Scenario[] = [
    { name: 'hello-world (baseline)', server: 'hello', path: '/hello' },
    { name: 'GET /title/list (20 ids)', server: 'api', path: `/title/list?title_id_list=${ids.join(',')}` },
  ];
  const servers = {
    hello: await startServer('hello', config.databaseUrl),
    api: await startServer('api', config.databaseUrl),
  };
  try {
    const rows: { name: string; rps: number; p50: number; p99: number }[] = [];
    for (const scenario of scenarios) {
      const url = `http://127.0.0.1:${servers[scenario.server].port}${scenario.path}`;
      await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, caches
      rows.push({ name: scenario.name, ...(await measure(url)) });
    }
    const baseline = rows[0]!.rps;
    console.log(`\n${DURATION_SECONDS}s per scenario, ${CONNECTIONS} connections, ${config.databaseUrl.split(':')[0]}`);
    console.table(
      rows.map((r) => ({
        scenario: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'vs hello-world': `${(r.rps / baseline).toFixed(3)}×`,
      })),
    );
  } finally {
    for (const { child } of Object.values(servers)) child.kill('SIGTERM');
  }
}

await main();
