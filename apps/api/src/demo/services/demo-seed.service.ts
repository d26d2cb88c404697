// Writes the demo catalogue (architecture §1: `npm start` comes up with a seeded catalogue). The rows come
// from the pure generator; the images go through the ingest path. To stay fast on small machines a
// pool of placeholder pages is drawn once per palette; each episode then only composites its margin
// labels, moves tiles with its own seed and encodes JPEGs.

import type { NewPage } from '#src/db/schema.ts';
import { DIALOGUE, SOUND_EFFECTS } from '#src/demo/catalogue/dialogue.ts';
import { SeededRandom } from '#src/demo/catalogue/seeded-random.ts';
import { ART_PALETTES } from '#src/demo/images/art-palettes.ts';
import { coverSvg } from '#src/demo/images/cover-art.ts';
import {
  type MarginSlot,
  marginLabelSvg,
  marginLabelText,
  marginSlotRect,
  placeholderPageSvg,
} from '#src/demo/images/page-art.ts';
import type { CatalogueRows } from '#src/demo/repositories/demo-catalogue.repository.ts';
import {
  type DemoCatalogue,
  DemoCatalogueGeneratorService,
  type DemoTitle,
} from '#src/demo/services/demo-catalogue-generator.service.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ImageProcessorRepository, RasterPatch, RawImage } from '#src/repositories/image-processor.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import {
  EPISODE_THUMBNAIL_SIZE,
  type IngestService,
  mapPool,
  PAGE_SIZE_MULTIPLE,
  TITLE_ART_SIZES,
} from '#src/services/ingest.service.ts';

/** What the seeder needs from the database. */
export interface DemoSeedStore {
  countTitles(): Promise<number>;
  insertCatalogue(rows: CatalogueRows): Promise<void>;
  deleteCatalogue(): Promise<void>;
}

export interface DemoSeedOptions {
  /** Generator seed; the same seed and day give the same catalogue. */
  catalogueSeed?: number;
  /** Page size of the demo pages; both multiples of 64. */
  pageWidth: number;
  pageHeight: number;
  /** Distinct pages drawn per palette; an episode's pages are taken from its title's palette. */
  pagesPerPalette: number;
  /** Episodes scrambled at once (each runs `IngestService` with its own page concurrency). */
  episodeConcurrency: number;
  titleCount?: number;
  minEpisodes?: number;
  pagesPerEpisode?: { min: number; max: number };
}

export const DEFAULT_DEMO_SEED_OPTIONS: DemoSeedOptions = Object.freeze({
  pageWidth: 768,
  pageHeight: 1088,
  pagesPerPalette: 17,
  episodeConcurrency: 2,
});

export interface DemoSeedReport {
  titles: number;
  episodes: number;
  pages: number;
  bytes: number;
  pageSize: { width: number; height: number };
  elapsedMs: number;
}

export type SeedLog = (line: string) => void;

/** Prefixes the demo catalogue writes under; cleared on --force and after a failed run. */
export const DEMO_STORAGE_PREFIXES = ['titles/', 'episodes/', 'magazines/'] as const;

const LABEL_INK = '#222222';
/** Distinct double-page spreads drawn per palette. */
const SPREADS_PER_PALETTE = 2;

export interface DemoSeedServiceDeps {
  store: DemoSeedStore;
  storage: StorageRepository;
  images: ImageProcessorRepository;
  /** Writes the scrambled derivatives and the title art, as imports do. */
  ingest: Pick<IngestService, 'writeEpisodeDerivatives' | 'ingestTitleArt'>;
  clock: ClockRepository;
  generator?: DemoCatalogueGeneratorService;
}

export class DemoSeedService {
  private readonly options: DemoSeedOptions;
  private readonly generator: DemoCatalogueGeneratorService;

