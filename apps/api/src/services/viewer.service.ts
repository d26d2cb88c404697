// Reading (ADR 009): the web and app viewers answer signed page URLs and the scramble seed for an
// episode the caller may read. Until commerce adds entitlements, that is a free episode (free-window
// rule) of a title the reader is old enough for; a paid one answers 3105. Each read by a person (not a
// crawler) counts a view of the title for the rankings, and a logged-in reader's history.
import { ageInYears, CRAWLER_DEFAULT_BIRTHDAY, parseBirthday, ResponseCode, type YearMonth } from '@manga/contracts';
import type { EpisodeRow, PageRow } from '#src/db/schema.ts';
import { type SeedFormat, toAdjacentEpisode, toPageUrls, toScrambleSeed } from '#src/mappers/viewer.mapper.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { birthdayFromCookies, type ConsentCookies } from '#src/services/age-gate.rule.ts';
import type { AuthUser } from '#src/services/auth-context.ts';
import { type CatalogueService, isFreeIn, type ReadableEpisode } from '#src/services/catalogue.service.ts';
import { DomainError } from '#src/services/domain-error.ts';
import { type EpisodeOwnershipReader, opensEpisode } from '#src/services/episode-ownership.ts';
import type { MediaUrlSigner } from '#src/services/media-url.signer.ts';
import { wireDate } from '#src/services/wire-calendar.ts';

export interface ViewerEpisodeReader {
  listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]>;
  listPagesByEpisode(episodeId: number): Promise<PageRow[]>;
}

export interface ViewerActivity {
  incrementActivity(titleId: number, date: string, counter: 'views'): Promise<void>;
  upsertViewHistory(userId: number, titleId: number, episodeId: number, now: number): Promise<void>;
}

export interface ViewerContext {
  locale: Locale;
  isCrawler: boolean;
  seedFormat: SeedFormat;
  cookies: ConsentCookies;
  user: AuthUser | null;
}

/** Page-slider and start position of the web viewer: the slider shown, reading from the first page. */
const PAGE_SLIDER_ON = 1;
const PAGE_START_FIRST = 0;
/** Ciao's block formula 1; our pages are multiples of 64 px, where both formulas agree (ADR 006). */
const SCRAMBLE_VER = 1;

export class ViewerService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly episodes: ViewerEpisodeReader,
    private readonly activity: ViewerActivity,
    private readonly clock: ClockRepository,
    private readonly urls: MediaUrlSigner,
    private readonly options: { timeZone: string },
    private readonly ownership?: EpisodeOwnershipReader,
  ) {}

  /** GET /web/episode/viewer */
  async getWebViewer(episodeId: number, viewer: ViewerContext) {
    const { readable, pages, neighbours, now } = await this.open(episodeId, viewer);
    const { episode, listing } = readable;
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      page_list: toPageUrls(pages, this.urls, now),
      scramble_seed: toScrambleSeed(episode, viewer.seedFormat),
      scramble_ver: SCRAMBLE_VER,
      bonus_point: episode.bonus_point,
      page_start_position: PAGE_START_FIRST,
      direction: episode.viewing_direction,
      page_slider: PAGE_SLIDER_ON,
      previous_episode: toAdjacentEpisode(
        neighbours.previous,
        neighbours.previous ? isFreeIn(neighbours.previous, listing, now) : false,
      ),
      next_episode: toAdjacentEpisode(
        neighbours.next,
        neighbours.next ? isFreeIn(neighbours.next, listing, now) : false,
      ),
      post_advertisement_list: [],
    };
  }

  /** GET /episode/viewer (app) */
  async getAppViewer(episodeId: number, viewer: ViewerContext) {
    const { readable, pages, neighbours, now } = await this.open(episodeId, viewer);
    const { episode } = readable;
    const around = [neighbours.previous, episode, neighbours.next].flatMap((e) => (e ? [e.id] : []));
    const urls = toPageUrls(pages, this.urls, now);
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      page_list: pages.map((page, index) => ({ index: page.page_number, image_url: urls[index] ?? '' })),
      episode_list: await this.catalogue.listEpisodes(around, { locale: viewer.locale, userId: viewer.user?.userId }),
      next_episode_id: neighbours.next?.id ?? null,
      prev_episode_id: neighbours.previous?.id ?? null,
      scramble_seed: toScrambleSeed(episode, viewer.seedFormat),
    };
  }

  /** The checks every viewer call starts with, in order: exists (3104), age (2016), free (3105). */
  private async open(episodeId: number, viewer: ViewerContext) {
    const now = this.clock.now();
    const readable = await this.catalogue.findReadableEpisode(episodeId, now);
    if (!readable) throw new DomainError(ResponseCode.ViewerEpisodeNotFound);
    assertOldEnoughFor(readable, viewer, now);
    if (!readable.free && !(await this.owns(viewer.user, episodeId, now))) {
      throw new DomainError(ResponseCode.EpisodeUnpurchased);
    }
    const [pages, released] = await Promise.all([
      this.episodes.listPagesByEpisode(episodeId),
      this.episodes.listEpisodesByTitle(readable.episode.title_id, now),
    ]);
    const at = released.findIndex((e) => e.id === episodeId);
    const neighbours = { previous: at > 0 ? released[at - 1] : undefined, next: released[at + 1] };
    await this.recordRead(readable, viewer, now);
    return { readable, pages, neighbours, now };
  }

  /** Bought or rented now by the logged-in reader (ADR 014). */
  private async owns(user: AuthUser | null, episodeId: number, now: number): Promise<boolean> {
    if (!user || !this.ownership) return false;
    const owned = await this.ownership.listOwnership(user.userId, [episodeId], now);
    return opensEpisode(owned.get(episodeId), now);
  }

  private async recordRead({ episode }: ReadableEpisode, viewer: ViewerContext, now: number): Promise<void> {
    if (viewer.isCrawler) return;
    await this.activity.incrementActivity(episode.title_id, wireDate(now, this.options.timeZone), 'views');
    if (viewer.user) await this.activity.upsertViewHistory(viewer.user.userId, episode.title_id, episode.id, now);
  }
}

export const AGE_RATING_UNKNOWN_MESSAGE = 'Enter your birthday to read this title.';
export const ageRatingMessage = (rating: number) => `This title is for readers aged ${rating} or older.`;

/**
 * Age-rated titles (title.age_rating > 0) need a birthday (cookie; crawlers get SPEC §4's default)
 * old enough for the rating; otherwise 2016 AccountAccessDenied with a message that says why.
 */
export function assertOldEnoughFor({ listing }: ReadableEpisode, viewer: ViewerContext, now: number): void {
  const rating = listing.title.age_rating;
  if (rating <= 0) return;
  const birthday: YearMonth | undefined = viewer.isCrawler
    ? parseBirthday(CRAWLER_DEFAULT_BIRTHDAY, new Date(now))
    : birthdayFromCookies(viewer.cookies, now);
  if (!birthday) throw new DomainError(ResponseCode.AccountAccessDenied, AGE_RATING_UNKNOWN_MESSAGE);
  if (ageInYears(birthday, new Date(now)) < rating) {
    throw new DomainError(ResponseCode.AccountAccessDenied, ageRatingMessage(rating));
  }
}
