// Titles and episodes in the wire §3.1 shapes (/title/list, /episode/list) and the title and
// episode pages around them: detail, weekly, events, supplement, pointback, updates, first episode,
// next time, share (ADR 009). Title objects are cached per title and locale for a few seconds.
// Whether an episode is released, free or open is EntitlementService's answer, never decided here.
import { type Locale, RankingId, ResponseCode, type Title, TitleEventType, uniqueIds } from '@manga/contracts';
import type { EpisodeRow, MagazineCategoryRow, TagRow } from '#src/db/schema.ts';
import {
  isCampaignShown,
  limitedTimeFreeText,
  nextUpdatedText,
  type TitleBundle,
  toEpisodeResponse,
  toEpisodeShareResponse,
  toNextTimeEpisodeResponse,
  toTitleEventResponse,
  toTitleResponse,
  toTitleSupplementResponse,
  toWebEpisodeResponse,
  toWebTitleResponse,
} from '#src/mappers/catalogue.mapper.ts';
import { toTitleAgeGateResponse } from '#src/mappers/episode-access.mapper.ts';
import { localized, type MediaUrls, type RenderContext } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { TitleListing } from '#src/repositories/title.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ANONYMOUS_READER, type EpisodeAccess, isTitlePublished, type Reader } from '#src/rules/entitlement.rules.ts';
import { weekdayIndexOf, wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import type { EntitlementService, EpisodeAccessAnswer } from '#src/services/entitlement.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface TitleSource {
  listTitlesByIds(ids: readonly number[], now: number): Promise<TitleListing[]>;
  listWeeklyTitles(now: number): Promise<{ id: number; weekday_index: number | null; published_at: number }[]>;
  listTitleIdsUpdatedBetween(from: number, to: number, now: number): Promise<number[]>;
  listCampaignTitles(now: number): Promise<
    {
      id: number;
      free_until_at: number | null;
      campaign_text: string;
      campaign_text_ja: string;
      campaign_start_at: number | null;
      campaign_end_at: number | null;
    }[]
  >;
  listEpisodeFreeWindowTitles(now: number): Promise<{ title_id: number; free_until_at: number }[]>;
  listTagsByTitle(titleId: number): Promise<TagRow[]>;
}

export interface EpisodeSource {
  listEpisodesByIds(ids: readonly number[], now: number): Promise<EpisodeRow[]>;
  listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]>;
  listNextEpisodeStarts(
    titleIds: readonly number[],
    now: number,
  ): Promise<{ title_id: number; next_start_at: number }[]>;
  findNextEpisode(titleId: number, sortIndex: number): Promise<EpisodeRow | undefined>;
  listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]>;
}

/** The reader's opened and finished episodes, for the read marks of episode answers. */
export interface EpisodeViewSource {
  listEpisodeViews(
    userId: number,
    episodeIds: readonly number[],
  ): Promise<{ episode_id: number; finished_at: number | null }[]>;
}

export interface MagazineSource {
  listMagazinesByIds(ids: readonly number[]): Promise<{ id: number; name_en: string; name_ja: string }[]>;
  listMagazineCategories(): Promise<MagazineCategoryRow[]>;
}

/** Ranking order used by the weekly page ("popular", "feature"). */
export interface PopularitySource {
  listRankingTitleIds(rankingId: number, offset: number, limit: number): Promise<number[]>;
}

export interface CatalogueContext {
  locale: Locale;
}

/** Episode answers carry the reader's access: lists, /web/episode, the first episode. */
export interface EpisodeListContext extends CatalogueContext {
  reader: Reader;
}

export interface CatalogueServiceDeps {
  titles: TitleSource;
  episodes: EpisodeSource;
  magazines: MagazineSource;
  popularity: PopularitySource;
  entitlement: Pick<EntitlementService, 'findEpisodeAccess' | 'decideEpisodeAccess' | 'decideTitleAgeAccess'>;
  views: EpisodeViewSource;
  clock: ClockRepository;
  urls: MediaUrls;
  cache: TtlCache;
}

export interface CatalogueOptions {
  timeZone: string;
  webPublicUrl: string;
}

const NEW_TITLE_DAYS = 30;
const DAY_MS = 86_400_000;

export class CatalogueService {
  constructor(
    private readonly deps: CatalogueServiceDeps,
    private readonly options: CatalogueOptions,
  ) {}

