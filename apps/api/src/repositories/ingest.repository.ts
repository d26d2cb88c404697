// The importer's writes (IngestService's `IngestStore`): one episode with its pages, and the title
// when it is new, in one transaction; plus the reads an import decides on.
import type { Kysely } from 'kysely';
import type { Database, EpisodeRow, NewEpisode, NewPage, NewTitle } from '#src/db/schema.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';

export class IngestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the title exists (published or not). */
  async hasTitle(titleId: number): Promise<boolean> {
    const row = await this.db.selectFrom('title').select('id').where('id', '=', titleId).executeTakeFirst();
    return row !== undefined;
  }

  findEpisodeById(episodeId: number): Promise<EpisodeRow | undefined> {
    return new EpisodeRepository(this.db).findEpisodeById(episodeId);
  }

  /** 1 + the highest sort_index of the title's episodes (1 when it has none). */
  async nextSortIndex(titleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('episode')
      .select((eb) => eb.fn.max('sort_index').as('max'))
      .where('title_id', '=', titleId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  /** Storage keys the episode's current rows point to (pages and thumbnail); empty when it is new. */
  async listEpisodeStorageKeys(episodeId: number): Promise<string[]> {
    const [pages, episode] = await Promise.all([
      this.db.selectFrom('page').select('storage_key').where('episode_id', '=', episodeId).execute(),
      this.db.selectFrom('episode').select('thumbnail_path').where('id', '=', episodeId).executeTakeFirst(),
    ]);
    const keys = pages.map((page) => page.storage_key);
    if (episode?.thumbnail_path) keys.push(episode.thumbnail_path);
    return keys;
  }

  /** Title (optional), episode (inserted or updated in place) and its pages, in one transaction. */
  async commitEpisode({
    title,
    episode,
    pages,
  }: {
    title?: NewTitle;
    episode: NewEpisode;
    pages: readonly NewPage[];
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (title) await new TitleRepository(trx).insertTitles([title]);
      const existing = await trx.selectFrom('episode').select('id').where('id', '=', episode.id).executeTakeFirst();
      await trx.deleteFrom('page').where('episode_id', '=', episode.id).execute();
      if (existing) {
        const { id, created_at: _createdAt, ...changes } = episode;
        await trx.updateTable('episode').set(changes).where('id', '=', id).execute();
      } else {
        await new EpisodeRepository(trx).insertEpisodes([episode]);
      }
      await new EpisodeRepository(trx).insertPages(pages);
    });
  }
}