  constructor(
    private readonly deps: DemoSeedServiceDeps,
    options: Partial<DemoSeedOptions> = {},
  ) {
    this.generator = deps.generator ?? new DemoCatalogueGeneratorService();
    this.options = { ...DEFAULT_DEMO_SEED_OPTIONS, ...options };
    if (this.options.pageWidth % PAGE_SIZE_MULTIPLE || this.options.pageHeight % PAGE_SIZE_MULTIPLE) {
      throw new RangeError(`Demo page size must be a multiple of ${PAGE_SIZE_MULTIPLE}`);
    }
  }

  /** Seeds when the catalogue is empty; returns undefined when there was nothing to do. */
  async seedIfEmpty(log: SeedLog): Promise<DemoSeedReport | undefined> {
    if ((await this.deps.store.countTitles()) > 0) return undefined;
    return this.seed(log);
  }

  /** Deletes the catalogue (rows and images) and seeds it again. */
  async reseed(log: SeedLog): Promise<DemoSeedReport> {
    log('Deleting the current catalogue and its images…');
    await this.deps.store.deleteCatalogue();
    await this.clearStorage();
    return this.seed(log);
  }

  async seed(log: SeedLog): Promise<DemoSeedReport> {
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const { pageWidth: width, pageHeight: height } = this.options;
    const catalogue = this.generator.generate({
      seed: this.options.catalogueSeed,
      now: this.deps.clock.now(),
      titleCount: this.options.titleCount,
      minEpisodes: this.options.minEpisodes,
      pagesPerEpisode: this.options.pagesPerEpisode,
    });
    const episodeCount = catalogue.titles.reduce((sum, title) => sum + title.episodes.length, 0);
    const pageTotal = catalogue.titles.reduce(
      (sum, title) => sum + title.episodes.reduce((n, episode) => n + episode.row.page_count, 0),
      0,
    );
    log(
      `Seeding the demo catalogue: ${catalogue.titles.length} titles, ${episodeCount} episodes, ${pageTotal} pages of ${width}×${height}`,
    );

    // Stale objects of an earlier failed run would otherwise linger next to the new ones.
    await this.clearStorage();
    const written: string[] = [];
    try {
      const pool = await this.drawPagePool(catalogue, log, elapsed);
      const bytesArt = await this.writeArt(catalogue, written);
      log(`Drew covers and banners for ${catalogue.titles.length} titles (${elapsed()})`);

      const labels = new LabelCache(this.deps.images, width, height);
      const spreadLabels = new LabelCache(this.deps.images, width * 2, height);
      const pages: NewPage[] = [];
      let bytes = bytesArt;
      let done = 0;
      let lastReport = 0;
      const jobs = catalogue.titles.flatMap((title) => title.episodes.map((episode) => ({ title, episode })));
      await mapPool(jobs, this.options.episodeConcurrency, async ({ title, episode }) => {
        const palettePool = pool.pages[title.art.paletteIndex % pool.pages.length]!;
        const order = SeededRandom.derive(episode.row.scramble_seed, 'page-order').shuffle(
          palettePool.map((_, i) => i),
        );
        const spreadPool = pool.spreads[title.art.paletteIndex % pool.spreads.length]!;
        const prepared = await Promise.all(
          Array.from({ length: episode.row.page_count }, async (_, index) => {
            const poolIndex = order[index % order.length]!;
            if (episode.spreadPages.includes(index + 1)) {
              const pixels = spreadPool[episode.number % spreadPool.length]!;
              return { pixels, patches: await spreadLabels.patches(title, episode.number, index + 1), poolIndex };
            }
            const patches = await labels.patches(title, episode.number, index + 1);
            return { pixels: palettePool[poolIndex]!, patches, poolIndex };
          }),
        );
        const thumbnail = await pool.thumbnail(title.art.paletteIndex, prepared[0]!.poolIndex);
        const result = await this.deps.ingest.writeEpisodeDerivatives(
          { episodeId: episode.row.id, seed32: episode.row.scramble_seed, pages: prepared, thumbnail },
          written,
        );
        pages.push(...result.pages);
        bytes += result.pages.reduce((sum, page) => sum + page.bytes, 0) + thumbnail.length;
        done += result.pages.length;
        const now = performance.now();
        if (now - lastReport > 2_000 || done === pageTotal) {
          lastReport = now;
          log(`  pages ${done}/${pageTotal} (${Math.round((done / pageTotal) * 100)}%) · ${elapsed()}`);
        }
      });

      pages.sort((a, b) => a.episode_id - b.episode_id || a.page_number - b.page_number);
      await this.deps.store.insertCatalogue(toRows(catalogue, pages));
      const report: DemoSeedReport = {
        titles: catalogue.titles.length,
        episodes: episodeCount,
        pages: pages.length,
        bytes,
        pageSize: { width, height },
        elapsedMs: Math.round(performance.now() - started),
      };
      log(
        `Seeded ${report.titles} titles, ${report.episodes} episodes, ${report.pages} pages (${formatBytes(bytes)}) in ${elapsed()}`,
      );
      return report;
    } catch (error) {
      log(`Seeding failed after ${elapsed()}; removing the ${written.length} images written`);
      await this.clearStorage().catch(() => undefined);
      throw error;
    }
  }

