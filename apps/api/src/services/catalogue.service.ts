// Titles and episodes in the WIRE.md §3.1 shapes (/title/list, /episode/list) and the title and
// episode pages around them: detail, weekly, events, supplement, pointback, updates, first episode,
// next time, share (ADR 009). Title objects are cached per title and locale for a few seconds.

import { formatWireDateTime, ResponseCode, type Title } from '@manga/contracts';
import type { EpisodeRow, TagRow, TitleRow } from '#src/db/schema.ts';
import {
  type EpisodeAccess,
  type MapperContext,
  nextUpdatedTextFor,
  toEpisodeResponse,
  toEpisodeShareResponse,
  toTitleResponse,
  toWebEpisodeResponse,
  toWebTitleResponse,
} from '#src/mappers/catalogue.mapper.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { DomainError } from '#src/services/domain-error.ts';
import type { EpisodeOwnership, EpisodeOwnershipReader } from '#src/services/episode-ownership.ts';
import { isEpisodeFree } from '#src/services/free-window.rule.ts';
import type { MediaUrlSigner } from '#src/services/media-url.signer.ts';
import type { TtlCache } from '#src/services/ttl-cache.ts';
import { weekdayIndexOf, wireDate, wireDayBounds } from '#src/services/wire-calendar.ts';

/** A title with what its wire shape needs (TitleRepository.listTitlesByIds). */
export interface TitleListing {
  title: TitleRow;
  genreIds: number[];
  authors: { author_id?: number; name_en: string; name_ja: string; role?: string }[];
  /** Released episodes of the title, by sort_index ascending. */
  releasedEpisodes: { id: number; sort_index: number; point: number; start_at: number; free_until_at: number | null }[];
}

export interface TitleBundle extends TitleListing {
  /** Start of the next scheduled (unreleased) episode, if any. */
  nextEpisodeStartAt: number | null;
}

export interface TitleReader {
  listTitlesByIds(ids: readonly number[], now: number): Promise<TitleListing[]>;
  listWeeklyTitles(now: number): Promise<{ id: number; weekday_index: number | null; published_at: number }[]>;
  listTitleIdsUpdatedBetween(from: number, to: number, now: number): Promise<number[]>;
  listCampaignTitles(now: number): Promise<{ id: number; free_until_at: number | null; campaign_text: string }[]>;
  listEpisodeFreeWindowTitles(now: number): Promise<{ title_id: number; free_until_at: number }[]>;
  listTagsByTitle(titleId: number): Promise<TagRow[]>;
}

export interface EpisodeReader {
  listEpisodesByIds(ids: readonly number[], now: number): Promise<EpisodeRow[]>;
  listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]>;
  listNextEpisodeStarts(titleIds: readonly number[], now: number): Promise<Map<number, number>>;
  findEpisodeById(id: number): Promise<EpisodeRow | undefined>;
  findNextEpisode(titleId: number, sortIndex: number): Promise<EpisodeRow | undefined>;
  listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]>;
}

export interface MagazineReader {
  listMagazinesByIds(ids: readonly number[]): Promise<{ id: number; name_en: string; name_ja: string }[]>;
  listMagazineCategories(options: { searchOnly: boolean }): Promise<{ id: number; name_en: string; name_ja: string }[]>;
}

/** Ranking order used by the weekly page ("popular", "feature"). */
export interface PopularityReader {
  listRankingTitleIds(rankingId: number, offset: number, limit: number): Promise<number[]>;
}

export interface CatalogueContext {
  locale: Locale;
  /** The logged-in reader, whose purchases and rentals set episode badges (ADR 014). */
  userId?: number;
}

/** A released episode of a published title, with the title's listing (for free windows). */
export interface ReadableEpisode {
  episode: EpisodeRow;
  listing: TitleListing;
  free: boolean;
}

export interface CatalogueOptions {
  timeZone: string;
  webPublicUrl: string;
}

const ALL_RANKING_ID = 12;
const NEW_TITLE_DAYS = 30;
const DAY_MS = 86_400_000;
const EVENT_TITLE_FREE = 1;
const EVENT_EPISODE_FREE = 2;

export class CatalogueService {
  constructor(
    private readonly titles: TitleReader,
    private readonly episodes: EpisodeReader,
    private readonly magazines: MagazineReader,
    private readonly popularity: PopularityReader,
    private readonly clock: ClockRepository,
    private readonly urls: MediaUrlSigner,
    private readonly cache: TtlCache,
    private readonly options: CatalogueOptions,
    private readonly ownership?: EpisodeOwnershipReader,
  ) {}

