// The wallet's part of `npm run bench` (ADR 014): a copy of the demo database with many readers, each
// with a session and points, for POST /episode/paid throughput (distinct readers, distinct episodes);
// a reader with 5,000 purchases in the large catalogue for GET /web/title/purchased; and the ledger
// audit after the run. Readers, sessions and grants go in through the same repositories and services
// as in the product.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { bulkPointBack, ResponseCode } from '@manga/contracts';
import { sql } from 'kysely';
import { loadConfig } from '#src/config.ts';
import { createContainer, resolveSecrets } from '#src/container.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { FavoriteRepository } from '#src/repositories/favorite.repository.ts';
import { LedgerAuditRepository } from '#src/repositories/ledger-audit.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { ANONYMOUS_READER } from '#src/rules/entitlement.rules.ts';
import { placedSale, saleRefusal } from '#src/rules/sale.rules.ts';
import type { EntitlementService } from '#src/services/entitlement.service.ts';

const DAY = 86_400_000;
const crypto = new CryptoRepository();

export interface PurchaseBench {
  url: string;
  /** `uwt` tokens of the readers, in order. */
  tokens: string[];
  /** Episodes on sale, with their prices. */
  episodes: { id: number; price: number }[];
}

/** A reader with a web session; returns the session's token. */
export async function createReaderWithSession(
  users: UserRepository,
  sessions: SessionRepository,
  email: string,
  now: number,
): Promise<{ userId: number; token: string }> {
  const user =
    (await users.findUserByEmail(email)) ??
    (await users.insertUser({ email, hash_key: randomBytes(16).toString('hex'), created_at: now, updated_at: now }));
  const token = randomBytes(32).toString('base64url');
  await sessions.insertSession({
    user_id: user.id,
    token_hash: crypto.sha256(token),
    created_at: now,
    last_seen_at: now,
    expires_at: now + 30 * DAY,
  });
  return { userId: user.id, token };
}

/**
 * Episodes of `ids` on sale now for points, singly, to a reader without a birthday cookie (so no
 * age-rated title): the bench's requests send only the session cookie.
 */
async function episodesOnSale(
  purchases: PurchaseRepository,
  entitlement: EntitlementService,
  ids: number[],
  now: number,
) {
  const rows = await purchases.listEpisodeSales(ids, now);
  const access = await entitlement.decidePlacedEpisodeAccess(ANONYMOUS_READER, rows.map(placedSale), now);
  return rows.flatMap((row, index) => {
    const refused = saleRefusal(access.slice(index, index + 1), ResponseCode.EpisodeCannotBuy);
    return !refused && row.single_sale_enabled === 1 ? [{ id: row.id, title_id: row.title_id, price: row.point }] : [];
  });
}

/**
 * A fresh copy of the demo database at `targetPath` (VACUUM INTO) with `readers` readers, each with a
 * session and `points` paid points granted through the wallet.
 */
