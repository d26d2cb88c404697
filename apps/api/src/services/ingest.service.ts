// Page ingest (architecture §6): normalise every page to a size whose sides are multiples of 64, record
// its metadata, and store the derivative scrambled with the episode's own seed (wire §4, formula
// v1; with 64-multiples v1 and v2 agree). Imports are all-or-nothing: every page is decoded before
// anything is written, objects go under a prefix of their own, rows go in in one transaction, and a
// failure removes what was written. Each page is stored in two tiers (ADR 055): the standard
// derivative and the data saver's smaller one, both scrambled with the same seed.
import { scrambleRects, tileRects } from '@manga/contracts';
import type { EpisodeRow, NewAuditLog, NewEpisode, NewPage, NewTitle } from '#src/db/schema.ts';
import type {
  ImageProcessorRepository,
  ImageRegion,
  NormalisedPage,
  RasterPatch,
  RawImage,
} from '#src/repositories/image-processor.repository.ts';
import type { LightTierPage } from '#src/repositories/ingest.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';

/** One page as read from a folder or archive; `name` appears in error messages. */
export interface PageSource {
  name: string;
  bytes: Uint8Array;
}

/** A page ready to scramble: normalised pixels, plus optional labels composited before scrambling. */
export interface PreparedPage {
  pixels: RawImage;
  patches?: readonly RasterPatch[];
}

/** Database reads and writes of an ingest, each call one transaction. Implemented by IngestRepository. */
export interface IngestStore {
  hasTitle(titleId: number): Promise<boolean>;
  findEpisodeById(episodeId: number): Promise<EpisodeRow | undefined>;
  /** 1 + the highest sort_index of the title's episodes (1 when it has none). */
  nextSortIndex(titleId: number): Promise<number>;
  /** Storage keys the episode's current rows point to (pages and thumbnail); empty when it is new. */
  listEpisodeStorageKeys(episodeId: number): Promise<string[]>;
  /**
   * In one transaction: insert `title` when given, insert or replace the episode row, delete the
   * episode's old page rows, insert `pages`, and the `audit` row when given (the console's uploads).
   */
  commitEpisode(input: {
    title?: NewTitle;
    episode: NewEpisode;
    pages: readonly NewPage[];
    audit?: NewAuditLog;
  }): Promise<void>;
}

export interface IngestOptions {
  /** Width pages are normalised to (rounded down to 64; narrower pages are not upscaled). */
  pageWidth: number;
  /** Pages taller than this after resizing are refused. */
  maxPageHeight: number;
  jpegQuality: number;
  /**
   * The data saver's pages are this share of the stored page's width (rounded down to 64; ADR 055),
   * so a double-page spread keeps twice a single page's width.
   */
  lightScale: number;
  lightJpegQuality: number;
  /** Scramble operations in flight at once (each uses one libvips thread). */
  concurrency: number;
}

export const DEFAULT_INGEST_OPTIONS: IngestOptions = Object.freeze({
  pageWidth: 960,
  maxPageHeight: 64 * 100,
  jpegQuality: 85,
  lightScale: 0.6,
  lightJpegQuality: 60,
  concurrency: 3,
});

export const PAGE_SIZE_MULTIPLE = 64;
export const SCRAMBLE_FORMULA = 'v1' as const;

/** Sizes of the title art derivatives (wire §3.1 field in the comment). */
export const TITLE_ART_SIZES = Object.freeze({
  thumbnail: { width: 480, height: 480 }, // thumbnail_image_url (square)
  thumbnailRect: { width: 720, height: 360 }, // thumbnail_rect_image_url (wide grid tile)
  banner: { width: 1280, height: 480 }, // banner_image_url
  feature: { width: 600, height: 840 }, // feature_image_url (portrait)
});
export const EPISODE_THUMBNAIL_SIZE = Object.freeze({ width: 320, height: 320 });

export type TitleArtKind = keyof typeof TITLE_ART_SIZES;

/** Title art sources: each is cropped to its size; missing ones fall back to `thumbnail`. */
export type TitleArtSources = { thumbnail: Uint8Array } & Partial<
  Record<Exclude<TitleArtKind, 'thumbnail'>, Uint8Array>
