// Helpers for wallet, purchase and ticket tests (ADR 014): readers with points, titles on sale, and
// the ledger-versus-balance check every test ends with.
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database, EpisodeRow, NewEpisode, NewTitle, TitleRow } from '#src/db/schema.ts';
import { LedgerAuditRepository } from '#src/repositories/ledger-audit.repository.ts';
import { TITLE_TICKET_DEFAULTS } from '#src/rules/title-ticket.rules.ts';
import { createAccount, login } from '#test/accounts.ts';
import type { TestApp } from '#test/app.ts';
import { postgresTestUrl, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertPage, insertTitle, TEST_NOW } from '#test/factories.ts';

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

/**
 * A published title with `count` released episodes: the first free, the others at `price`, rentable;
 * with a page each when `pages` (for the viewers).
 */
export async function insertShopTitle(
  db: Kysely<Database>,
  options: {
    count?: number;
    price?: number;
    pages?: boolean;
    title?: Partial<NewTitle>;
    episode?: Partial<NewEpisode>;
  } = {},
): Promise<ShopTitle> {
  const { count = 5, price = 40 } = options;
  const title = await insertTitle(db, {
    free_first_count: 1,
    ticket_enabled: 1,
    ...TITLE_TICKET_DEFAULTS,
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
  if (options.pages) for (const episode of episodes) await insertPage(db, { episode_id: episode.id });
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

/** After each wallet test: the clock back at TEST_NOW, and the ledger audit finds nothing. */
export async function endWalletTest(t: TestApp): Promise<void> {
  t.clock.set(TEST_NOW);
  expect(await ledgerAnomalies(t.database.db)).toEqual([]);
}

/** The ledger audit's findings (empty when ledger, lots, balances and purchases agree). */
export function ledgerAnomalies(db: Kysely<Database>): Promise<string[]> {
  return new LedgerAuditRepository(db).listLedgerAnomalies();
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

/**
 * Whether another connection holds an uncommitted write transaction on the database right now (a
 * child process stopped mid-transaction): SQLite's write lock, or PostgreSQL's `idle in transaction`.
 */
export async function holdsOpenTransaction(db: Kysely<Database>, sqlitePath: string | undefined): Promise<boolean> {
  if (sqlitePath) {
    const probe = new SqliteDatabase(sqlitePath, { timeout: 0 });
    try {
      probe.exec('begin immediate');
      probe.exec('rollback');
      return false;
    } catch (error) {
      // Any SQLITE_BUSY variant means another connection holds the write lock; anything else is
      // thrown, so that a failure names its cause instead of reading as "no transaction".
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
      throw error;
    } finally {
      probe.close();
    }
  }
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from pg_stat_activity
    where datname = current_database() and state = 'idle in transaction'`.execute(db);
  return Number(rows[0]?.count) > 0;
}

/** Waits (up to 5 s) until no other connection holds a transaction open: PostgreSQL rolls a dead session back once it notices. */
export async function waitForRollback(db: Kysely<Database>, sqlitePath: string | undefined): Promise<void> {
  for (let attempt = 0; attempt < 50 && (await holdsOpenTransaction(db, sqlitePath)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A shop product of the demo catalogue by region, kind and place in the list. */
export function shopProduct(
  db: Kysely<Database>,
  region: 'US' | 'JP',
  kind: 'point_pack' | 'subscription',
  sortOrder: number,
) {
  return db
    .selectFrom('product')
    .selectAll()
    .where('region', '=', region)
    .where('kind', '=', kind)
    .where('sort_order', '=', sortOrder)
    .executeTakeFirstOrThrow();
}

/** Delivers a signed provider event to POST /stp/webhook (`signature` replaces the delivery's own). */
export function deliverWebhook(
  t: TestApp,
  delivery: { body: string; signature: string },
  signature = delivery.signature,
) {
  return t.app.inject({
    method: 'POST',
    url: '/stp/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: delivery.body,
  });
}