export async function preparePurchaseBench(
  sourceUrl: string,
  targetPath: string,
  readers: number,
  points: number,
): Promise<PurchaseBench> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${targetPath}${suffix}`, { force: true });
  const source = createDatabase({ url: sourceUrl });
  try {
    await sql`vacuum into ${targetPath}`.execute(source.db);
  } finally {
    await source.close();
  }
  const url = `sqlite:${targetPath}`;
  const database = createDatabase({ url });
  try {
    await migrateToLatest(database.db);
    const now = Date.now();
    const config = { ...loadConfig(), databaseUrl: url };
    const users = new UserRepository(database.db);
    const sessions = new SessionRepository(database.db);
    const { wallet, entitlement } = createContainer({
      config,
      secrets: await resolveSecrets(config),
      database,
    }).services;
    const tokens: string[] = [];
    for (let i = 0; i < readers; i++) {
      const reader = await createReaderWithSession(users, sessions, `bench-reader-${i}@bench.test`, now);
      await wallet.grantPoints({ userId: reader.userId, amount: points, kind: 'paid', note: 'bench', expiresAt: null });
      tokens.push(reader.token);
    }
    const ids = await database.db.selectFrom('episode').select('id').where('point', '>', 0).orderBy('id').execute();
    const episodes = await episodesOnSale(
      new PurchaseRepository(database.db),
      entitlement,
      ids.map((row) => row.id),
      now,
    );
    return { url, tokens, episodes };
  } finally {
    await database.close();
  }
}

const HEAVY_BUYER = 'bench-heavy-buyer@bench.test';
const BULK = 500;

/**
 * A reader of the large catalogue with `count` purchases (two episodes of each of count/2 titles),
 * made once through PurchaseService in bulks; returns a fresh session token for them.
 */
export async function ensureHeavyBuyer(largeUrl: string, count: number, log: (line: string) => void): Promise<string> {
  const database = createDatabase({ url: largeUrl });
  try {
    const now = Date.now();
    const users = new UserRepository(database.db);
    const reader = await createReaderWithSession(users, new SessionRepository(database.db), HEAVY_BUYER, now);
    const { n } = await database.db
      .selectFrom('purchase')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', reader.userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= count) return reader.token;
    log(`Buying ${count} episodes for the heavy buyer of the large catalogue (once)`);
    const candidates = await database.db
      .selectFrom('episode')
      .select('id')
      .where('point', '>', 0)
      .where('start_at', '<=', now)
      .orderBy('title_id')
      .orderBy('sort_index')
      .execute();
    const config = { ...loadConfig(), databaseUrl: largeUrl };
    const { wallet, purchases, entitlement } = createContainer({
      config,
      secrets: await resolveSecrets(config),
      database,
    }).services;
    const onSale = await episodesOnSale(
      new PurchaseRepository(database.db),
      entitlement,
      candidates.map((row) => row.id),
      now,
    );
    const perTitle = new Map<number, number>();
    const chosen = onSale
      .filter((episode) => {
        const taken = perTitle.get(episode.title_id) ?? 0;
        if (taken >= 2) return false;
        perTitle.set(episode.title_id, taken + 1);
        return true;
      })
      .slice(0, count);
    const total = chosen.reduce((sum, episode) => sum + episode.price, 0);
    await wallet.grantPoints({ userId: reader.userId, amount: total, kind: 'paid', note: 'bench', expiresAt: null });
    const user = { userId: reader.userId, sessionId: null, status: 'active' as const, via: 'web' as const };
    const caller = { auth: { user, tokenInvalid: false }, reader: { ...ANONYMOUS_READER, user } };
    for (let at = 0; at < chosen.length; at += BULK) {
      const bulk = chosen.slice(at, at + BULK);
      const paid = bulk.reduce((sum, episode) => sum + episode.price, 0);
      await purchases.buyEpisodes(caller, {
        episode_id_list: bulk.map((episode) => episode.id),
        paid_point: paid,
        point_back: bulkPointBack(paid),
      });
    }
    return reader.token;
  } finally {
    await database.close();
  }
}

/** The ledger audit's findings and the purchase count of a database. */
export async function auditPurchases(url: string): Promise<{ anomalies: string[]; purchases: number }> {
  const database = createDatabase({ url });
  try {
    const anomalies = await new LedgerAuditRepository(database.db).listLedgerAnomalies();
    const { n } = await database.db
      .selectFrom('purchase')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { anomalies, purchases: Number(n) };
  } finally {
    await database.close();
  }
}

const PAGE_READER = 'bench-page-reader@bench.test';

/**
 * A reader of the demo catalogue for the logged-in page rows (ADR 048): a fresh session, following
 * `titleId`; returns the session's token.
 */
export async function ensurePageReader(url: string, titleId: number): Promise<string> {
  const database = createDatabase({ url });
  try {
    const now = Date.now();
    const reader = await createReaderWithSession(
      new UserRepository(database.db),
      new SessionRepository(database.db),
      PAGE_READER,
      now,
    );
    // Followed on an earlier run already: the same row.
    await new FavoriteRepository(database.db).insertFavoriteTitle(reader.userId, titleId, now, 100).catch(() => false);
    return reader.token;
  } finally {
    await database.close();
  }
}