>;

export interface TitleArtPaths {
  thumbnail_path: string;
  thumbnail_rect_path: string;
  banner_path: string;
  feature_path: string;
}

export type IngestErrorCode = 'invalid_page' | 'no_pages' | 'title_missing' | 'seed_in_use' | 'invalid_input';

export class IngestError extends Error {
  constructor(
    readonly code: IngestErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'IngestError';
  }
}

/** Storage layout. The seed is part of an episode's prefix, so a re-import never overwrites live files. */
/**
 * Scrambled page derivatives (`episodes/<id>/<seed>/<nnn>.jpg`, the data saver's
 * `episodes/<id>/<seed>/light/<nnn>.jpg`): served only through signed URLs.
 */
export const isPageDerivativeKey = (key: string) => /^episodes\/\d+\/[^/]+\/(?:light\/)?\d{3}\.jpg$/.test(key);

export const storageKeys = {
  /** `version` names art uploaded again (the console), so cached copies of the old art are never served for it. */
  /** A top-page banner's image (ADR 074), versioned like console art. */
  bannerImage: (advertisementId: number, version: string) => `banners/${advertisementId}-${version}.webp`,
  titleArt: (titleId: number, kind: TitleArtKind, version?: string) =>
    `titles/${titleId}/${kind === 'thumbnailRect' ? 'thumbnail-rect' : kind}${version ? `-${version}` : ''}.webp`,
  episodePrefix: (episodeId: number, seed32: number) => `episodes/${episodeId}/${seedLabel(seed32)}/`,
  /** `version` names a page replaced from the console (ADR 061): same seed, a folder of its own. */
  page: (episodeId: number, seed32: number, pageNumber: number, version?: string) =>
    `episodes/${episodeId}/${seedLabel(seed32)}${version ? `-${version}` : ''}/${String(pageNumber).padStart(3, '0')}.jpg`,
  lightPage: (episodeId: number, seed32: number, pageNumber: number, version?: string) =>
    `episodes/${episodeId}/${seedLabel(seed32)}${version ? `-${version}` : ''}/light/${String(pageNumber).padStart(3, '0')}.jpg`,
  episodeThumbnail: (episodeId: number, seed32: number, version?: string) =>
    `episodes/${episodeId}/${seedLabel(seed32)}/thumbnail${version ? `-${version}` : ''}.webp`,
};

function seedLabel(seed32: number): string {
  return `s${(seed32 >>> 0).toString(16).padStart(8, '0')}`;
}

export interface EpisodeDerivatives {
  pages: NewPage[];
  thumbnailPath: string;
  prefix: string;
}

/** How far an import is: every page is decoded first, then each is scrambled and stored. */
export interface IngestProgress {
  stage: 'decode' | 'store';
  done: number;
  total: number;
}

export interface IngestEpisodeInput {
  titleId: number;
  episodeId: number;
  seed32: number;
  pages: ReadonlyArray<PageSource | Uint8Array>;
  /** The episode row to insert or replace; `page_count`, `scramble_seed` and `thumbnail_path` are filled in. */
  episode: NewEpisode;
  /** Creates the title in the same transaction when it does not exist yet. */
  title?: { row: NewTitle; art: TitleArtSources };
  onProgress?: (progress: IngestProgress) => void;
  /** The audit row written in the import's transaction, made from the episode row as committed. */
  auditOf?: (episode: NewEpisode) => NewAuditLog;
}

export interface IngestedEpisode {
  episodeId: number;
  seed32: number;
  pageCount: number;
  pages: NewPage[];
  titleCreated: boolean;
}

export interface IngestDependencies {
  storage: StorageRepository;
  images: ImageProcessorRepository;
  store: IngestStore;
}

export const TITLE_ID_RANGE = { min: 10_000, max: 99_999 } as const;

export class IngestService {
  private readonly options: IngestOptions;
  private readonly storage: StorageRepository;
  private readonly images: ImageProcessorRepository;
  private readonly store: IngestStore;

