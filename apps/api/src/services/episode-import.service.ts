// The operators' import (`npm run import`, import.cli.ts; architecture §6): a folder or CBZ becomes
// one episode through the ingest pipeline. This service owns the request's checks and the rows it
// makes (a missing title only when named, a new episode published at once, a replaced one keeping its
// place and price); IngestService owns the pages, their objects and the all-or-nothing commit.
import { buildSearchText, PublishCategory, randomScrambleSeed } from '@manga/contracts';
// A title imported without a cover gets the demo catalogue's drawn cover art.
import { ART_PALETTES } from '#src/demo/images/art-palettes.ts';
import { coverSvg } from '#src/demo/images/cover-art.ts';
import type { ArchiveRepository } from '#src/repositories/archive.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ImageProcessorRepository } from '#src/repositories/image-processor.repository.ts';
import { importedEpisodeRow } from '#src/rules/imported-episode.rules.ts';
import { TITLE_TICKET_DEFAULTS } from '#src/rules/title-ticket.rules.ts';
import {
  type IngestEpisodeInput,
  IngestError,
  type IngestedEpisode,
  type IngestService,
  type IngestStore,
  TITLE_ART_SIZES,
  TITLE_ID_RANGE,
  type TitleArtSources,
} from '#src/services/ingest.service.ts';

/** What `npm run import` asks for (see import.cli.ts). */
export interface ImportEpisodeRequest {
  /** A folder of images or a .cbz/.zip file. */
  source: string;
  titleId: number;
  episodeId: number;
  /** Episode name (both languages); defaults to the current name or "Chapter N". */
  episodeName?: string;
  /** Required when the title does not exist yet: it is then created with this name. */
  titleName?: string;
  /** Price in points; defaults to the current price or 0 (free). */
  point?: number;
  /** Cover image for a new title; a placeholder cover is drawn without one. */
  coverPath?: string;
}

export interface ImportedEpisode extends IngestedEpisode {
  titleId: number;
  replaced: boolean;
}

export interface EpisodeImportDeps {
  ingest: Pick<IngestService, 'ingestEpisodePages'>;
  store: Pick<IngestStore, 'hasTitle' | 'findEpisodeById' | 'nextSortIndex'>;
  archive: Pick<ArchiveRepository, 'readPages'>;
  images: Pick<ImageProcessorRepository, 'renderSvgToPng'>;
  clock: ClockRepository;
  /** Source of scramble seeds (e.g. CryptoRepository.randomU32). */
  randomU32: () => number;
}

export class EpisodeImportService {
  constructor(private readonly deps: EpisodeImportDeps) {}

  /**
   * Imports a folder or CBZ as one episode: creates the title when `titleName` is given and it is
   * missing, creates the episode or replaces its pages (with a fresh scramble seed), all or nothing.
   */
  async importEpisode(request: ImportEpisodeRequest): Promise<ImportedEpisode> {
    const { titleId } = request;
    if (!Number.isInteger(titleId) || titleId < TITLE_ID_RANGE.min || titleId > TITLE_ID_RANGE.max) {
      throw new IngestError(
        'invalid_input',
        `Title id must have 5 digits (${TITLE_ID_RANGE.min}–${TITLE_ID_RANGE.max}), got ${titleId}`,
      );
    }
    if (!Number.isInteger(request.episodeId) || request.episodeId < 1) {
      throw new IngestError('invalid_input', `Episode id must be a positive integer, got ${request.episodeId}`);
    }
    if (request.point !== undefined && (!Number.isInteger(request.point) || request.point < 0)) {
      throw new IngestError('invalid_input', `Point must be a non-negative integer, got ${request.point}`);
    }
    const { archive, store } = this.deps;

    const titleExists = await store.hasTitle(titleId);
    if (!titleExists && !request.titleName?.trim()) {
      throw new IngestError('title_missing', `Title ${titleId} does not exist; pass --title-name to create it`);
    }
    const { episodeId } = request;
    const existing = await store.findEpisodeById(episodeId);
    if (existing && existing.title_id !== titleId) {
      throw new IngestError(
        'invalid_input',
        `Episode ${episodeId} belongs to title ${existing.title_id}, not ${titleId}`,
      );
    }
    const pages = await archive.readPages(request.source);
    const cover = request.coverPath ? (await archive.readPages(request.coverPath))[0] : undefined;

    const now = this.deps.clock.now();
    const sortIndex = existing?.sort_index ?? (titleExists ? await store.nextSortIndex(titleId) : 1);
    const name = request.episodeName?.trim() || undefined;
    const seed32 = randomScrambleSeed(this.deps.randomU32);
    // A new episode is published at once.
    const episode = importedEpisodeRow({
      id: episodeId,
      titleId,
      sortIndex,
      nameEn: name,
      nameJa: name,
      point: request.point ?? existing?.point ?? 0,
      startAt: now,
      seed32,
      now,
      existing,
    });
    let title: IngestEpisodeInput['title'];
    if (!titleExists) {
      const titleName = request.titleName!.trim();
      const art = cover ? { thumbnail: cover.bytes } : await this.placeholderTitleArt(titleId, titleName);
      title = {
        art,
        row: {
          id: titleId,
          name_en: titleName,
          name_ja: titleName,
          search_text: buildSearchText([titleName]),
          publish_category: PublishCategory.Serializing,
          weekday_index: null,
          free_first_count: 1,
          ticket_enabled: 1,
          ...TITLE_TICKET_DEFAULTS,
          ticket_version: 1,
          magazine_category_id: null,
          free_until_at: null,
          published_at: now,
          created_at: now,
          updated_at: now,
        },
      };
    }
    const result = await this.deps.ingest.ingestEpisodePages({ titleId, episodeId, seed32, pages, episode, title });
    return { ...result, titleId, replaced: existing !== undefined };
  }

  private async placeholderTitleArt(titleId: number, titleName: string): Promise<TitleArtSources> {
    const palette = ART_PALETTES[titleId % ART_PALETTES.length]!;
    const draw = (size: { width: number; height: number }) =>
      this.deps.images.renderSvgToPng(coverSvg({ ...size, seed: titleId, palette, titleName, authorName: '' }));
    const [thumbnail, thumbnailRect, banner, feature] = await Promise.all([
      draw(TITLE_ART_SIZES.thumbnail),
      draw(TITLE_ART_SIZES.thumbnailRect),
      draw(TITLE_ART_SIZES.banner),
      draw(TITLE_ART_SIZES.feature),
    ]);
    return { thumbnail, thumbnailRect, banner, feature };
  }
}
