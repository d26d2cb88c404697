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
import { auditPurchases, ensureHeavyBuyer, preparePurchaseBench } from './purchase-bench.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm run bench [-- --seconds=<per scenario, default 8>]');
  process.exit(0);
}

const DURATION_SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const CONNECTIONS = 16;
/** Readers of the purchase scenario, each with a session and points for this many purchases. */
const PURCHASE_READERS = 2_000;
const PURCHASE_POINTS_EACH = 20_000;
const HEAVY_BUYER_PURCHASES = 5_000;

type ServerKey = 'hello' | 'demo' | 'demo-nocache' | 'large' | 'large-nocache' | 'purchases';

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

/** Extra autocannon options of a scenario: headers, or requests built one by one. */
type RequestOptions = Pick<autocannon.Options, 'headers' | 'requests'>;

async function measure(url: string, options: RequestOptions = {}) {
  const warmUp = await autocannon({ url, connections: CONNECTIONS, duration: 2, ...options }); // JIT, caches
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  await new Promise((settle) => setTimeout(settle, 1_000)); // let the server drain before the next scenario
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: warmUp['2xx'] + result['2xx'],
  };
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
  log.info(`Preparing the purchase scenario (${PURCHASE_READERS} readers with sessions and points)`);
  const purchaseBench = await preparePurchaseBench(
    config.databaseUrl,
    resolve(config.dataDir, 'bench-purchases.db'),
    PURCHASE_READERS,
    PURCHASE_POINTS_EACH,
  );
  const heavyBuyerToken = await ensureHeavyBuyer(largeUrl, HEAVY_BUYER_PURCHASES, (line) => log.info(line));
  const cacheSeconds = String(config.catalogueCacheTtlMs / 1000);
  const servers: Record<ServerKey, { child: ChildProcess; port: number }> = {
    hello: await startServer(['hello']),
    demo: await startServer(['api', config.databaseUrl, cacheSeconds]),
    'demo-nocache': await startServer(['api', config.databaseUrl, '0']),
    large: await startServer(['api', largeUrl, cacheSeconds]),
    'large-nocache': await startServer(['api', largeUrl, '0']),
    purchases: await startServer(['api', purchaseBench.url, cacheSeconds]),
  };
  const url = (server: ServerKey, path: string) => `http://127.0.0.1:${servers[server].port}${path}`;
  try {
    const baseline = { name: 'hello-world (baseline)', ...(await measure(url('hello', '/hello'))) };
    const results: Record<Exclude<ServerKey, 'hello' | 'purchases'>, Row[]> = {
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
    // Each purchase is a distinct (reader, episode) pair: request k is reader k mod R buying episode ⌊k / R⌋.
    const { tokens, episodes } = purchaseBench;
    let nextPurchase = 0;
    const purchase = await measure(url('purchases', '/episode/paid'), {
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const k = nextPurchase++;
            const episode = episodes[Math.floor(k / tokens.length) % episodes.length];
            return {
              ...request,
              headers: {
                ...request.headers,
                'content-type': 'application/x-www-form-urlencoded',
                cookie: `uwt=${tokens[k % tokens.length]}`,
              },
              body: `episode_id=${episode?.id}&check_point=${episode?.price}`,
            };
          },
        },
      ],
    });
    const heavyBuyer = { headers: { cookie: `uwt=${heavyBuyerToken}` } };
    const purchasedFirst = await measure(url('large', '/web/title/purchased?limit=20&offset=0'), heavyBuyer);
    const purchasedDeep = await measure(url('large', '/web/title/purchased?limit=20&offset=2000'), heavyBuyer);
    const purchasedNoCache = await measure(url('large-nocache', '/web/title/purchased?limit=20&offset=0'), heavyBuyer);
    const audit = await auditPurchases(purchaseBench.url);

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
    console.log(
      `\nWallet: POST /episode/paid on a copy of the demo catalogue (${tokens.length} readers with sessions and points, ` +
        `${episodes.length} episodes on sale; every request a distinct reader and episode), and GET /web/title/purchased ` +
        `for a reader with ${HEAVY_BUYER_PURCHASES} purchases in the large catalogue`,
    );
    table([
      { name: 'POST /episode/paid (purchases/s)', ...purchase },
      { name: `GET /web/title/purchased page 1 (${HEAVY_BUYER_PURCHASES} purchases)`, ...purchasedFirst },
      { name: 'GET /web/title/purchased page 101 (offset 2000)', ...purchasedDeep },
      { name: 'GET /web/title/purchased page 1, cache off', ...purchasedNoCache },
    ]);
    console.log(
      `Ledger audit after the run: ${audit.purchases} purchases committed for ${purchase.ok} answered ` +
        `(requests cut off at the end of a run commit unanswered), ` +
        `${audit.anomalies.length} anomalies${audit.anomalies.length > 0 ? `:\n${audit.anomalies.slice(0, 20).join('\n')}` : ''}`,
    );
    // Requests cut off when a run ends may still commit, so purchases ≥ answered requests.
    if (audit.anomalies.length > 0 || audit.purchases < purchase.ok) {
      throw new Error('the ledger audit after the purchase run found anomalies');
    }
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
