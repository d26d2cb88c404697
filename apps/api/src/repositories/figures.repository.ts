// What the figures dashboard reads (issue 26, ADR 072): counts and sums over the ledger, payments,
// purchases, rentals, reads, accounts and follows of a time range, grouped in SQL by quarter-hour
// (every time zone's offset is a whole number of quarter-hours, so the service can put each group on
// its calendar day in the wire time zone without the database knowing zones; the same SQL works on
// SQLite and PostgreSQL). The slot's width is the rules' (FIGURES_SLOT_MS), given at construction.
// No policy here: the range, the days and the merging are FiguresService's.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#src/db/schema.ts';

/** A slot (epoch ms / slot width) and what happened in it. */
export interface SlotCountRow {
  slot: number;
  count: number;
  sum: number;
}

export interface SlotSaleRow {
  slot: number;
  region: string;
  currency: string;
  payments: number;
  amount_minor: number;
  points: number;
}

export interface TitleCountRow {
  title_id: number;
  count: number;
  finished: number;
}

export interface TitleNameRow {
  id: number;
  name_en: string;
  name_ja: string;
}

/** [start, end) in epoch milliseconds. */
export interface FiguresWindow {
  start: number;
  end: number;
}

export class FiguresRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** The width of a group in milliseconds (a whole number). */
    private readonly slotMs: number,
  ) {}

  /** Card payments completed in the window (paid, or paid and later refunded), per slot, region and currency. */
  async listSales(window: FiguresWindow): Promise<SlotSaleRow[]> {
    const rows = await this.db
      .selectFrom('payment')
      .innerJoin('product', 'product.id', 'payment.product_id')
      .select([
        this.slotOf('payment.completed_at').as('slot'),
        'product.region as region',
        'payment.currency as currency',
        sql<number>`count(*)`.as('payments'),
        sql<number>`sum(payment.amount_minor)`.as('amount_minor'),
        sql<number>`sum(payment.credited_point)`.as('points'),
      ])
      .where('payment.status', 'in', ['paid', 'refunded'])
      .where('payment.completed_at', '>=', window.start)
      .where('payment.completed_at', '<', window.end)
      .groupBy([this.slotOf('payment.completed_at'), 'product.region', 'payment.currency'])
      .execute();
    return rows.map((row) => ({
      slot: Number(row.slot),
      region: row.region,
      currency: row.currency,
      payments: Number(row.payments),
      amount_minor: Number(row.amount_minor),
      points: Number(row.points),
    }));
  }

  /** Points debited for chapters and magazine issues in the window, per slot. */
  async listPointsSpent(window: FiguresWindow, reasons: readonly string[]): Promise<SlotCountRow[]> {
    const rows = await this.db
      .selectFrom('point_ledger')
      .select([
        this.slotOf('created_at').as('slot'),
        sql<number>`count(*)`.as('count'),
        sql<number>`sum(-delta)`.as('sum'),
      ])
      .where('delta', '<', 0)
      .where('reason', 'in', [...reasons])
      .where('created_at', '>=', window.start)
      .where('created_at', '<', window.end)
      .groupBy(this.slotOf('created_at'))
      .execute();
    return rows.map(slotRow);
  }

  /** Chapters bought in the window, per slot (sum: the price in points). */
  async listPurchases(window: FiguresWindow): Promise<SlotCountRow[]> {
    const rows = await this.db
      .selectFrom('purchase')
      .select([
        this.slotOf('created_at').as('slot'),
        sql<number>`count(*)`.as('count'),
        sql<number>`sum(price)`.as('sum'),
      ])
      .where('created_at', '>=', window.start)
      .where('created_at', '<', window.end)
      .groupBy(this.slotOf('created_at'))
      .execute();
    return rows.map(slotRow);
  }

  /** Chapters rented with a ticket in the window, per slot. */
  listRentals(window: FiguresWindow): Promise<SlotCountRow[]> {
    return this.countPerSlot('rental', 'started_at', window);
  }

  /** Accounts made in the window, per slot. */
  listNewReaders(window: FiguresWindow): Promise<SlotCountRow[]> {
    return this.countPerSlot('user', 'created_at', window);
  }

  /** Titles followed in the window (follows that still stand), per slot. */
  listFollows(window: FiguresWindow): Promise<SlotCountRow[]> {
    return this.countPerSlot('favorite_title', 'created_at', window);
  }

  /** Chapters bought in the window, per title. */
  async countPurchasesByTitle(window: FiguresWindow): Promise<TitleCountRow[]> {
    const rows = await this.db
      .selectFrom('purchase')
      .select(['title_id', sql<number>`count(*)`.as('count'), sql<number>`0`.as('finished')])
      .where('created_at', '>=', window.start)
      .where('created_at', '<', window.end)
      .groupBy('title_id')
      .execute();
    return rows.map(titleRow);
  }

  /** Chapters rented in the window, per title. */
  async countRentalsByTitle(window: FiguresWindow): Promise<TitleCountRow[]> {
    const rows = await this.db
      .selectFrom('rental')
      .select(['title_id', sql<number>`count(*)`.as('count'), sql<number>`0`.as('finished')])
      .where('started_at', '>=', window.start)
      .where('started_at', '<', window.end)
      .groupBy('title_id')
      .execute();
    return rows.map(titleRow);
  }

  /**
   * Reads begun in the window, per title: a reader opening a chapter for the first time; `finished`
   * those of them that have reached the chapter's last page (at any time since).
   */
  async countReadsByTitle(window: FiguresWindow): Promise<TitleCountRow[]> {
    const rows = await this.db
      .selectFrom('episode_view')
      .select([
        'title_id',
        sql<number>`count(*)`.as('count'),
        sql<number>`sum(case when finished_at is null then 0 else 1 end)`.as('finished'),
      ])
      .where('first_viewed_at', '>=', window.start)
      .where('first_viewed_at', '<', window.end)
      .groupBy('title_id')
      .execute();
    return rows.map(titleRow);
  }

  /** Rows of `table` whose `column` (epoch ms) falls in the window, counted per slot. */
  private async countPerSlot(
    table: 'rental' | 'user' | 'favorite_title',
    column: 'started_at' | 'created_at',
    window: FiguresWindow,
  ): Promise<SlotCountRow[]> {
    const { rows } = await sql<{ slot: number; count: number; sum: number }>`
      select ${this.slotOf(column)} as slot, count(*) as count, 0 as sum from ${sql.table(table)}
      where ${sql.ref(column)} >= ${window.start} and ${sql.ref(column)} < ${window.end}
      group by ${this.slotOf(column)}`.execute(this.db);
    return rows.map(slotRow);
  }

  /** `column` (epoch ms) / the slot width, as an integer on both dialects (a literal, so GROUP BY matches SELECT). */
  private slotOf(column: string) {
    return sql<number>`${sql.ref(column)} / ${sql.lit(this.slotMs)}`;
  }

  /** The names of titles, by id. */
  listTitleNames(ids: readonly number[]): Promise<TitleNameRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('title')
      .select(['id', 'name_en', 'name_ja'])
      .where('id', 'in', [...ids])
      .execute();
  }
}

const slotRow = (row: { slot: number; count: number; sum: number | null }): SlotCountRow => ({
  slot: Number(row.slot),
  count: Number(row.count),
  sum: Number(row.sum ?? 0),
});

const titleRow = (row: { title_id: number; count: number; finished: number | null }): TitleCountRow => ({
  title_id: Number(row.title_id),
  count: Number(row.count),
  finished: Number(row.finished ?? 0),
});
