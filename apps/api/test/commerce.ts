// Helpers for wallet, purchase and ticket tests (ADR 014): readers with points, titles on sale, and
// the ledger-versus-balance check every test ends with.
import { type Kysely, sql } from 'kysely';
import type { Database, EpisodeRow, NewEpisode, NewTitle, TitleRow } from '#src/db/schema.ts';
import { createAccount, login } from '#test/accounts.ts';
import type { TestApp } from '#test/app.ts';
import { postgresTestUrl, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface Reader {
  userId: number;
  email: string;
  cookie: string;
}

/** A registered, logged-in reader, with paid and free points granted through the wallet. */
export async function createReader(
  t: TestApp,
  points: { paid?: number; free?: number; freeExpiresAt?: number | null } = {},
): Promise<Reader> {
  const account = await createAccount(t);
  const cookie = await login(t, account.email ?? '', account.password);
  const reader = { userId: account.id, email: account.email ?? '', cookie };
  if (points.paid) await grant(t, reader.userId, 'paid', points.paid, null);
  if (points.free) await grant(t, reader.userId, 'free', points.free, points.freeExpiresAt ?? null);
  return reader;
}

export function grant(
  t: TestApp,
  userId: number,
  kind: 'paid' | 'free',
  amount: number,
  expiresAt: number | null,
): Promise<unknown> {
  return t.app.container.services.wallet.grantPoints({ userId, amount, kind, note: 'test', expiresAt });
}

export interface ShopTitle {
  title: TitleRow;
  /** Released episodes, oldest first; the first is free (free_first_count 1), the rest cost `price`. */
  episodes: EpisodeRow[];
}

/** A published title with `count` released episodes: the first free, the others at `price`, rentable. */
export async function insertShopTitle(
  db: Kysely<Database>,
  options: { count?: number; price?: number; title?: Partial<NewTitle>; episode?: Partial<NewEpisode> } = {},
): Promise<ShopTitle> {
  const { count = 5, price = 40 } = options;
  const title = await insertTitle(db, {
    free_first_count: 1,
    ticket_enabled: 1,
    ticket_max: 1,
    ticket_recover_seconds: 82_800,
    ticket_rental_seconds: 259_200,
    ...options.title,
  });
  const episodes: EpisodeRow[] = [];
  for (let i = 1; i <= count; i++) {
    episodes.push(
      await insertEpisode(db, {
        title_id: title.id,
        sort_index: i,
        point: price,
        ticket_rental_enabled: 1,
        start_at: TEST_NOW - (count + 1 - i) * DAY_MS,
        ...options.episode,
      }),
    );
  }
  return { title, episodes };
}

export interface WalletTotals {
  paid: number;
  free: number;
}

/** Balance row of a reader (zeros without one). */
export async function balanceOf(db: Kysely<Database>, userId: number): Promise<WalletTotals> {
  const row = await db
    .selectFrom('point_balance')
    .select(['paid_point', 'free_point'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { paid: row?.paid_point ?? 0, free: row?.free_point ?? 0 };
}

/**
 * Every way the ledger and the balances could disagree, as readable lines (empty when sound):
 * per reader and kind, sum(delta) = balance = sum(remaining); no negative balance or lot; every
 * priced purchase has its debit and every episode debit its purchase.
 */
export async function ledgerAnomalies(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ user_id: number; kind: string; delta: number; remaining: number }>`
    select user_id, kind, coalesce(sum(delta), 0) as delta, coalesce(sum(remaining), 0) as remaining
    from point_ledger group by user_id, kind`.execute(db);
  const balances = await db.selectFrom('point_balance').selectAll().execute();
  const problems: string[] = [];
  const ledger = new Map(
    rows.map((r) => [`${r.user_id}:${r.kind}`, { delta: Number(r.delta), remaining: Number(r.remaining) }]),
  );
  const users = new Set([...balances.map((b) => b.user_id), ...rows.map((r) => r.user_id)]);
  for (const userId of users) {
    const balance = balances.find((b) => b.user_id === userId);
    for (const kind of ['paid', 'free'] as const) {
      const held = kind === 'paid' ? (balance?.paid_point ?? 0) : (balance?.free_point ?? 0);
      const sums = ledger.get(`${userId}:${kind}`) ?? { delta: 0, remaining: 0 };
      if (held < 0) problems.push(`user ${userId} ${kind} balance ${held} < 0`);
      if (sums.delta !== held) problems.push(`user ${userId} ${kind}: ledger ${sums.delta} ≠ balance ${held}`);
      if (sums.remaining !== held) problems.push(`user ${userId} ${kind}: lots ${sums.remaining} ≠ balance ${held}`);
    }
  }
  const negativeLots = await db.selectFrom('point_ledger').select('id').where('remaining', '<', 0).execute();
  for (const lot of negativeLots) problems.push(`lot ${lot.id} remaining < 0`);
  const { rows: unpaid } = await sql<{ id: number }>`
    select p.id from purchase p where p.price > 0 and not exists (
      select 1 from point_ledger l where l.user_id = p.user_id and l.reference_type = 'episode'
        and l.reference_id = cast(p.episode_id as text) and l.delta < 0)`.execute(db);
  for (const purchase of unpaid) problems.push(`purchase ${purchase.id} has no debit`);
  const { rows: orphans } = await sql<{ id: number }>`
    select l.id from point_ledger l where l.reference_type = 'episode' and l.delta < 0 and not exists (
      select 1 from purchase p where p.user_id = l.user_id and cast(p.episode_id as text) = l.reference_id)`.execute(
    db,
  );
  for (const entry of orphans) problems.push(`debit ${entry.id} has no purchase`);
  return problems;
}

/** A URL of the database under test, for another process or pool: its SQLite file or PostgreSQL database. */
export async function databaseUrlOf(database: TestDatabase): Promise<{ url: string; sqlitePath?: string }> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(database.db);
    const sqlitePath = rows.find((row) => row.name === 'main')?.file ?? '';
    return { url: `sqlite:${sqlitePath}`, sqlitePath };
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const url = new URL(postgresTestUrl() ?? '');
  url.pathname = `/${rows[0]?.name}`;
  return { url: url.toString() };
}
