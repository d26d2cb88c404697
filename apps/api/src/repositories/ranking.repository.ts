import type { Kysely } from 'kysely';
import { insertBatches } from '#src/db/batch.ts';
import type { Database, NewRankingEntry, RankingTabRow } from '#src/db/schema.ts';

export class RankingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Ranking tabs in display order. */
  listRankingTabs(): Promise<RankingTabRow[]> {
    return this.db.selectFrom('ranking_tab').selectAll().orderBy('sort_order').orderBy('id').execute();
  }

  /** Title ids of one tab by position, one page. Uses the (ranking_id, position) primary key. */
  async listRankingTitleIds(rankingId: number, offset: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('ranking_entry')
      .select('title_id')
      .where('ranking_id', '=', rankingId)
      .orderBy('position')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.title_id);
  }

  /** When the rankings were last computed (the newest entry), or undefined when there are none. */
  async findLatestComputedAt(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ranking_entry')
      .select((eb) => eb.fn.max('computed_at').as('latest'))
      .executeTakeFirst();
    return row?.latest === null || row?.latest === undefined ? undefined : Number(row.latest);
  }

  /** Replaces every entry of the given tabs in one transaction (readers see the old or the new set). */
  async replaceRankingEntries(rankingIds: readonly number[], entries: readonly NewRankingEntry[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (rankingIds.length > 0)
        await trx
          .deleteFrom('ranking_entry')
          .where('ranking_id', 'in', [...rankingIds])
          .execute();
      for (const batch of insertBatches(entries)) await trx.insertInto('ranking_entry').values(batch).execute();
    });
  }
}