  /** Unknown and unpublished ids are left out silently, in the order asked (wire §3.3). */
  async listTitles(ids: readonly number[], { locale }: CatalogueContext): Promise<Title[]> {
    const wanted = uniqueIds(ids);
    const found = await this.deps.cache.getOrLoadMany(
      wanted,
      (id) => `title:${locale}:${id}`,
      async (missing) => {
        const now = this.deps.clock.now();
        const bundles = await this.listTitleBundles(missing, now);
        const ctx = this.renderContext(locale, now);
        return new Map(bundles.map((bundle) => [bundle.title.id, toTitleResponse(bundle, ctx)]));
      },
    );
    return wanted.flatMap((id) => found.get(id) ?? []);
  }

  /** Released episodes of published titles among `ids`, in order, with the reader's access and read marks. */
  async listEpisodes(ids: readonly number[], { locale, reader }: EpisodeListContext) {
    const now = this.deps.clock.now();
    const rows = await this.releasedEpisodes(ids, now);
    const [titles, magazines] = await Promise.all([
      this.titleListings(uniqueIds(rows.map((r) => r.title_id)), now),
      this.magazinesByIds(uniqueIds(rows.flatMap((r) => (r.magazine_id === null ? [] : [r.magazine_id])))),
    ]);
    const titleById = new Map(titles.map((t) => [t.title.id, t]));
    const listed = rows.flatMap((episode) => {
      const listing = titleById.get(episode.title_id);
      return listing ? [{ episode, listing }] : [];
    });
    const [access, views] = await Promise.all([
      this.deps.entitlement.decideEpisodeAccess(reader, listed, now),
      reader.user && listed.length > 0
        ? this.deps.views.listEpisodeViews(
            reader.user.userId,
            listed.map(({ episode }) => episode.id),
          )
        : [],
    ]);
    const viewById = new Map(views.map((view) => [view.episode_id, view]));
    const magazineById = new Map(magazines.map((m) => [m.id, m]));
    const ctx = this.renderContext(locale, now);
    return listed.flatMap(({ episode }, index) => {
      const answer = access[index] as EpisodeAccess;
      if (answer.reason === 'unreleased') return []; // an episode of an unpublished title
      const magazine = episode.magazine_id === null ? undefined : magazineById.get(episode.magazine_id);
      const view = viewById.get(episode.id);
      const viewed = { opened: view !== undefined, finished: view !== undefined && view.finished_at !== null };
      return [toEpisodeResponse(episode, magazine, answer, ctx, viewed)];
    });
  }

  // The catalogue rows an episode list reads, kept in the catalogue cache like every catalogue answer
  // (emptied when the revision moves or a scheduled change comes): a reader's list then costs only
  // their own reads (access, read marks). Rows are shared between callers and never changed.

  /** Released episodes among `ids`, in order (unknown and unreleased ones left out, and not kept). */
  private releasedEpisodes(ids: readonly number[], now: number): Promise<EpisodeRow[]> {
    return this.deps.cache.rowsByIds(
      'episode-row',
      ids,
      (missing) => this.deps.episodes.listEpisodesByIds(missing, now),
      (row) => row.id,
    );
  }

  /** Title listings (title, genres, authors, released episodes) of `ids`, in order. */
  private titleListings(ids: readonly number[], now: number): Promise<TitleListing[]> {
    return this.deps.cache.rowsByIds(
      'title-listing',
      ids,
      (missing) => this.deps.titles.listTitlesByIds(missing, now),
      (listing) => listing.title.id,
    );
  }

  private magazinesByIds(ids: readonly number[]) {
    return this.deps.cache.rowsByIds(
      'magazine-name',
      ids,
      (missing) => this.deps.magazines.listMagazinesByIds(missing),
      (magazine) => magazine.id,
    );
  }

  /** GET /web/title/detail: 3000 for an unknown or unpublished title. */
  async getWebTitleDetail(titleId: number, { locale }: CatalogueContext) {
    const now = this.deps.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    return { web_title: toWebTitleResponse(bundle, this.renderContext(locale, now)) };
  }

