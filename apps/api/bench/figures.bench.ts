// Times the figures dashboard's query (ADR 072) on the large bench catalogue (10,000 titles, 500,000
// episodes; large-catalogue.ts) with a year of activity added: 200,000 readers, 1,000,000 purchases
// with their ledger debits, 300,000 rentals, 1,000,000 reads, 50,000 card payments and 200,000
// follows, spread evenly over the 366 days before now. Prints the median of 5 runs for 30 and 366
// days. Usage: `npx tsx apps/api/bench/figures.bench.ts <dir>` (the databases are made in <dir>).
import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { FiguresRepository } from '#src/repositories/figures.repository.ts';
import { FIGURES_SLOT_MS } from '#src/rules/figures.rules.ts';
import { addDays, wireDate } from '#src/rules/wire-calendar.rules.ts';
import { FiguresService } from '#src/services/figures.service.ts';
import { ensureLargeCatalogue, LARGE_EPISODES_PER_TITLE, LARGE_TITLES } from './large-catalogue.ts';

const dir = resolve(process.argv[2] ?? '.');
const large = resolve(dir, 'bench-large.db');
const path = resolve(dir, 'bench-figures.db');
const YEAR_MS = 366 * 86_400_000;
const now = Date.now();
const TZ = 'Asia/Tokyo';

await ensureLargeCatalogue(large, (line) => console.log(line));
if (!existsSync(path)) {
  copyFileSync(large, path);
  const db = new SqliteDatabase(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const firstTitle = (db.prepare('select min(id) as id from title').get() as { id: number }).id;
  const firstEpisode = (db.prepare('select min(id) as id from episode').get() as { id: number }).id;
  const product =
    (db.prepare("select id from product where kind = 'point_pack' limit 1").get() as { id: number } | undefined)?.id ??
    1;
  // mulberry32: a small seeded generator, so that every run builds the same data.
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
  const at = () => now - rand(YEAR_MS);
  const pick = () => {
    const t = rand(LARGE_TITLES);
    return {
      title: firstTitle + t,
      episode: firstEpisode + t * LARGE_EPISODES_PER_TITLE + rand(LARGE_EPISODES_PER_TITLE),
    };
  };
  const fill = (label: string, count: number, run: (i: number) => void) => {
    const started = performance.now();
    db.transaction(() => {
      for (let i = 0; i < count; i++) run(i);
    })();
    console.log(`${label}: ${count} rows in ${Math.round(performance.now() - started)} ms`);
  };
  const users = db.prepare("insert into user (email, hash_key, created_at, updated_at) values (?, 'k', ?, ?)");
  const firstUser = (db.prepare('select coalesce(max(id), 0) + 1 as id from user').get() as { id: number }).id;
  fill('readers', 200_000, (i) => {
    const when = at();
    users.run(`figures-${i}@example.test`, when, when);
  });
  const reader = () => firstUser + rand(200_000);
  const purchase = db.prepare(
    'insert or ignore into purchase (user_id, episode_id, title_id, price, paid_point, created_at) values (?, ?, ?, 40, 40, ?)',
  );
  const debit = db.prepare(
    "insert into point_ledger (user_id, kind, delta, reason, created_at) values (?, 'paid', -40, 'episode_paid', ?)",
  );
  fill('purchases and debits', 1_000_000, () => {
    const { title, episode } = pick();
    const user = reader();
    const when = at();
    if (purchase.run(user, episode, title, when).changes) debit.run(user, when);
  });
  const rental = db.prepare(
    "insert or ignore into rental (user_id, episode_id, title_id, ticket_kind, ticket_type, ticket_version, started_at, expires_at) values (?, ?, ?, 'title', 1, 1, ?, ?)",
  );
  fill('rentals', 300_000, () => {
    const { title, episode } = pick();
    const when = at();
    rental.run(reader(), episode, title, when, when + 86_400_000);
  });
  const view = db.prepare(
    'insert or ignore into episode_view (user_id, episode_id, title_id, first_viewed_at, last_viewed_at, finished_at) values (?, ?, ?, ?, ?, ?)',
  );
  fill('reads', 1_000_000, () => {
    const { title, episode } = pick();
    const when = at();
    view.run(reader(), episode, title, when, when, rand(2) ? when : null);
  });
  const payment = db.prepare(
    "insert into payment (user_id, product_id, status, amount_minor, currency, created_at, completed_at, credited_point) values (?, ?, 'paid', 120, 'jpy', ?, ?, 100)",
  );
  fill('payments', 50_000, () => {
    const when = at();
    payment.run(reader(), product, when, when);
  });
  const follow = db.prepare('insert or ignore into favorite_title (user_id, title_id, created_at) values (?, ?, ?)');
  fill('follows', 200_000, () => follow.run(reader(), pick().title, at()));
  db.exec('analyze');
  db.close();
}

const database = createDatabase({ url: `sqlite:${path}` });
await migrateToLatest(database.db);
const service = new FiguresService({
  staff: { requireAccess: async () => ({}) as never },
  figures: new FiguresRepository(database.db, FIGURES_SLOT_MS),
  timeZone: TZ,
});
const auth = { user: null, tokenInvalid: false };
const today = wireDate(now, TZ);
for (const days of [30, 366]) {
  const range = { from: addDays(today, -(days - 1)), to: today };
  const times: number[] = [];
  let purchases = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const figures = await service.figures(auth, range);
    times.push(performance.now() - started);
    purchases = figures.day_list.reduce((sum, day) => sum + day.purchases, 0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${days} days: median ${Math.round(times[2] ?? 0)} ms (min ${Math.round(times[0] ?? 0)}, max ${Math.round(times[4] ?? 0)}), ${purchases} purchases counted`,
  );
}
await database.close();
