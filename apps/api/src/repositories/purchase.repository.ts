// Purchases of episodes and magazine issues, what is on sale, purchased titles and reservations
// (ADR 014). One statement per method, no policy.
import { uniqueIds } from '@manga/contracts';
import type { Insertable, Kysely } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE } from '#src/db/batch.ts';
import { isUniqueViolation } from '#src/db/dialect.ts';
import { insertedColumns, preparedRows, runPrepared } from '#src/db/prepared-query.ts';
import type { Database, MagazinePurchaseTable, PurchaseTable } from '#src/db/schema.ts';
import { DuplicatePurchaseError } from '#src/rules/conflict.error.ts';

export type NewPurchase = Insertable<PurchaseTable>;
export type NewMagazinePurchase = Insertable<MagazinePurchaseTable>;

/** Columns every inserted purchase names, in this order (a prepared multi-row insert). */
const INSERTED_PURCHASE_COLUMNS = insertedColumns<Omit<NewPurchase, 'id'>>()([
  'user_id',
  'episode_id',
  'title_id',
  'price',
  'paid_point',
  'free_point',
  'event_point',
  'bonus_point',
  'created_at',
  'magazine_purchase_id',
]);

/** The unique (user, episode) or (user, magazine) key refused the insert. */
function asDuplicatePurchase(error: unknown): unknown {
  return isUniqueViolation(error) ? new DuplicatePurchaseError({ cause: error }) : error;
}

/** An episode with what decides whether and how it is sold: its title's free rules, rating and tickets. */
export interface EpisodeSaleRow {
  id: number;
  title_id: number;
  sort_index: number;
  name_en: string;
  name_ja: string;
  point: number;
  start_at: number;
  free_until_at: number | null;
  single_sale_enabled: number;
  ticket_rental_enabled: number;
  magazine_id: number | null;
  title_published_at: number;
  title_age_rating: number;
  free_first_count: number;
  free_latest_count: number;
  title_free_until_at: number | null;
  ticket_enabled: number;
  ticket_max: number;
  ticket_recover_seconds: number;
  ticket_rental_seconds: number;
  ticket_version: number;
  /** 0-based position among the title's released episodes (sort_index, id). */
  position: number;
  /** Released episodes of the title. */
  released_count: number;
}

export interface MagazineSaleRow {
  id: number;
  name_en: string;
  name_ja: string;
  point: number;
  start_at: number;
  is_purchase: number;
}

export interface PurchaseStepRow {
  id: number;
  created_at: number;
  title_id: number;
  episode_id: number;
}

export interface ReservationRow {
  episode_id: number;
  title_id: number;
  episode_name_en: string;
  episode_name_ja: string;
  title_name_en: string;
  title_name_ja: string;
  magazine_id: number | null;
  magazine_name_en: string | null;
  magazine_name_ja: string | null;
  start_at: number;
  purchased_at: number;
}

export interface EpisodeLabelRow {
  id: number;
  title_id: number;
  name_en: string;
  name_ja: string;
  title_name_en: string;
  title_name_ja: string;
}