  constructor(deps: IngestDependencies, options: Partial<IngestOptions> = {}) {
    this.storage = deps.storage;
    this.images = deps.images;
    this.store = deps.store;
    this.options = { ...DEFAULT_INGEST_OPTIONS, ...options };
  }

  /** Decodes and normalises every page; the first bad one stops the import with its name. */
  async normalisePages(
    pages: ReadonlyArray<PageSource | Uint8Array>,
    onProgress?: IngestEpisodeInput['onProgress'],
  ): Promise<NormalisedPage[]> {
    if (pages.length === 0) throw new IngestError('no_pages', 'An episode needs at least one page');
    const sources = pages.map((page, index) =>
      page instanceof Uint8Array ? { name: `page ${index + 1}`, bytes: page } : page,
    );
    let done = 0;
    return mapPool(sources, this.options.concurrency, async (source) => {
      try {
        const page = await this.images.normalisePage(source.bytes, {
          targetWidth: this.options.pageWidth,
          multiple: PAGE_SIZE_MULTIPLE,
          maxHeight: this.options.maxPageHeight,
          quality: this.options.jpegQuality,
        });
        onProgress?.({ stage: 'decode', done: ++done, total: sources.length });
        return page;
      } catch (error) {
        throw new IngestError('invalid_page', `${source.name}: ${(error as Error).message}`, { cause: error });
      }
    });
  }

  /**
   * Scrambles each page with the episode's seed and stores it, plus an episode thumbnail made from
   * the first page (or `thumbnail` when the caller made one already). Every key written is pushed to
   * `written` as soon as it exists, so the caller can remove them on failure. Returns the page rows.
   */
  async writeEpisodeDerivatives(
    input: {
      episodeId: number;
      seed32: number;
      pages: readonly PreparedPage[];
      thumbnail?: Uint8Array;
      onProgress?: IngestEpisodeInput['onProgress'];
    },
    written: string[],
  ): Promise<EpisodeDerivatives> {
    const { episodeId, seed32 } = input;
    let done = 0;
    assertSeed(seed32);
    if (input.pages.length === 0) throw new IngestError('no_pages', `Episode ${episodeId} has no pages`);
    const rows = await mapPool(input.pages, this.options.concurrency, async (page, index) => {
      const stored = await this.writePage(page, { episodeId, seed32, pageNumber: index + 1 }, written);
      input.onProgress?.({ stage: 'store', done: ++done, total: input.pages.length });
      return { episode_id: episodeId, page_number: index + 1, ...stored } satisfies NewPage;
    });
    const thumbnailPath = input.thumbnail
      ? await this.putEpisodeThumbnail(storageKeys.episodeThumbnail(episodeId, seed32), input.thumbnail, written)
      : await this.writeEpisodeThumbnail({ episodeId, seed32, pixels: input.pages[0]!.pixels }, written);
    return { pages: rows, thumbnailPath, prefix: storageKeys.episodePrefix(episodeId, seed32) };
  }

  /**
   * The episode's thumbnail made from its first page's pixels and stored (under `version` when it
   * replaces a live one: stored objects are never overwritten); returns its key, also pushed to `written`.
   */
  async writeEpisodeThumbnail(
    input: { episodeId: number; seed32: number; pixels: RawImage; version?: string },
    written: string[],
  ): Promise<string> {
    const webp = await this.images.makeCover(
      await this.images.encodeJpeg(input.pixels),
      EPISODE_THUMBNAIL_SIZE.width,
      EPISODE_THUMBNAIL_SIZE.height,
    );
    return this.putEpisodeThumbnail(
      storageKeys.episodeThumbnail(input.episodeId, input.seed32, input.version),
      webp,
      written,
    );
  }

  private async putEpisodeThumbnail(key: string, webp: Uint8Array, written: string[]): Promise<string> {
    await this.storage.put(key, webp, 'image/webp');
    written.push(key);
    return key;
  }