  /** Unknown and unpublished ids are left out silently, in the order asked (WIRE.md §3.3). */
  async listTitles(ids: readonly number[], { locale }: CatalogueContext): Promise<Title[]> {
    const wanted = [...new Set(ids)];
    const found = await this.cache.getOrLoadMany(
      wanted,
      (id) => `title:${locale}:${id}`,
      async (missing) => {
        const now = this.clock.now();
        const bundles = await this.listTitleBundles(missing, now);
        const ctx = this.mapperContext(locale, now);
        return new Map(bundles.map((bundle) => [bundle.title.id, toTitleResponse(bundle, ctx)]));
      },
    );
    return wanted.flatMap((id) => found.get(id) ?? []);
  }

  async listEpisodes(ids: readonly number[], { locale, userId }: CatalogueContext) {
    const now = this.clock.now();
    const rows = await this.episodes.listEpisodesByIds(ids, now);
    const [titles, magazines, owned] = await Promise.all([
      this.titles.listTitlesByIds(unique(rows.map((r) => r.title_id)), now),
      this.magazines.listMagazinesByIds(unique(rows.flatMap((r) => (r.magazine_id === null ? [] : [r.magazine_id])))),
      userId === undefined || !this.ownership
        ? new Map<number, EpisodeOwnership>()
        : this.ownership.listOwnership(
            userId,
            rows.map((r) => r.id),
            now,
          ),
    ]);
    const titleById = new Map(titles.filter((t) => isPublished(t, now)).map((t) => [t.title.id, t]));
    const magazineById = new Map(magazines.map((m) => [m.id, m]));
    const ctx = this.mapperContext(locale, now);
    return rows.flatMap((row) => {
      const listing = titleById.get(row.title_id);
      if (!listing) return []; // an episode of an unpublished title
      const access: EpisodeAccess = { free: isFreeIn(row, listing, now), ownership: owned.get(row.id) };
      const magazine = row.magazine_id === null ? undefined : magazineById.get(row.magazine_id);
      return [toEpisodeResponse(row, magazine, access, ctx)];
    });
  }

  /** GET /web/title/detail: 3000 for an unknown or unpublished title. */
  async getWebTitleDetail(titleId: number, { locale }: CatalogueContext) {
    const now = this.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    return { web_title: toWebTitleResponse(bundle, this.mapperContext(locale, now)) };
  }

