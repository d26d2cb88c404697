// Titles and episodes in the WIRE.md §3.1 shapes, for /title/list and /episode/list.

import type { EpisodeRow, TitleRow } from '#src/db/schema.ts';
import { type EpisodeAccess, toEpisodeResponse, toTitleResponse } from '#src/mappers/catalogue.mapper.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { isEpisodeFree } from '#src/services/free-window.rule.ts';
import type { MediaUrlSigner } from '#src/services/media-url.signer.ts';

/** A title with what its wire shape needs (TitleRepository.listTitlesByIds). */
export interface TitleListing {
  title: TitleRow;
  genreIds: number[];
  authors: { name_en: string; name_ja: string }[];
  /** Released episodes of the title, by sort_index ascending. */
  releasedEpisodes: { id: number; sort_index: number; point: number; start_at: number; free_until_at: number | null }[];
}

export interface TitleBundle extends TitleListing {
  /** Start of the next scheduled (unreleased) episode, if any. */
  nextEpisodeStartAt: number | null;
}

export interface TitleReader {
  listTitlesByIds(ids: readonly number[], now: number): Promise<TitleListing[]>;
}

export interface EpisodeReader {
  listEpisodesByIds(ids: readonly number[], now: number): Promise<EpisodeRow[]>;
  listNextEpisodeStarts(titleIds: readonly number[], now: number): Promise<Map<number, number>>;
}

export interface MagazineReader {
  listMagazinesByIds(ids: readonly number[]): Promise<{ id: number; name_en: string; name_ja: string }[]>;
}

export interface CatalogueContext {
  locale: Locale;
}

export class CatalogueService {
  constructor(
    private readonly titles: TitleReader,
    private readonly episodes: EpisodeReader,
    private readonly magazines: MagazineReader,
    private readonly clock: ClockRepository,
    private readonly urls: MediaUrlSigner,
    private readonly options: { timeZone: string },
  ) {}

  /** Unknown ids are left out silently, in the order asked (WIRE.md §3.3). */
  async listTitles(ids: readonly number[], { locale }: CatalogueContext) {
    const now = this.clock.now();
    const bundles = await this.listTitleBundles(ids, now);
    return bundles.map((bundle) =>
      toTitleResponse(bundle, { locale, now, urls: this.urls, timeZone: this.options.timeZone }),
    );
  }

  async listEpisodes(ids: readonly number[], { locale }: CatalogueContext) {
    const now = this.clock.now();
    const rows = await this.episodes.listEpisodesByIds(ids, now);
    const [titles, magazines] = await Promise.all([
      this.titles.listTitlesByIds(unique(rows.map((r) => r.title_id)), now),
      this.magazines.listMagazinesByIds(unique(rows.flatMap((r) => (r.magazine_id === null ? [] : [r.magazine_id])))),
    ]);
    const titleById = new Map(titles.filter((t) => isPublished(t, now)).map((t) => [t.title.id, t]));
    const magazineById = new Map(magazines.map((m) => [m.id, m]));
    const ctx = { locale, now, urls: this.urls, timeZone: this.options.timeZone };
    return rows.flatMap((row) => {
      const listing = titleById.get(row.title_id);
      if (!listing) return []; // an episode of an unpublished title
      const access: EpisodeAccess = { free: this.isFree(row, listing, now) };
      const magazine = row.magazine_id === null ? undefined : magazineById.get(row.magazine_id);
      return [toEpisodeResponse(row, magazine, access, ctx)];
    });
  }

  private async listTitleBundles(ids: readonly number[], now: number): Promise<TitleBundle[]> {
    const listings = (await this.titles.listTitlesByIds(ids, now)).filter((l) => isPublished(l, now));
    const nextStarts = await this.episodes.listNextEpisodeStarts(
      listings.map((l) => l.title.id),
      now,
    );
    return listings.map((listing) => ({ ...listing, nextEpisodeStartAt: nextStarts.get(listing.title.id) ?? null }));
  }

  private isFree(episode: Pick<EpisodeRow, 'id' | 'point' | 'free_until_at'>, bundle: TitleListing, now: number) {
    const position = bundle.releasedEpisodes.findIndex((e) => e.id === episode.id);
    return isEpisodeFree(episode, bundle.title, position, bundle.releasedEpisodes.length, now);
  }
}

/** A title is listed from its publication time on; before that it does not exist for readers. */
const isPublished = (listing: TitleListing, now: number) => listing.title.published_at <= now;

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
