import { uniqueIds } from '@manga/contracts';
import { type Kysely, sql } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE, insertBatches } from '#src/db/batch.ts';
import type { Database, EpisodeRow, NewEpisode, NewPage, PageRow } from '#src/db/schema.ts';

export class EpisodeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Released episodes (start_at <= now) among `ids`, in the order of `ids` (repeats, unknown and
   * unreleased ids dropped). One query per 500 ids.
   */
  async listEpisodesByIds(ids: readonly number[], now: number): Promise<EpisodeRow[]> {
    const wanted = uniqueIds(ids);
    const byId = new Map<number, EpisodeRow>();
    for (const idChunk of chunk(wanted, IN_LIST_CHUNK_SIZE)) {
      const rows = await this.db
        .selectFrom('episode')
        .selectAll()
        .where('id', 'in', idChunk)
        .where('start_at', '<=', now)
        .execute();
      for (const row of rows) byId.set(row.id, row);
    }
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /** Released episodes of a title, oldest first (sort_index). */
  listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]> {
    return this.db
      .selectFrom('episode')
      .selectAll()
      .where('title_id', '=', titleId)
      .where('start_at', '<=', now)
      .orderBy('sort_index')
      .orderBy('id')
      .execute();
  }

  /**
   * For each of `titleIds` that has an unreleased episode, the earliest start_at after `now`
   * (the title's next update). One grouped query per 500 ids.
   */
  async listNextEpisodeStarts(
    titleIds: readonly number[],
    now: number,
  ): Promise<{ title_id: number; next_start_at: number }[]> {
    const nextStarts: { title_id: number; next_start_at: number }[] = [];
    for (const idChunk of chunk(uniqueIds(titleIds), IN_LIST_CHUNK_SIZE)) {
      const rows = await this.db
        .selectFrom('episode')
        .select((eb) => ['title_id', eb.fn.min('start_at').as('next_start_at')])
        .where('title_id', 'in', idChunk)
        .where('start_at', '>', now)
        .groupBy('title_id')
        .execute();
      for (const row of rows) nextStarts.push({ title_id: row.title_id, next_start_at: Number(row.next_start_at) });
    }
    return nextStarts;
  }

  /**
   * Released episodes that give bonus points, newest first, at most `limit` (the caller keeps one
   * per title). Walks the partial index of bonus episodes by start_at backwards from `now`.
   */
  listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]> {
    return (
      this.db
        .selectFrom('episode')
        .innerJoin('title', 'title.id', 'episode.title_id')
        .selectAll('episode')
        .where('episode.start_at', '<=', now)
        // A literal, not a parameter, so that the partial index episode_bonus_start_at_idx applies.
        .where(sql<boolean>`${sql.ref('episode.bonus_point')} > 0`)
        .where('title.published_at', '<=', now)
        .orderBy('episode.start_at', 'desc')
        .orderBy('episode.id', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** The episode after `sortIndex` in its title, released or scheduled. */
  findNextEpisode(titleId: number, sortIndex: number): Promise<EpisodeRow | undefined> {
    return this.db
      .selectFrom('episode')
      .selectAll()
      .where('title_id', '=', titleId)
      .where('sort_index', '>', sortIndex)
      .orderBy('sort_index')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The episode whether released or not: the caller decides what an unreleased one means. */
  findEpisodeById(id: number): Promise<EpisodeRow | undefined> {
    return this.db.selectFrom('episode').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countEpisodes(): Promise<number> {
    const { count } = await this.db
      .selectFrom('episode')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Bulk insert for the catalogue seeder and importer. */
  async insertEpisodes(episodes: readonly NewEpisode[]): Promise<void> {
    for (const batch of insertBatches(episodes)) await this.db.insertInto('episode').values(batch).execute();
  }

  async insertPages(pages: readonly NewPage[]): Promise<void> {
    for (const batch of insertBatches(pages)) await this.db.insertInto('page').values(batch).execute();
  }

  /** Pages of an episode by page number (1-based). */
  listPagesByEpisode(episodeId: number): Promise<PageRow[]> {
    return this.db.selectFrom('page').selectAll().where('episode_id', '=', episodeId).orderBy('page_number').execute();
  }
}