  private async clearStorage(): Promise<void> {
    for (const prefix of DEMO_STORAGE_PREFIXES) await this.deps.storage.deletePrefix(prefix);
  }

  /**
   * Draws `pagesPerPalette` placeholder pages for every palette in use, and `SPREADS_PER_PALETTE`
   * double-page spreads (twice as wide) for the chapters that hold one.
   */
  private async drawPagePool(catalogue: DemoCatalogue, log: SeedLog, elapsed: () => string) {
    const { pageWidth: width, pageHeight: height, pagesPerPalette } = this.options;
    const paletteCount = Math.min(ART_PALETTES.length, catalogue.titles.length);
    const draw = (perPalette: number, pageWidth: number, seedName: string) =>
      mapPool(
        Array.from({ length: paletteCount * perPalette }, (_, i) => ({
          palette: Math.floor(i / perPalette),
          index: i % perPalette,
        })),
        2,
        ({ palette, index }) =>
          this.deps.images.renderSvg(
            placeholderPageSvg({
              width: pageWidth,
              height,
              seed: SeededRandom.derive(catalogue.seed, `${seedName}-${palette}-${index}`).u32(),
              palette: ART_PALETTES[palette]!,
              dialogue: DIALOGUE,
              soundEffects: SOUND_EFFECTS,
            }),
          ),
      );
    const byPalette = (drawn: RawImage[], perPalette: number): RawImage[][] =>
      Array.from({ length: paletteCount }, (_, palette) =>
        drawn.slice(palette * perPalette, (palette + 1) * perPalette),
      );
    const drawn = await draw(pagesPerPalette, width, 'page');
    const pages = byPalette(drawn, pagesPerPalette);
    const spreads = byPalette(await draw(SPREADS_PER_PALETTE, width * 2, 'spread'), SPREADS_PER_PALETTE);
    log(
      `Drew a pool of ${drawn.length} placeholder pages and ${paletteCount * SPREADS_PER_PALETTE} spreads (${elapsed()})`,
    );
    const thumbnails = new Map<string, Promise<Buffer>>();
    const images = this.deps.images;
    return {
      pages,
      spreads,
      thumbnail(palette: number, index: number): Promise<Buffer> {
        const key = `${palette % paletteCount}/${index}`;
        let thumbnail = thumbnails.get(key);
        if (!thumbnail) {
          thumbnail = images
            .encodeJpeg(pages[palette % paletteCount]![index]!)
            .then((jpeg) => images.makeCover(jpeg, EPISODE_THUMBNAIL_SIZE.width, EPISODE_THUMBNAIL_SIZE.height));
          thumbnails.set(key, thumbnail);
        }
        return thumbnail;
      },
    };
  }