  /** Shrinks a normalised page to the data saver's width, scrambles it with the episode's seed and stores it. */
  async writeLightPage(
    page: { episodeId: number; seed32: number; pageNumber: number; version?: string },
    pixels: RawImage,
    written: string[],
  ): Promise<Omit<LightTierPage, 'page_number' | 'storage_key'>> {
    const small = await this.images.shrinkPage(pixels, {
      targetWidth: pixels.width * this.options.lightScale,
      multiple: PAGE_SIZE_MULTIPLE,
    });
    const rects = scrambleRects(small.width, small.height, page.seed32, SCRAMBLE_FORMULA);
    const jpeg = await this.images.scramble(small, rects, { quality: this.options.lightJpegQuality });
    const key = storageKeys.lightPage(page.episodeId, page.seed32, page.pageNumber, page.version);
    await this.storage.put(key, jpeg, 'image/jpeg');
    written.push(key);
    return { light_width: small.width, light_height: small.height, light_bytes: jpeg.length, light_storage_key: key };
  }

  /**
   * One normalised page in both tiers, scrambled with the episode's seed and stored: its row's image
   * columns. The one per-page writer of imports, uploads and the console's page replacement (ADR 061,
   * where `version` names the replacement's own folder). Every key written goes to `written`.
   */
  async writePage(
    page: PreparedPage,
    at: { episodeId: number; seed32: number; pageNumber: number; version?: string },
    written: string[],
  ): Promise<Omit<NewPage, 'episode_id' | 'page_number'>> {
    assertSeed(at.seed32);
    const { pixels, patches } = page;
    assertPageSize(pixels);
    // The hash identifies the normalised page (labels included) before scrambling.
    const sha256 = this.images.pixelDigest(pixels, patches);
    const rects = scrambleRects(pixels.width, pixels.height, at.seed32, SCRAMBLE_FORMULA);
    const jpeg = await this.images.scramble(pixels, rects, { quality: this.options.jpegQuality, patches });
    const key = storageKeys.page(at.episodeId, at.seed32, at.pageNumber, at.version);
    await this.storage.put(key, jpeg, 'image/jpeg');
    written.push(key);
    const light = await this.writeLightPage(
      at,
      patches?.length ? this.images.overlay(pixels, patches) : pixels,
      written,
    );
    return {
      width: pixels.width,
      height: pixels.height,
      bytes: jpeg.length,
      sha256,
      media_type: 'image/jpeg',
      storage_key: key,
      ...light,
    };
  }

  /**
   * A stored page derivative read back and unscrambled with the episode's seed: the normalised page's
   * pixels (for the data saver's backfill and the editors' preview). Undefined when the object is missing.
   */
  async readStoredPage(storageKey: string, seed32: number): Promise<RawImage | undefined> {
    const stored = await this.storage.findObject(storageKey);
    if (!stored) return undefined;
    const scrambled = await this.images.decode(stored.body);
    return this.images.moveTiles(scrambled, tileRects(scrambled.width, scrambled.height, seed32, SCRAMBLE_FORMULA));
  }

  /**
   * Crops each art source to its size and stores it as WebP; returns the title's path columns. `region`
   * (source pixels) is cut first, for the art an editor cropped; `version` goes into the keys.
   */
  /**
   * A top-page banner (ADR 074): the upload cut to the banner size (TITLE_ART_SIZES.banner) as WebP,
   * through the same pipeline as title art; the key is pushed to `written` once stored.
   */
  async ingestBannerImage(advertisementId: number, source: Uint8Array, written: string[], version: string) {
    const { width, height } = TITLE_ART_SIZES.banner;
    let webp: Buffer;
    try {
      webp = await this.images.makeCover(source, width, height);
    } catch (error) {
      throw new IngestError('invalid_page', `banner ${advertisementId}: ${(error as Error).message}`, { cause: error });
    }
    const key = storageKeys.bannerImage(advertisementId, version);
    await this.storage.put(key, webp, 'image/webp');
    written.push(key);
    return key;
  }

