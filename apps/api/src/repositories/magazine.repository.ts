import { uniqueIds } from '@manga/contracts';
import type { Kysely } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE } from '#src/db/batch.ts';
import type { Database, MagazineCategoryRow, MagazineRow } from '#src/db/schema.ts';

export interface MagazineListFilter {
  categoryId?: number;
  /** Only these issues (any order; the result follows `order`). */
  ids?: readonly number[];
  order: 'new' | 'old';
  limit: number;
  offset: number;
  now: number;
}

export class MagazineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listMagazinesByIds(ids: readonly number[]): Promise<{ id: number; name_en: string; name_ja: string }[]> {
    const rows: { id: number; name_en: string; name_ja: string }[] = [];
    for (const idChunk of chunk(uniqueIds(ids), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db
          .selectFrom('magazine')
          .select(['id', 'name_en', 'name_ja'])
          .where('id', 'in', idChunk)
          .execute()),
      );
    }
    return rows;
  }

  /** Every magazine category in display order (sort_order, then id). */
  listMagazineCategories(): Promise<MagazineCategoryRow[]> {
    return this.db.selectFrom('magazine_category').selectAll().orderBy('sort_order').orderBy('id').execute();
  }

  /** The categories readers can search by (is_search), in display order. */
  listSearchMagazineCategories(): Promise<MagazineCategoryRow[]> {
    return this.db
      .selectFrom('magazine_category')
      .selectAll()
      .where('is_search', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  /**
   * Issues on sale (start_at <= now), filtered by category and ids, newest or oldest first, one page.
   * An id list is read in chunks of 500 and paged in memory.
   */
  async listMagazines(filter: MagazineListFilter): Promise<MagazineRow[]> {
    const base = () => {
      let query = this.db.selectFrom('magazine').selectAll().where('start_at', '<=', filter.now);
      if (filter.categoryId !== undefined) query = query.where('magazine_category_id', '=', filter.categoryId);
      return query;
    };
    const direction = filter.order === 'new' ? 'desc' : 'asc';
    if (filter.ids === undefined) {
      return base()
        .orderBy('start_at', direction)
        .orderBy('id', direction)
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
    }
    const rows: MagazineRow[] = [];
    for (const idChunk of chunk(uniqueIds(filter.ids), IN_LIST_CHUNK_SIZE)) {
      rows.push(...(await base().where('id', 'in', idChunk).execute()));
    }
    const sign = filter.order === 'new' ? -1 : 1;
    rows.sort((a, b) => sign * (a.start_at - b.start_at) || sign * (a.id - b.id));
    return rows.slice(filter.offset, filter.offset + filter.limit);
  }

  /** Released episodes carried by each issue, by sort index. One query per 500 issues. */
  async listEpisodeIdsByMagazines(
    magazineIds: readonly number[],
    now: number,
  ): Promise<{ magazine_id: number | null; id: number }[]> {
    const rows: { magazine_id: number | null; id: number }[] = [];
    for (const idChunk of chunk(uniqueIds(magazineIds), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db
          .selectFrom('episode')
          .select(['magazine_id', 'id'])
          .where('magazine_id', 'in', idChunk)
          .where('start_at', '<=', now)
          .orderBy('magazine_id')
          .orderBy('title_id')
          .orderBy('sort_index')
          .execute()),
      );
    }
    return rows;
  }
}
