// `npm run bench`: measures API calls against a Fastify hello-world in the same run and prints ratios
// (figures are only comparable within one run on one machine). The same scenarios run on the demo
// catalogue (seeded if needed) and on a generated LARGE catalogue (10,000 titles, 500,000 episodes,
// `<data>/bench-large.db`, built once), each with the catalogue cache on (as configured) and off, so
// that the tables show both what readers get and how the indexed queries grow with the catalogue.
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { seedDemoCatalogueIfEmpty } from '#src/demo/demo-seeder.ts';
import { ensureLargeCatalogue } from './large-catalogue.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm run bench [-- --seconds=<per scenario, default 8>]');
  process.exit(0);
}

const DURATION_SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const CONNECTIONS = 16;

type ServerKey = 'hello' | 'demo' | 'demo-nocache' | 'large' | 'large-nocache';

interface Scenario {
  name: string;
  path: string;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

async function startServer(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    child.once('message', (m: { port: number }) => resolvePort(m.port));
    child.once('exit', (code) => reject(new Error(`${args[0]} server exited with ${code}`)));
  });
  return { child, port };
}

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, caches
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  await new Promise((settle) => setTimeout(settle, 1_000)); // let the server drain before the next scenario
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The scenarios of one database: 20 title ids and a keyword taken from its own titles. */
async function scenariosFor(databaseUrl: string): Promise<Scenario[]> {
  const database = createDatabase({ url: databaseUrl });
  try {
    const titles = await database.db.selectFrom('title').select(['id', 'name_en']).orderBy('id').limit(20).execute();
    if (titles.length < 20) throw new Error(`${databaseUrl}: fewer than 20 titles`);
    const keyword = (titles[4]?.name_en ?? 'the').split(' ').find((word) => word.length > 3 && word !== 'The') ?? 'the';
    return [
      { name: 'GET /web/top', path: '/web/top' },
      { name: 'GET /title/list (20 ids)', path: `/title/list?title_id_list=${titles.map((t) => t.id).join(',')}` },
      {
        name: `GET /search/title (keyword "${keyword}", limit 20)`,
        path: `/search/title?keyword=${encodeURIComponent(keyword)}&limit=20`,
      },
    ];
  } finally {
    await database.close();
  }
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: 'info' });
  const database = createDatabase({ url: config.databaseUrl });
  await migrateToLatest(database.db);
  await seedDemoCatalogueIfEmpty({ config, database, log: (line: string) => log.info(line) });
  await database.close();
  const largePath = resolve(config.dataDir, 'bench-large.db');
  const large = await ensureLargeCatalogue(largePath, (line) => log.info(line));
  const largeUrl = `sqlite:${largePath}`;

  const scenarios = { demo: await scenariosFor(config.databaseUrl), large: await scenariosFor(largeUrl) };
  const cacheSeconds = String(config.catalogueCacheTtlMs / 1000);
  const servers: Record<ServerKey, { child: ChildProcess; port: number }> = {
    hello: await startServer(['hello']),
    demo: await startServer(['api', config.databaseUrl, cacheSeconds]),
    'demo-nocache': await startServer(['api', config.databaseUrl, '0']),
    large: await startServer(['api', largeUrl, cacheSeconds]),
    'large-nocache': await startServer(['api', largeUrl, '0']),
  };
  const url = (server: ServerKey, path: string) => `http://127.0.0.1:${servers[server].port}${path}`;
  try {
    const baseline = { name: 'hello-world (baseline)', ...(await measure(url('hello', '/hello'))) };
    const results: Record<Exclude<ServerKey, 'hello'>, Row[]> = {
      demo: [],
      'demo-nocache': [],
      large: [],
      'large-nocache': [],
    };
    for (const server of ['demo', 'demo-nocache', 'large', 'large-nocache'] as const) {
      for (const scenario of scenarios[server.startsWith('demo') ? 'demo' : 'large']) {
        results[server].push({ name: scenario.name, ...(await measure(url(server, scenario.path))) });
      }
    }
    const table = (rows: Row[]) =>
      console.table(
        [baseline, ...rows].map((r) => ({
          scenario: r.name,
          'req/s': Math.round(r.rps),
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'vs hello-world': `${(r.rps / baseline.rps).toFixed(3)}×`,
        })),
      );
    console.log(
      `\n${DURATION_SECONDS}s per scenario, ${CONNECTIONS} connections, sqlite, catalogue cache ${cacheSeconds}s`,
    );
    console.log(`\nDemo catalogue (${config.databaseUrl}), cache on`);
    table(results.demo);
    console.log('\nDemo catalogue, cache off (indexed queries only)');
    table(results['demo-nocache']);
    console.log(`\nLarge catalogue (${large.titles} titles, ${large.episodes} episodes, ${largeUrl}), cache on`);
    table(results.large);
    console.log('\nLarge catalogue, cache off (indexed queries only)');
    table(results['large-nocache']);
    console.log('\nGrowth: demo → large (cost ratio = demo req/s ÷ large req/s; 1.0× means no growth)');
    console.table(
      results.demo.map((row, i) => {
        const nocacheDemo = results['demo-nocache'][i]!;
        const cached = results.large[i]!;
        const nocache = results['large-nocache'][i]!;
        return {
          scenario: row.name.replace(/ \(keyword.*\)/, ' (keyword)'),
          'cache on': `${(row.rps / cached.rps).toFixed(2)}×`,
          'cache off': `${(nocacheDemo.rps / nocache.rps).toFixed(2)}×`,
        };
      }),
    );
    if (large.built) {
      console.log(
        `Large catalogue built in ${(large.buildMs / 1000).toFixed(1)} s; RebuildRankings took ${Math.round(large.rankingMs)} ms on it.`,
      );
    }
  } finally {
    for (const { child } of Object.values(servers)) child.kill('SIGTERM');
  }
}

await main();
