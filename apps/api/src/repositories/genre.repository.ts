import { uniqueIds } from '@manga/contracts';
import type { Insertable, Kysely } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE, insertBatches } from '#src/db/batch.ts';
import type { Database, GenreRow, GenreTable } from '#src/db/schema.ts';

export type NewGenre = Insertable<GenreTable>;

export class GenreRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every genre in display order (sort_order, then id). */
  listGenres(): Promise<GenreRow[]> {
    return this.db.selectFrom('genre').selectAll().orderBy('sort_order').orderBy('id').execute();
  }

  /** The genres among `ids` (unknown ones left out), in display order. */
  async listGenresByIds(ids: readonly number[]): Promise<GenreRow[]> {
    const rows: GenreRow[] = [];
    for (const idChunk of chunk(uniqueIds(ids), IN_LIST_CHUNK_SIZE)) {
      rows.push(...(await this.db.selectFrom('genre').selectAll().where('id', 'in', idChunk).execute()));
    }
    return rows.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  }

  /** Ids of genres that at least one published title has (the genres worth searching). */
  async listGenreIdsInUse(now: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('title_genre')
      .innerJoin('title', 'title.id', 'title_genre.title_id')
      .select('title_genre.genre_id')
      .distinct()
      .where('title.published_at', '<=', now)
      .orderBy('title_genre.genre_id')
      .execute();
    return rows.map((row) => row.genre_id);
  }

  /**
   * Inserts genres or overwrites the stored ones with the same id (omitted columns get their
   * defaults). When `genres` repeats an id, the last entry wins, as it would row by row.
   */
  async upsertGenres(genres: readonly NewGenre[]): Promise<void> {
    const lastById = new Map(genres.map((genre) => [genre.id, genre]));
    for (const batch of insertBatches([...lastById.values()])) {
      await this.db
        .insertInto('genre')
        .values(batch)
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            name_en: eb.ref('excluded.name_en'),
            name_ja: eb.ref('excluded.name_ja'),
            image_path: eb.ref('excluded.image_path'),
            sort_order: eb.ref('excluded.sort_order'),
          })),
        )
        .execute();
    }
  }
}
