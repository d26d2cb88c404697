// Title tickets, premium tickets and rentals (ADR 014). One statement per method, no policy.
import { uniqueIds } from '@manga/contracts';
import { type Insertable, type Kysely, sql } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE } from '#src/db/batch.ts';
import type { Database, PremiumTicketTable, RentalTable, TitleTicketTable } from '#src/db/schema.ts';

export type NewRental = Insertable<RentalTable>;
export type NewPremiumTicket = Insertable<PremiumTicketTable>;
export type TitleTicketRow = Insertable<TitleTicketTable> & { ticket_version: number };

/** A published title's ticket settings and free windows. */
export interface TicketTitleRow {
  id: number;
  published_at: number;
  age_rating: number;
  ticket_enabled: number;
  ticket_max: number;
  ticket_recover_seconds: number;
  ticket_rental_seconds: number;
  ticket_version: number;
  free_first_count: number;
  free_latest_count: number;
  free_until_at: number | null;
}

export interface TicketEpisodeRow {
  id: number;
  title_id: number;
  point: number;
  start_at: number;
  free_until_at: number | null;
  ticket_rental_enabled: number;
}

export interface PremiumTicketRow {
  id: number;
  expires_at: number;
}

export interface TicketMovementRow {
  event: 'granted' | 'used' | 'expired';
  ticket_kind: string;
  source: string;
  episode_id: number | null;
  event_at: number;
  expires_at: number | null;
  rental_finish_at: number | null;
}

export class TicketRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Published titles among `ids` with their ticket settings. */
  async listTicketTitles(ids: readonly number[], now: number): Promise<TicketTitleRow[]> {
    const rows: TicketTitleRow[] = [];
    for (const idChunk of chunk(uniqueIds(ids), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db
          .selectFrom('title')
          .select([
            'id',
            'published_at',
            'age_rating',
            'ticket_enabled',
            'ticket_max',
            'ticket_recover_seconds',
            'ticket_rental_seconds',
            'ticket_version',
            'free_first_count',
            'free_latest_count',
            'free_until_at',
          ])
          .where('id', 'in', idChunk)
          .where('published_at', '<=', now)
          .execute()),
      );
    }
    return rows;
  }

  /** Released episodes of the titles, by title then position (sort_index, id). */
  async listReleasedEpisodes(titleIds: readonly number[], now: number): Promise<TicketEpisodeRow[]> {
    const rows: TicketEpisodeRow[] = [];
    for (const idChunk of chunk(uniqueIds(titleIds), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db
          .selectFrom('episode')
          .select(['id', 'title_id', 'point', 'start_at', 'free_until_at', 'ticket_rental_enabled'])
          .where('title_id', 'in', idChunk)
          .where('start_at', '<=', now)
          .orderBy('title_id')
          .orderBy('sort_index')
          .orderBy('id')
          .execute()),
      );
    }
    return rows;
  }

  async listTitleTickets(userId: number, titleIds: readonly number[]): Promise<TitleTicketRow[]> {
    const rows: TitleTicketRow[] = [];
    for (const idChunk of chunk(uniqueIds(titleIds), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db
          .selectFrom('title_ticket')
          .selectAll()
          .where('user_id', '=', userId)
          .where('title_id', 'in', idChunk)
          .execute()),
      );
    }
    return rows;
  }

  /** Writes a reader's title ticket state (insert or replace). */
  async upsertTitleTicket(row: TitleTicketRow): Promise<void> {
    await this.db
      .insertInto('title_ticket')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'title_id']).doUpdateSet({
          own_num: row.own_num,
          ticket_version: row.ticket_version,
          last_recovered_at: row.last_recovered_at,
        }),
      )
      .execute();
  }

  /** Unused premium tickets that have not expired, first to expire first. */
  listUsablePremiumTickets(userId: number, now: number): Promise<PremiumTicketRow[]> {
    return this.db
      .selectFrom('premium_ticket')
      .select(['id', 'expires_at'])
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('expires_at')
      .orderBy('id')
      .execute();
  }

  async findFirstRentalEndAfter(userId: number, titleId: number, now: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('rental')
      .select((eb) => eb.fn.min('expires_at').as('at'))
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }

  /** Marks a premium ticket used, only while it is unused and unexpired; false otherwise. */
  async usePremiumTicket(id: number, episodeId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('premium_ticket')
      .set({ used_at: now, used_episode_id: episodeId })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertPremiumTickets(tickets: readonly NewPremiumTicket[]): Promise<void> {
    if (tickets.length === 0) return;
    await this.db
      .insertInto('premium_ticket')
      .values([...tickets])
      .execute();
  }

  async insertRental(rental: NewRental): Promise<void> {
    await this.db.insertInto('rental').values(rental).execute();
  }

  /**
   * A reader's ticket movements, newest first, one page: premium tickets granted and expired unused,
   * and every rental (a ticket used). One statement.
   */
  async listTicketMovements(userId: number, now: number, offset: number, limit: number): Promise<TicketMovementRow[]> {
    const { rows } = await sql<TicketMovementRow>`
      select event, ticket_kind, source, episode_id, event_at, expires_at, rental_finish_at from (
        select 'granted' as event, 'premium' as ticket_kind, source, cast(null as integer) as episode_id,
          granted_at as event_at, expires_at, cast(null as bigint) as rental_finish_at, 1 as event_order, id
          from premium_ticket where user_id = ${userId}
        union all
        select 'expired', 'premium', source, cast(null as integer), expires_at, expires_at, cast(null as bigint), 0, id
          from premium_ticket where user_id = ${userId} and used_at is null and expires_at <= ${now}
        union all
        select 'used', ticket_kind, '', episode_id, started_at, cast(null as bigint), expires_at, 2, id
          from rental where user_id = ${userId}
      ) movement
      order by event_at desc, event_order desc, id desc
      limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map((row) => ({
      ...row,
      episode_id: row.episode_id === null ? null : Number(row.episode_id),
      event_at: Number(row.event_at),
      expires_at: row.expires_at === null ? null : Number(row.expires_at),
      rental_finish_at: row.rental_finish_at === null ? null : Number(row.rental_finish_at),
    }));
  }
}