  async ingestTitleArt(
    titleId: number,
    sources: TitleArtSources,
    written: string[],
    options: { region?: ImageRegion; version?: string } = {},
  ): Promise<TitleArtPaths> {
    const kinds = Object.keys(TITLE_ART_SIZES) as TitleArtKind[];
    const keys = await Promise.all(
      kinds.map(async (kind) => {
        const size = TITLE_ART_SIZES[kind];
        const source = sources[kind] ?? sources.thumbnail;
        let webp: Buffer;
        try {
          webp = await this.images.makeCover(source, size.width, size.height, { region: options.region });
        } catch (error) {
          throw new IngestError('invalid_page', `${kind} art for title ${titleId}: ${(error as Error).message}`, {
            cause: error,
          });
        }
        const key = storageKeys.titleArt(titleId, kind, options.version);
        await this.storage.put(key, webp, 'image/webp');
        written.push(key);
        return key;
      }),
    );
    const [thumbnail, thumbnailRect, banner, feature] = keys as [string, string, string, string];
    return {
      thumbnail_path: thumbnail,
      thumbnail_rect_path: thumbnailRect,
      banner_path: banner,
      feature_path: feature,
    };
  }

  /**
   * Imports one episode: validates every page, writes the derivatives under a prefix of their own,
   * then inserts the title (when asked and missing), the episode and its pages in one transaction.
   * On any failure the objects written are deleted and no row changes. Replaced pages' old objects
   * are deleted after the commit.
   */
  async ingestEpisodePages(input: IngestEpisodeInput): Promise<IngestedEpisode> {
    const { titleId, episodeId, seed32 } = input;
    assertSeed(seed32);
    if (input.episode.id !== episodeId || input.episode.title_id !== titleId) {
      throw new IngestError('invalid_input', 'The episode row does not match titleId/episodeId');
    }
    const normalised = await this.normalisePages(input.pages, input.onProgress);

    const titleExists = await this.store.hasTitle(titleId);
    if (!titleExists && !input.title) throw new IngestError('title_missing', `Title ${titleId} does not exist`);
    const previousKeys = await this.store.listEpisodeStorageKeys(episodeId);
    const prefix = storageKeys.episodePrefix(episodeId, seed32);
    if (previousKeys.some((key) => key.startsWith(prefix))) {
      throw new IngestError(
        'seed_in_use',
        `Episode ${episodeId} already uses seed ${seed32}; replace it with a new seed`,
      );
    }

    const written: string[] = [];
    try {
      let titleRow: NewTitle | undefined;
      if (!titleExists && input.title) {
        const art = await this.ingestTitleArt(titleId, input.title.art, written);
        titleRow = { ...input.title.row, ...art, id: titleId };
      }
      const derivatives = await this.writeEpisodeDerivatives(
        { episodeId, seed32, pages: normalised.map((page) => ({ pixels: page.pixels })), onProgress: input.onProgress },
        written,
      );
      const episode: NewEpisode = {
        ...input.episode,
        page_count: derivatives.pages.length,
        scramble_seed: seed32,
        thumbnail_path: derivatives.thumbnailPath,
      };
      await this.store.commitEpisode({
        title: titleRow,
        episode,
        pages: derivatives.pages,
        audit: input.auditOf?.(episode),
      });
      await this.deleteQuietly(previousKeys);
      return {
        episodeId,
        seed32,
        pageCount: derivatives.pages.length,
        pages: derivatives.pages,
        titleCreated: !!titleRow,
      };
    } catch (error) {
      await this.deleteQuietly(written);
      throw error;
    }
  }

  /** Best-effort cleanup; a failure to delete must not hide the error that caused it. */
  private async deleteQuietly(keys: readonly string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
  }
}

export function assertSeed(seed32: number): void {
  if (!Number.isInteger(seed32) || seed32 <= 0 || seed32 > 0xffffffff) {
    throw new IngestError('invalid_input', `Scramble seed must be a non-zero unsigned 32-bit integer, got ${seed32}`);
  }
}

function assertPageSize(pixels: RawImage): void {
  if (pixels.width % PAGE_SIZE_MULTIPLE !== 0 || pixels.height % PAGE_SIZE_MULTIPLE !== 0) {
    throw new IngestError(
      'invalid_input',
      `Page size ${pixels.width}×${pixels.height} is not a multiple of ${PAGE_SIZE_MULTIPLE}`,
    );
  }
}

/**
 * Maps with at most `limit` calls in flight; results keep the input order. After the first failure
 * no new call starts, and the error is thrown only once the calls in flight have settled, so a
 * caller's cleanup never races a write that is still running.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}