export class PurchaseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Episodes among `ids` (released or not) with their sale facts; unknown ids left out. */
  async listEpisodeSales(ids: readonly number[], now: number): Promise<EpisodeSaleRow[]> {
    const rows: EpisodeSaleRow[] = [];
    for (const idChunk of chunk(uniqueIds(ids), IN_LIST_CHUNK_SIZE)) {
      const found = await preparedRows(
        this.db,
        `purchase.sales:${idChunk.length}`,
        [now, ...idChunk],
        (at, ...episodeIds) =>
          this.db
            .selectFrom('episode as e')
            .innerJoin('title as t', 't.id', 'e.title_id')
            .select([
              'e.id',
              'e.title_id',
              'e.sort_index',
              'e.name_en',
              'e.name_ja',
              'e.point',
              'e.start_at',
              'e.free_until_at',
              'e.single_sale_enabled',
              'e.ticket_rental_enabled',
              'e.magazine_id',
              't.published_at as title_published_at',
              't.age_rating as title_age_rating',
              't.free_first_count',
              't.free_latest_count',
              't.free_until_at as title_free_until_at',
              't.ticket_enabled',
              't.ticket_max',
              't.ticket_recover_seconds',
              't.ticket_rental_seconds',
              't.ticket_version',
            ])
            .select((eb) => [
              eb
                .selectFrom('episode as r')
                .select((inner) => inner.fn.countAll<number>().as('n'))
                .whereRef('r.title_id', '=', 'e.title_id')
                .where('r.start_at', '<=', at)
                .where((w) =>
                  w.or([
                    w('r.sort_index', '<', w.ref('e.sort_index')),
                    w.and([w('r.sort_index', '=', w.ref('e.sort_index')), w('r.id', '<', w.ref('e.id'))]),
                  ]),
                )
                .as('position'),
              eb
                .selectFrom('episode as r')
                .select((inner) => inner.fn.countAll<number>().as('n'))
                .whereRef('r.title_id', '=', 'e.title_id')
                .where('r.start_at', '<=', at)
                .as('released_count'),
            ])
            .where('e.id', 'in', episodeIds),
      );
      for (const row of found) {
        rows.push({ ...row, position: Number(row.position ?? 0), released_count: Number(row.released_count ?? 0) });
      }
    }
    return rows;
  }

  /**
   * Inserts purchases in one statement; a (user, episode) that exists fails the whole insert. Every
   * row names every column, since a multi-row insert on SQLite fills an unnamed one with NULL.
   */
  async insertPurchases(purchases: readonly NewPurchase[]): Promise<void> {
    if (purchases.length === 0) return;
    const values = purchases.flatMap((purchase) => {
      const row = {
        paid_point: 0,
        free_point: 0,
        event_point: 0,
        bonus_point: 0,
        magazine_purchase_id: null,
        ...purchase,
      };
      return INSERTED_PURCHASE_COLUMNS.map((column) => row[column]);
    });
    const width = INSERTED_PURCHASE_COLUMNS.length;
    try {
      await runPrepared(this.db, `purchase.insert:${purchases.length}`, values, (...slots) =>
        this.db
          .insertInto('purchase')
          .values(
            purchases.map((_, row) =>
              Object.fromEntries(
                INSERTED_PURCHASE_COLUMNS.map((column, index) => [column, slots[row * width + index]]),
              ),
            ) as NewPurchase[],
          ),
      );
    } catch (error) {
      throw asDuplicatePurchase(error);
    }
  }

  findMagazineSale(magazineId: number): Promise<MagazineSaleRow | undefined> {
    return this.db
      .selectFrom('magazine as m')
      .innerJoin('magazine_category as c', 'c.id', 'm.magazine_category_id')
      .select(['m.id', 'm.name_en', 'm.name_ja', 'm.point', 'm.start_at', 'c.is_purchase'])
      .where('m.id', '=', magazineId)
      .executeTakeFirst();
  }

  /** Every episode of a magazine issue, released or not. */
  listMagazineEpisodes(magazineId: number): Promise<{ id: number; title_id: number }[]> {
    return this.db
      .selectFrom('episode')
      .select(['id', 'title_id'])
      .where('magazine_id', '=', magazineId)
      .orderBy('id')
      .execute();
  }

  findMagazinePurchase(userId: number, magazineId: number): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('magazine_purchase')
      .select('id')
      .where('user_id', '=', userId)
      .where('magazine_id', '=', magazineId)
      .executeTakeFirst();
  }

  async insertMagazinePurchase(purchase: NewMagazinePurchase): Promise<number> {
    try {
      const row = await this.db
        .insertInto('magazine_purchase')
        .values(purchase)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      throw asDuplicatePurchase(error);
    }
  }

  /**
   * A reader's purchases newest first, after `after` (the last row of the previous chunk), by the
   * covering index on (user, created_at, id, title, episode).
   */
  listPurchasesNewestFirst(
    userId: number,
    after: { created_at: number; id: number } | null,
    limit: number,
  ): Promise<PurchaseStepRow[]> {
    let query = this.db
      .selectFrom('purchase')
      .select(['id', 'created_at', 'title_id', 'episode_id'])
      .where('user_id', '=', userId);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.created_at),
          eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async countPurchasedTitles(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('purchase')
      .select((eb) => eb.fn.count<number>('title_id').distinct().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Episodes the reader owns that are not released yet, soonest first, one page. */
  listReservations(userId: number, now: number, offset: number, limit: number): Promise<ReservationRow[]> {
    return this.db
      .selectFrom('purchase as p')
      .innerJoin('episode as e', 'e.id', 'p.episode_id')
      .innerJoin('title as t', 't.id', 'e.title_id')
      .leftJoin('magazine as m', 'm.id', 'e.magazine_id')
      .select([
        'e.id as episode_id',
        'e.title_id',
        'e.name_en as episode_name_en',
        'e.name_ja as episode_name_ja',
        't.name_en as title_name_en',
        't.name_ja as title_name_ja',
        'e.magazine_id',
        'm.name_en as magazine_name_en',
        'm.name_ja as magazine_name_ja',
        'e.start_at',
        'p.created_at as purchased_at',
      ])
      .where('p.user_id', '=', userId)
      .where('e.start_at', '>', now)
      .orderBy('e.start_at')
      .orderBy('e.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Names of episodes and their titles, for history lists. */
  async listEpisodeLabels(ids: readonly number[]): Promise<EpisodeLabelRow[]> {
    const rows: EpisodeLabelRow[] = [];
    for (const idChunk of chunk(uniqueIds(ids), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db
          .selectFrom('episode as e')
          .innerJoin('title as t', 't.id', 'e.title_id')
          .select([
            'e.id',
            'e.title_id',
            'e.name_en',
            'e.name_ja',
            't.name_en as title_name_en',
            't.name_ja as title_name_ja',
          ])
          .where('e.id', 'in', idChunk)
          .execute()),
      );
    }
    return rows;
  }
}