  /** Covers, thumbnails, banners and feature images of every title, plus magazine covers. */
  private async writeArt(catalogue: DemoCatalogue, written: string[]): Promise<number> {
    let bytes = 0;
    await mapPool(catalogue.titles, 2, async (title) => {
      const palette = ART_PALETTES[title.art.paletteIndex % ART_PALETTES.length]!;
      const draw = (size: { width: number; height: number }, withBadge: boolean) =>
        this.deps.images.renderSvgToPng(
          coverSvg({
            ...size,
            seed: title.art.seed,
            palette,
            titleName: title.row.name_en,
            authorName: title.art.authorName,
            badge: withBadge ? title.art.badge : undefined,
            tagline: title.art.tagline,
          }),
        );
      const [thumbnail, thumbnailRect, banner, feature] = await Promise.all([
        draw(TITLE_ART_SIZES.thumbnail, true),
        draw(TITLE_ART_SIZES.thumbnailRect, false),
        draw(TITLE_ART_SIZES.banner, false),
        draw(TITLE_ART_SIZES.feature, true),
      ]);
      const paths = await this.deps.ingest.ingestTitleArt(
        title.row.id,
        { thumbnail, thumbnailRect, banner, feature },
        written,
      );
      for (const key of Object.values(paths)) bytes += (await this.deps.storage.findObjectInfo(key))?.bytes ?? 0;
    });
    await mapPool(catalogue.magazines, 2, async (magazine) => {
      const cover = await this.deps.images.renderSvgToPng(
        coverSvg({
          width: 600,
          height: 840,
          seed: magazine.id * 7919,
          palette: ART_PALETTES[magazine.id % ART_PALETTES.length]!,
          titleName: magazine.name_en,
          authorName: 'Special issue',
          badge: 'Magazine',
        }),
      );
      const webp = await this.deps.images.makeCover(cover, 600, 840);
      const key = magazine.cover_path ?? `magazines/${magazine.id}/cover.webp`;
      await this.deps.storage.put(key, webp, 'image/webp');
      written.push(key);
      bytes += webp.length;
    });
    return bytes;
  }
}

/** Rendered margin labels, cached by text (a title's name, "Episode 12", "— 7 —"). */
class LabelCache {
  private readonly cache = new Map<string, Promise<RawImage>>();

  constructor(
    private readonly images: ImageProcessorRepository,
    private readonly width: number,
    private readonly height: number,
  ) {}

  async patches(title: DemoTitle, episodeNumber: number, pageNumber: number): Promise<RasterPatch[]> {
    const labels = { titleName: title.row.name_en, episodeNumber, pageNumber };
    return Promise.all(
      (['title', 'episode', 'page'] as const satisfies readonly MarginSlot[]).map(async (slot) => {
        const rect = marginSlotRect(this.width, this.height, slot);
        const { text, align } = marginLabelText(slot, labels);
        const key = `${slot}:${text}`;
        let image = this.cache.get(key);
        if (!image) {
          image = this.images.renderSvg(marginLabelSvg(rect.width, rect.height, text, align, LABEL_INK));
          this.cache.set(key, image);
        }
        return { image: await image, left: rect.left, top: rect.top };
      }),
    );
  }
}

function toRows(catalogue: DemoCatalogue, pages: NewPage[]): CatalogueRows {
  return {
    genres: catalogue.genres,
    magazineCategories: catalogue.magazineCategories,
    magazines: catalogue.magazines,
    authors: catalogue.authors,
    tags: catalogue.tags,
    titles: catalogue.titles.map((title) => title.row),
    titleGenres: catalogue.titleGenres,
    titleTags: catalogue.titleTags,
    titleAuthors: catalogue.titleAuthors,
    episodes: catalogue.titles.flatMap((title) => title.episodes.map((episode) => episode.row)),
    pages,
    rankingTabs: catalogue.rankingTabs,
    rankingEntries: catalogue.rankingEntries,
    products: catalogue.products,
    advertisements: catalogue.advertisements,
  };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