  /** GET /title/weekly: serialised titles per weekday (wire time zone), with the titles themselves. */
  async getWeekly(ctx: CatalogueContext) {
    return this.cache.getOrLoad(`weekly:${ctx.locale}`, async () => {
      const now = this.clock.now();
      const today = wireDate(now, this.options.timeZone);
      const [weekly, popular, bonusEpisodes] = await Promise.all([
        this.titles.listWeeklyTitles(now),
        this.popularity.listRankingTitleIds(ALL_RANKING_ID, 0, 10_000),
        this.episodes.listBonusEpisodes(now, 1_000),
      ]);
      const bonusTitleIds = new Set(bonusEpisodes.map((e) => e.title_id));
      const rank = new Map(popular.map((id, position) => [id, position]));
      const byRank = (a: number, b: number) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a - b;
      const titles = await this.listTitles(
        weekly.map((t) => t.id),
        ctx,
      );
      const titleById = new Map(titles.map((t) => [t.title_id, t]));
      const weekly_list = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
        const ids = weekly.filter((t) => t.weekday_index === weekday && titleById.has(t.id)).map((t) => t.id);
        const ranked = [...ids].sort(byRank);
        return {
          weekday_index: weekday,
          title_id_list: ids,
          feature_title_id: ranked[0] ?? 0,
          bonus_point_title_id: ids.filter((id) => bonusTitleIds.has(id)),
          popular_title_id_list: ranked.slice(0, 5),
          new_title_id_list: weekly
            .filter(
              (t) =>
                t.weekday_index === weekday && titleById.has(t.id) && t.published_at > now - NEW_TITLE_DAYS * DAY_MS,
            )
            .map((t) => t.id),
        };
      });
      return { today_weekday_index: weekdayIndexOf(today), weekly_list, title_list: titles };
    });
  }

  /** GET /title/event/list: running free campaigns (whole title, then episode windows). */
  async listEventTitles(ctx: CatalogueContext) {
    return this.cache.getOrLoad(`events:${ctx.locale}`, async () => {
      const now = this.clock.now();
      const [campaigns, windows] = await Promise.all([
        this.titles.listCampaignTitles(now),
        this.titles.listEpisodeFreeWindowTitles(now),
      ]);
      const format = (at: number) => formatTime(at, this.options.timeZone);
      const campaignIds = new Set(campaigns.map((c) => c.id));
      const event_list = [
        ...campaigns.map((c) => ({
          title_id: c.id,
          event_type: EVENT_TITLE_FREE,
          event_text: c.campaign_text,
          finish_time: format(c.free_until_at ?? now),
        })),
        ...windows
          .filter((w) => !campaignIds.has(w.title_id))
          .map((w) => ({
            title_id: w.title_id,
            event_type: EVENT_EPISODE_FREE,
            event_text: ctx.locale === 'ja' ? '期間限定無料' : 'Free for a limited time',
            finish_time: format(w.free_until_at),
          })),
      ];
      const title_list = await this.listTitles(
        event_list.map((e) => e.title_id),
        ctx,
      );
      return { event_list, title_list };
    });
  }

  /** GET /title/supplement: tags, credits, magazine and ticket settings of a title. */
  async getTitleSupplement(titleId: number, { locale }: CatalogueContext) {
    const now = this.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    const [tags, categories] = await Promise.all([
      this.titles.listTagsByTitle(titleId),
      this.cache.getOrLoad('magazine-categories', () => this.magazines.listMagazineCategories({ searchOnly: false })),
    ]);
    const { title } = bundle;
    const category = categories.find((c) => c.id === title.magazine_category_id);
    const pick = (en: string, ja: string) => (locale === 'ja' ? ja || en : en || ja);
    return {
      title_supplement: {
        title_id: title.id,
        title_name: pick(title.name_en, title.name_ja),
        age_rating: title.age_rating,
        weekday_index: title.weekday_index ?? 0,
        magazine_category: title.magazine_category_id ?? 0,
        magazine_category_name_text: category ? pick(category.name_en, category.name_ja) : '',
        tag_list: tags.map((tag) => ({ tag_id: tag.id, tag_name: pick(tag.name_en, tag.name_ja) })),
        author_list: bundle.authors.map((a) => ({
          author_id: a.author_id ?? 0,
          author_name: pick(a.name_en, a.name_ja),
          role: a.role ?? '',
        })),
        title_ticket_enabled: title.ticket_enabled,
        max_ticket_num: title.ticket_max,
        ticket_rental_second: title.ticket_rental_seconds,
        ticket_recover_second: title.ticket_recover_seconds,
        next_updated_text: nextUpdatedTextFor(bundle.nextEpisodeStartAt, this.mapperContext(locale, now)),
      },
    };
  }

  /** GET /title/pointback: released episodes of a title that give points back. */
  async getTitlePointback(titleId: number) {
    const now = this.clock.now();
    await this.getTitleBundle(titleId, now);
    const episodes = (await this.episodes.listEpisodesByTitle(titleId, now)).filter((e) => e.bonus_point > 0);
    return {
      title_id: titleId,
      total_bonus_point: episodes.reduce((sum, e) => sum + e.bonus_point, 0),
      pointback_episode_list: episodes.map((e) => ({ episode_id: e.id, bonus_point: e.bonus_point })),
    };
  }

  /** GET /web/top/updated/title: titles with an episode released on `baseDate` (wire time zone). */
  async listUpdatedTitles(baseDate: string, ctx: CatalogueContext) {
    return this.cache.getOrLoad(`updated:${ctx.locale}:${baseDate}`, async () => {
      const now = this.clock.now();
      const { start, end } = wireDayBounds(baseDate, this.options.timeZone);
      if (start > now) return { title_list: [] };
      const ids = await this.titles.listTitleIdsUpdatedBetween(start, Math.min(end, now + 1), now);
      return { title_list: await this.listTitles(ids, ctx) };
    });
  }

  /** The `limit` titles updated latest today (wire time zone); for /web/top. */
  async listTodayTitles(limit: number, ctx: CatalogueContext): Promise<Title[]> {
    const now = this.clock.now();
    const { start } = wireDayBounds(wireDate(now, this.options.timeZone), this.options.timeZone);
    const ids = await this.titles.listTitleIdsUpdatedBetween(start, now + 1, now);
    return this.listTitles(ids.slice(0, limit), ctx);
  }

  /** GET /web/episode: 3100 for an unknown, unreleased or unpublished episode. */
  async getWebEpisode(episodeId: number, { locale }: CatalogueContext) {
    const now = this.clock.now();
    const readable = await this.findReadableEpisode(episodeId, now);
    if (!readable) throw new DomainError(ResponseCode.EpisodeNotFound);
    const ctx = this.mapperContext(locale, now);
    return {
      episode: toWebEpisodeResponse(readable.episode, { free: readable.free }, ctx),
      share: toEpisodeShareResponse(readable.listing.title, readable.episode, this.options.webPublicUrl, locale),
    };
  }

  /** GET /episode/share: 3100 for an unknown episode. */
  async getEpisodeShare(episodeId: number, { locale }: CatalogueContext) {
    const readable = await this.findReadableEpisode(episodeId, this.clock.now());
    if (!readable) throw new DomainError(ResponseCode.EpisodeNotFound);
    return {
      share: toEpisodeShareResponse(readable.listing.title, readable.episode, this.options.webPublicUrl, locale),
    };
  }

  /** GET /web/episode/first: 3000 unknown title, 3100 when nothing is released yet. */
  async getFirstEpisode(titleId: number, ctx: CatalogueContext) {
    const now = this.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    const first = bundle.releasedEpisodes[0];
    if (!first) throw new DomainError(ResponseCode.EpisodeNotFound, 'This title has no released episode yet.');
    const [episode] = await this.listEpisodes([first.id], ctx);
    if (!episode) throw new DomainError(ResponseCode.EpisodeNotFound);
    return { title_id: titleId, episode_id: first.id, episode };
  }

  /** GET /web/episode/nexttime: the episode after this one (released or scheduled), if any. */
  async getNextTime(episodeId: number, { locale }: CatalogueContext) {
    const now = this.clock.now();
    const readable = await this.findReadableEpisode(episodeId, now);
    if (!readable) throw new DomainError(ResponseCode.EpisodeNotFound);
    const next = await this.episodes.findNextEpisode(readable.episode.title_id, readable.episode.sort_index);
    const ctx = this.mapperContext(locale, now);
    return {
      title_id: readable.episode.title_id,
      episode_id: episodeId,
      next_episode: next
        ? {
            episode_id: next.id,
            episode_name: locale === 'ja' ? next.name_ja || next.name_en : next.name_en || next.name_ja,
            start_time: formatTime(next.start_at, this.options.timeZone),
            is_released: next.start_at <= now ? 1 : 0,
          }
        : null,
      next_updated_text: next && next.start_at > now ? nextUpdatedTextFor(next.start_at, ctx) : null,
    };
  }

  /**
   * A released episode of a published title with its free flag, or undefined when readers cannot see
   * it (unknown id, scheduled, title unpublished). Used by the viewer too.
   */
  async findReadableEpisode(episodeId: number, now: number): Promise<ReadableEpisode | undefined> {
    const episode = await this.episodes.findEpisodeById(episodeId);
    if (!episode || episode.start_at > now) return undefined;
    const [listing] = await this.titles.listTitlesByIds([episode.title_id], now);
    if (!listing || !isPublished(listing, now)) return undefined;
    return { episode, listing, free: isFreeIn(episode, listing, now) };
  }

  /** One published title with its next update; 3000 otherwise. */
  async getTitleBundle(titleId: number, now: number): Promise<TitleBundle> {
    const [bundle] = await this.listTitleBundles([titleId], now);
    if (!bundle) throw new DomainError(ResponseCode.TitleNotFound);
    return bundle;
  }

  mapperContext(locale: Locale, now: number): MapperContext {
    return { locale, now, urls: this.urls, timeZone: this.options.timeZone };
  }

  private async listTitleBundles(ids: readonly number[], now: number): Promise<TitleBundle[]> {
    const listings = (await this.titles.listTitlesByIds(ids, now)).filter((l) => isPublished(l, now));
    const nextStarts = await this.episodes.listNextEpisodeStarts(
      listings.map((l) => l.title.id),
      now,
    );
    return listings.map((listing) => ({ ...listing, nextEpisodeStartAt: nextStarts.get(listing.title.id) ?? null }));
  }
}

/** Whether a released episode is free now under its title's free windows. */
export function isFreeIn(
  episode: Pick<EpisodeRow, 'id' | 'point' | 'free_until_at'>,
  listing: TitleListing,
  now: number,
): boolean {
  const position = listing.releasedEpisodes.findIndex((e) => e.id === episode.id);
  return isEpisodeFree(episode, listing.title, position, listing.releasedEpisodes.length, now);
}

/** A title is listed from its publication time on; before that it does not exist for readers. */
const isPublished = (listing: TitleListing, now: number) => listing.title.published_at <= now;

function formatTime(at: number, timeZone: string): string {
  return formatWireDateTime(new Date(at), timeZone);
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
