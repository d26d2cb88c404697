// The data saver's tier of episodes imported before it existed (ADR 055; `npm run images:light`): each
// stored standard page is read back, unscrambled, shrunk and scrambled again with the episode's seed
// through IngestService's own light-page writer, so backfilled and imported tiers are made alike.
import type { EpisodeRow, PageRow } from '#src/db/schema.ts';
import type { LightTierPage } from '#src/repositories/ingest.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import {
  assertSeed,
  DEFAULT_INGEST_OPTIONS,
  IngestError,
  type IngestService,
  mapPool,
} from '#src/services/ingest.service.ts';

/** The rows the backfill reads and writes. Implemented by IngestRepository. */
export interface LightTierStore {
  findEpisodeById(episodeId: number): Promise<EpisodeRow | undefined>;
  /** Ids of episodes with at least one page that has no light derivative yet, lowest first. */
  listEpisodesMissingLightTier(limit: number): Promise<number[]>;
  listPagesByEpisode(episodeId: number): Promise<PageRow[]>;
  /**
   * In one transaction: records the light derivatives of the episode's pages, each only while the
   * page still has `storage_key` (a re-import meanwhile changes it). False, and nothing changed, when
   * any page no longer matches.
   */
  recordLightTier(episodeId: number, pages: readonly LightTierPage[]): Promise<boolean>;
}

export interface LightTierDeps {
  ingest: Pick<IngestService, 'readStoredPage' | 'writeLightPage'>;
  store: LightTierStore;
  storage: Pick<StorageRepository, 'delete'>;
}

export class LightTierService {
  constructor(
    private readonly deps: LightTierDeps,
    /** Pages in flight at once (each uses one libvips thread). */
    private readonly concurrency = DEFAULT_INGEST_OPTIONS.concurrency,
  ) {}

  /**
   * Makes the data saver's tier of an episode imported before it existed (ADR 055): each stored
   * standard derivative is read, unscrambled, shrunk and scrambled again with the same seed, then
   * the rows are updated in one transaction. An episode re-imported meanwhile is left alone (its new
   * import made both tiers) and what was written is deleted. Returns the pages and bytes made, or
   * undefined when the episode needed nothing.
   */
  async makeLightTier(episodeId: number): Promise<{ pages: number; bytes: number } | undefined> {
    const episode = await this.deps.store.findEpisodeById(episodeId);
    const pages = await this.deps.store.listPagesByEpisode(episodeId);
    if (!episode || pages.length === 0 || pages.every((page) => page.light_storage_key)) return undefined;
    const seed32 = episode.scramble_seed;
    assertSeed(seed32);
    const written: string[] = [];
    try {
      const rows = await mapPool(pages, this.concurrency, async (page) => {
        const pixels = await this.deps.ingest.readStoredPage(page.storage_key, seed32);
        if (!pixels) {
          throw new IngestError(
            'invalid_input',
            `Episode ${episodeId} page ${page.page_number}: ${page.storage_key} is missing`,
          );
        }
        const light = await this.deps.ingest.writeLightPage(
          { episodeId, seed32, pageNumber: page.page_number },
          pixels,
          written,
        );
        return { page_number: page.page_number, storage_key: page.storage_key, ...light };
      });
      if (!(await this.deps.store.recordLightTier(episodeId, rows))) {
        await this.deleteQuietly(written);
        return undefined;
      }
      return { pages: rows.length, bytes: rows.reduce((sum, row) => sum + row.light_bytes, 0) };
    } catch (error) {
      await this.deleteQuietly(written);
      throw error;
    }
  }

  /** Makes the light tier of every episode missing it, `batch` episodes listed at a time. */
  async makeMissingLightTiers(
    onEpisode: (episodeId: number, made: { pages: number; bytes: number } | undefined) => void = () => {},
    batch = 50,
  ): Promise<{ episodes: number; pages: number; bytes: number }> {
    const total = { episodes: 0, pages: 0, bytes: 0 };
    const skipped = new Set<number>();
    for (;;) {
      const ids = (await this.deps.store.listEpisodesMissingLightTier(batch + skipped.size)).filter(
        (id) => !skipped.has(id),
      );
      if (ids.length === 0) return total;
      for (const id of ids) {
        const made = await this.makeLightTier(id);
        onEpisode(id, made);
        if (!made) {
          skipped.add(id);
          continue;
        }
        total.episodes++;
        total.pages += made.pages;
        total.bytes += made.bytes;
      }
    }
  }

  /** Best-effort cleanup; a failure to delete must not hide the error that caused it. */
  private async deleteQuietly(keys: readonly string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.deps.storage.delete(key)));
  }
}