  /** GET /title/weekly: serialised titles per weekday (wire time zone), with the titles themselves. */
  async getWeekly(ctx: CatalogueContext) {
    return this.deps.cache.getOrLoad(`weekly:${ctx.locale}`, async () => {
      const now = this.deps.clock.now();
      const today = wireDate(now, this.options.timeZone);
      const [weekly, popular, bonusEpisodes] = await Promise.all([
        this.deps.titles.listWeeklyTitles(now),
        this.deps.popularity.listRankingTitleIds(RankingId.All, 0, 10_000),
        this.deps.episodes.listBonusEpisodes(now, 1_000),
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
    return this.deps.cache.getOrLoad(`events:${ctx.locale}`, async () => {
      const now = this.deps.clock.now();
      const [campaigns, windows] = await Promise.all([
        this.deps.titles.listCampaignTitles(now),
        this.deps.titles.listEpisodeFreeWindowTitles(now),
      ]);
      const campaignIds = new Set(campaigns.map((c) => c.id));
      const events = [
        ...campaigns.map((c) => ({
          titleId: c.id,
          type: TitleEventType.TitleFree,
          text: isCampaignShown(c, now) ? localized(c.campaign_text, c.campaign_text_ja, ctx.locale) : '',
          finishAt: c.free_until_at ?? now,
        })),
        ...windows
          .filter((w) => !campaignIds.has(w.title_id))
          .map((w) => ({
            titleId: w.title_id,
            type: TitleEventType.EpisodesFree,
            text: limitedTimeFreeText(ctx.locale),
            finishAt: w.free_until_at,
          })),
      ];
      const event_list = events.map((event) => toTitleEventResponse(event, this.options));
      const title_list = await this.listTitles(
        event_list.map((e) => e.title_id),
        ctx,
      );
      return { event_list, title_list };
    });
  }

  /** GET /title/supplement: tags, credits, magazine and ticket settings of a title. */
  async getTitleSupplement(titleId: number, { locale }: CatalogueContext) {
    const now = this.deps.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    const [tags, categories] = await Promise.all([
      this.deps.titles.listTagsByTitle(titleId),
      this.deps.cache.getOrLoad('magazine-categories', () => this.deps.magazines.listMagazineCategories()),
    ]);
    const category = categories.find((c) => c.id === bundle.title.magazine_category_id);
    return {
      title_supplement: toTitleSupplementResponse(bundle, tags, category, this.renderContext(locale, now)),
    };
  }

  /**
   * GET /web/title/age_gate (ADR 026): whether the title's age rating admits the reader and whether
   * their birthday is known, as the entitlement service decides; 3000 for an unknown title.
   */
  async getTitleAgeGate(titleId: number, { reader }: Pick<EpisodeListContext, 'reader'>) {
    const now = this.deps.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    const access = await this.deps.entitlement.decideTitleAgeAccess(reader, bundle.title, now);
    return { age_gate: toTitleAgeGateResponse(titleId, access) };
  }

  /** GET /title/pointback: released episodes of a title that give points back. */
  async getTitlePointback(titleId: number) {
    const now = this.deps.clock.now();
    await this.getTitleBundle(titleId, now);
    const episodes = (await this.deps.episodes.listEpisodesByTitle(titleId, now)).filter((e) => e.bonus_point > 0);
    return {
      title_id: titleId,
      total_bonus_point: episodes.reduce((sum, e) => sum + e.bonus_point, 0),
      pointback_episode_list: episodes.map((e) => ({ episode_id: e.id, bonus_point: e.bonus_point })),
    };
  }

  /** GET /web/top/updated/title: titles with an episode released on `baseDate` (wire time zone). */
  async listUpdatedTitles(baseDate: string, ctx: CatalogueContext) {
    return this.deps.cache.getOrLoad(`updated:${ctx.locale}:${baseDate}`, async () => {
      const now = this.deps.clock.now();
      const { start, end } = wireDayBounds(baseDate, this.options.timeZone);
      if (start > now) return { title_list: [] };
      const ids = await this.deps.titles.listTitleIdsUpdatedBetween(start, Math.min(end, now + 1), now);
      return { title_list: await this.listTitles(ids, ctx) };
    });
  }

  /** The `limit` titles updated latest today (wire time zone); for /web/top. */
  async listTodayTitles(limit: number, ctx: CatalogueContext): Promise<Title[]> {
    const now = this.deps.clock.now();
    const { start } = wireDayBounds(wireDate(now, this.options.timeZone), this.options.timeZone);
    const ids = await this.deps.titles.listTitleIdsUpdatedBetween(start, now + 1, now);
    return this.listTitles(ids.slice(0, limit), ctx);
  }

  /** GET /web/episode: 3100 for an unknown, unreleased or unpublished episode. */
  async getWebEpisode(episodeId: number, { locale, reader }: EpisodeListContext) {
    const now = this.deps.clock.now();
    const { episode, listing, access } = await this.getReleasedEpisode(reader, episodeId, now);
    return {
      episode: toWebEpisodeResponse(episode, access, this.renderContext(locale, now)),
      share: toEpisodeShareResponse(listing.title, episode, this.options.webPublicUrl, locale),
    };
  }

  /** GET /episode/share: 3100 for an unknown episode. */
  async getEpisodeShare(episodeId: number, { locale }: CatalogueContext) {
    const { episode, listing } = await this.getReleasedEpisode(ANONYMOUS_READER, episodeId, this.deps.clock.now());
    return { share: toEpisodeShareResponse(listing.title, episode, this.options.webPublicUrl, locale) };
  }

  /** GET /web/episode/first: 3000 unknown title, 3100 when nothing is released yet. */
  async getFirstEpisode(titleId: number, ctx: EpisodeListContext) {
    const now = this.deps.clock.now();
    const bundle = await this.getTitleBundle(titleId, now);
    const first = bundle.releasedEpisodes[0];
    if (!first) throw new DomainError(ResponseCode.EpisodeNotFound, 'This title has no released episode yet.');
    const [episode] = await this.listEpisodes([first.id], ctx);
    if (!episode) throw new DomainError(ResponseCode.EpisodeNotFound);
    return { title_id: titleId, episode_id: first.id, episode };
  }

  /** GET /web/episode/nexttime: the episode after this one (released or scheduled), if any. */
  async getNextTime(episodeId: number, { locale }: CatalogueContext) {
    const now = this.deps.clock.now();
    const { episode } = await this.getReleasedEpisode(ANONYMOUS_READER, episodeId, now);
    const next = await this.deps.episodes.findNextEpisode(episode.title_id, episode.sort_index);
    const ctx = this.renderContext(locale, now);
    return {
      title_id: episode.title_id,
      episode_id: episodeId,
      next_episode: next ? toNextTimeEpisodeResponse(next, ctx) : null,
      next_updated_text: next && next.start_at > now ? nextUpdatedText(next.start_at, ctx) : null,
    };
  }

  /** One published title with its next update; 3000 otherwise. */
  async getTitleBundle(titleId: number, now: number): Promise<TitleBundle> {
    const [bundle] = await this.listTitleBundles([titleId], now);
    if (!bundle) throw new DomainError(ResponseCode.TitleNotFound);
    return bundle;
  }

  private renderContext(locale: Locale, now: number): RenderContext {
    return { locale, now, urls: this.deps.urls, timeZone: this.options.timeZone };
  }

  /** The episode with the reader's access: 3100 unless it is released in a published title. */
  private async getReleasedEpisode(reader: Reader, episodeId: number, now: number): Promise<EpisodeAccessAnswer> {
    const answer = await this.deps.entitlement.findEpisodeAccess(reader, episodeId, now);
    if (!answer || answer.access.reason === 'unreleased') throw new DomainError(ResponseCode.EpisodeNotFound);
    return answer;
  }

  /**
   * Published titles with their next update and the access of their released episodes. Title
   * objects are the same for every reader (they are cached), so access is decided for nobody.
   */
  private async listTitleBundles(ids: readonly number[], now: number): Promise<TitleBundle[]> {
    const listings = (await this.deps.titles.listTitlesByIds(ids, now)).filter((l) => isTitlePublished(l.title, now));
    const [nextStartRows, access] = await Promise.all([
      this.deps.episodes.listNextEpisodeStarts(
        listings.map((l) => l.title.id),
        now,
      ),
      this.deps.entitlement.decideEpisodeAccess(
        ANONYMOUS_READER,
        listings.flatMap((listing) => listing.releasedEpisodes.map((episode) => ({ episode, listing }))),
        now,
      ),
    ]);
    const nextStarts = new Map(nextStartRows.map((row) => [row.title_id, row.next_start_at]));
    let offset = 0;
    return listings.map((listing) => {
      const releasedEpisodeAccess = access.slice(offset, offset + listing.releasedEpisodes.length);
      offset += listing.releasedEpisodes.length;
      return { ...listing, nextEpisodeStartAt: nextStarts.get(listing.title.id) ?? null, releasedEpisodeAccess };
    });
  }
}
