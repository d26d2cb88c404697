// Fakes of the ingest's ports for the unit tests of IngestService and the services built on it
// (LightTierService, EpisodeImportService): rows in maps, real sharp images, memory storage.
import sharp from 'sharp';
import type { EpisodeRow, NewEpisode, NewPage, NewTitle, PageRow } from '#src/db/schema.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import type { LightTierPage } from '#src/repositories/ingest.repository.ts';
import { MemoryStorage } from '#src/repositories/storage.repository.ts';
import { IngestService, type IngestStore } from '#src/services/ingest.service.ts';
import type { LightTierStore } from '#src/services/light-tier.service.ts';

/** An in-memory IngestStore (and LightTierStore) that can be told to fail on commit. */
export class FakeIngestStore implements IngestStore, LightTierStore {
  titles = new Set<number>([10001]);
  episodes = new Map<number, EpisodeRow>();
  pages = new Map<number, NewPage[]>();
  failCommit = false;

  async hasTitle(titleId: number) {
    return this.titles.has(titleId);
  }
  async findEpisodeById(episodeId: number) {
    return this.episodes.get(episodeId);
  }
  async nextSortIndex() {
    return this.episodes.size + 1;
  }
  async listEpisodeStorageKeys(episodeId: number) {
    const keys = (this.pages.get(episodeId) ?? []).flatMap((p) =>
      p.light_storage_key ? [p.storage_key, p.light_storage_key] : [p.storage_key],
    );
    const thumbnail = this.episodes.get(episodeId)?.thumbnail_path;
    return thumbnail ? [...keys, thumbnail] : keys;
  }
  async commitEpisode(input: { title?: NewTitle; episode: NewEpisode; pages: readonly NewPage[] }) {
    if (this.failCommit) throw new Error('database is down');
    if (input.title) this.titles.add(input.title.id);
    this.episodes.set(input.episode.id, input.episode as EpisodeRow);
    this.pages.set(input.episode.id, [...input.pages]);
  }
  async listEpisodesMissingLightTier(limit: number) {
    return [...this.pages.entries()]
      .filter(([, pages]) => pages.some((p) => !p.light_storage_key))
      .map(([id]) => id)
      .sort((a, b) => a - b)
      .slice(0, limit);
  }
  async listPagesByEpisode(episodeId: number) {
    return (this.pages.get(episodeId) ?? []).map((p, index) => ({
      id: index + 1,
      light_width: null,
      light_height: null,
      light_bytes: null,
      light_storage_key: null,
      ...p,
    })) as PageRow[];
  }
  async recordLightTier(episodeId: number, light: readonly LightTierPage[]) {
    const pages = this.pages.get(episodeId) ?? [];
    const matches = light.every(
      (l) => pages.find((p) => p.page_number === l.page_number)?.storage_key === l.storage_key,
    );
    if (!matches) return false;
    this.pages.set(
      episodeId,
      pages.map((p) => {
        const { page_number: _n, storage_key: _k, ...columns } = light.find((l) => l.page_number === p.page_number)!;
        return { ...p, ...columns };
      }),
    );
    return true;
  }
}

export const images = new SharpImageProcessor();

/** An IngestService on memory storage and the fake store, with 320-pixel pages to keep tests fast. */
export function ingestSetup() {
  const storage = new MemoryStorage();
  const store = new FakeIngestStore();
  const ingest = new IngestService({ storage, images, store }, { pageWidth: 320 });
  return { storage, store, ingest };
}

/** A PNG page of one colour with a circle (so scrambling shows). */
export async function page(width: number, height: number, r: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 255 - r, b: 80 } } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="40" cy="40" r="30"/></svg>`) },
    ])
    .png()
    .toBuffer();
}

export const episodeRow = (id: number): NewEpisode => ({
  id,
  title_id: 10001,
  sort_index: 1,
  name_en: 'Chapter 1',
  name_ja: '第1話',
  start_at: 0,
  scramble_seed: 1,
  created_at: 0,
  updated_at: 0,
});
