// The importer's writes (IngestService's `IngestStore`): one episode with its pages, and the title
// when it is new, in one transaction; plus the reads an import decides on.
import type { Kysely } from 'kysely';
import type { Database, EpisodeRow, NewAuditLog, NewEpisode, NewPage, NewTitle, PageRow } from '#src/db/schema.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';

/** A page's light derivative, for the page whose standard derivative is `storage_key`. */
export interface LightTierPage {
  page_number: number;
  storage_key: string;
  light_width: number;
  light_height: number;
  light_bytes: number;
  light_storage_key: string;
}

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

  /** 1 + the highest episode id (1 when there is none). */
  async nextEpisodeId(): Promise<number> {
    const row = await this.db
      .selectFrom('episode')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  /** Storage keys the episode's current rows point to (pages of both tiers and thumbnail); empty when it is new. */
  async listEpisodeStorageKeys(episodeId: number): Promise<string[]> {
    const [pages, episode] = await Promise.all([
      this.db
        .selectFrom('page')
        .select(['storage_key', 'light_storage_key'])
        .where('episode_id', '=', episodeId)
        .execute(),
      this.db.selectFrom('episode').select('thumbnail_path').where('id', '=', episodeId).executeTakeFirst(),
    ]);
    const keys = pages.flatMap((page) =>
      page.light_storage_key ? [page.storage_key, page.light_storage_key] : [page.storage_key],
    );
    if (episode?.thumbnail_path) keys.push(episode.thumbnail_path);
    return keys;
  }

  /** Title (optional), episode (inserted or updated in place), its pages and the audit row (optional), in one transaction. */
  async commitEpisode({
    title,
    episode,
    pages,
    audit,
  }: {
    title?: NewTitle;
    episode: NewEpisode;
    pages: readonly NewPage[];
    audit?: NewAuditLog;
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
      if (audit) await new AuditLogRepository(trx).insertAuditLog(audit);
    });
  }

  /** Ids of episodes with at least one page without a light derivative, lowest first. */
  async listEpisodesMissingLightTier(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('page')
      .select('episode_id')
      .distinct()
      .where('light_storage_key', 'is', null)
      .orderBy('episode_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.episode_id);
  }

  listPagesByEpisode(episodeId: number): Promise<PageRow[]> {
    return new EpisodeRepository(this.db).listPagesByEpisode(episodeId);
  }

  /** The light derivatives of an episode's pages, all or none: false when a page's standard key changed. */
  async recordLightTier(episodeId: number, pages: readonly LightTierPage[]): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        for (const page of pages) {
          const result = await trx
            .updateTable('page')
            .set({
              light_width: page.light_width,
              light_height: page.light_height,
              light_bytes: page.light_bytes,
              light_storage_key: page.light_storage_key,
            })
            .where('episode_id', '=', episodeId)
            .where('page_number', '=', page.page_number)
            .where('storage_key', '=', page.storage_key)
            .executeTakeFirst();
          if (result.numUpdatedRows !== 1n) throw new LightTierOutdated();
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof LightTierOutdated) return false;
        throw error;
      });
  }
}

/** Rolls the transaction back when the episode was re-imported while its light tier was made. */
class LightTierOutdated extends Error {}
