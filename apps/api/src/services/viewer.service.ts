// Reading (ADR 009, ADR 016): the web and app viewers answer signed page URLs, each page's size and
// the scramble seed of an episode the reader may open, as EntitlementService answers: unknown or
// unreleased → 3104, too young for the title's rating (a crawler always is, ADR 015) → 2016, not
// open (not free, bought or rented) → 3105. Each read by a person (not a crawler) counts a view of
// the title for the rankings, and a logged-in reader's history and the episodes they opened
// (comments need those, ADR 013); a prefetch records nothing. The last page, the finish and the page
// a logged-in reader reached are recorded for episodes they may open, so that "continue from page N"
// works on every device of the account, with the device it was left on (ADR 044). Under private
// reading (ADR 044) none of that is written: no view count, no history, no place, no finish.
import {
  type DownloadKeepReason,
  type ImageQuality,
  type Locale,
  ResponseCode,
  type ScrambleSeedFormat,
} from '@manga/contracts';
import type { EpisodeRow, PageRow } from '#src/db/schema.ts';
import { toTitleShareResponse } from '#src/mappers/catalogue.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import { localizedName } from '#src/mappers/render-context.mapper.ts';
import {
  servedImageQuality,
  toAdjacentEpisode,
  toPageSizes,
  toPageUrls,
  toScrambleSeed,
} from '#src/mappers/viewer.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { EpisodeProgress } from '#src/repositories/reading-history.repository.ts';
import { type AuthUser, type RequestAuth, requireLogin } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ANONYMOUS_READER, ageRestrictedError, type EpisodeAccess, type Reader } from '#src/rules/entitlement.rules.ts';
import { formatWireTime, wireDate } from '#src/rules/wire-calendar.rules.ts';
import type { CatalogueService } from '#src/services/catalogue.service.ts';
import type { EntitlementService, EpisodeAccessAnswer } from '#src/services/entitlement.service.ts';

export interface ViewerEpisodeSource {
  listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]>;
  listPagesByEpisode(episodeId: number): Promise<PageRow[]>;
}

export interface ViewerActivity {
  incrementActivity(titleId: number, date: string, counter: 'views'): Promise<void>;
  upsertViewHistory(userId: number, titleId: number, episodeId: number, now: number): Promise<void>;
  insertViewHistoryIfAbsent(userId: number, titleId: number, episodeId: number, now: number): Promise<void>;
  /** Each episode a reader opened: comments need it (ADR 013). */
  upsertEpisodeView(userId: number, titleId: number, episodeId: number, now: number): Promise<void>;
}

/** Where a logged-in reader is in an episode (ADR 016). */
export interface ViewerProgressStore {
  upsertLastPage(progress: EpisodeProgress, now: number): Promise<void>;
  upsertFinished(progress: EpisodeProgress, now: number): Promise<void>;
  countFinishedEpisodes(userId: number, titleId: number): Promise<number>;
  findLastPage(userId: number, episodeId: number): Promise<number | undefined>;
}

export interface ViewerContext {
  locale: Locale;
  seedFormat: ScrambleSeedFormat;
  reader: Reader;
}

export interface ViewerServiceDeps {
  catalogue: Pick<CatalogueService, 'listEpisodes'>;
  entitlement: Pick<EntitlementService, 'findEpisodeAccess' | 'decideEpisodeAccess'>;
  episodes: ViewerEpisodeSource;
  activity: ViewerActivity;
  progress: ViewerProgressStore;
  clock: ClockRepository;
  urls: MediaUrls;
}

export interface ViewerOptions {
  timeZone: string;
  /** Base of the web app's links (title_share_ret). */
  webPublicUrl: string;
  /** Where a read that could not be recorded is reported (the read itself is answered). */
  log?: { warn(details: object, message: string): void };
}

/** Page-slider and start position of the web viewer: the slider shown, reading from the first page. */
const PAGE_SLIDER_ON = 1;
const PAGE_START_FIRST = 0;
/** Ciao's block formula 1; our pages are multiples of 64 px, where both formulas agree (ADR 006). */
const SCRAMBLE_VER = 1;

export class ViewerService {
  constructor(
    private readonly deps: ViewerServiceDeps,
    private readonly options: ViewerOptions,
  ) {}

  /**
   * GET /web/episode/viewer; a prefetch (the next chapter's first pages, fresh URLs) records no read.
   * `last_page` (ours, issue 24) is the page a logged-in reader reached in the episode before this
   * read (0 for guests, crawlers and a first read), so that reopening it anywhere resumes there.
   * `quality` is the tier asked for (ADR 055); `image_quality` says the tier served. Entitlement and
   * signing are the same for both tiers.
   */
  async getWebViewer(
    episodeId: number,
    viewer: ViewerContext,
    { prefetch = false, quality = 'standard' }: { prefetch?: boolean; quality?: ImageQuality } = {},
  ) {
    const { episode, pages, neighbours, now } = await this.open(episodeId, viewer, { record: !prefetch });
    // Opening records the read, never the page: what is stored is still the place reached before.
    const user = viewer.reader.isCrawler ? null : viewer.reader.user;
    const lastPage = user ? await this.deps.progress.findLastPage(user.userId, episode.id) : undefined;
    return this.webViewerAnswer({ episode, pages, neighbours, now, lastPage, quality, seedFormat: viewer.seedFormat });
  }

  /**
   * The editors' preview (ADR 073): GET /web/episode/viewer's answer for any chapter, released or
   * not, of a title published or not, free or paid — entitlement is not asked and nothing is
   * recorded (no view, history, place or purchase). No neighbours: the preview is of one chapter.
   * The caller checks who may preview (ChapterPreviewService); undefined when there is no such chapter.
   */
  async getPreviewViewer(
    episodeId: number,
    { seedFormat }: Pick<ViewerContext, 'seedFormat'>,
    quality: ImageQuality = 'standard',
  ) {
    const now = this.deps.clock.now();
    const found = await this.deps.entitlement.findEpisodeAccess(ANONYMOUS_READER, episodeId, now);
    if (!found) return undefined;
    const pages = await this.deps.episodes.listPagesByEpisode(episodeId);
    const none = { previous: undefined, next: undefined };
    const answer = this.webViewerAnswer({ ...found, pages, neighbours: none, now, lastPage: 0, quality, seedFormat });
    return { answer, episode: found.episode, listing: found.listing, now };
  }

  /** GET /web/episode/viewer's shape: the one place its fields are made (the reader's and the preview's). */
  private webViewerAnswer({
    episode,
    pages,
    neighbours,
    now,
    lastPage,
    quality,
    seedFormat,
  }: {
    episode: EpisodeRow;
    pages: PageRow[];
    neighbours: { previous: Parameters<typeof toAdjacentEpisode>[0]; next: Parameters<typeof toAdjacentEpisode>[0] };
    now: number;
    lastPage: number | undefined;
    quality: ImageQuality;
    seedFormat: ScrambleSeedFormat;
  }) {
    const served = servedImageQuality(pages, quality);
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      page_list: toPageUrls(pages, this.deps.urls, now, served),
      page_size_list: toPageSizes(pages, served),
      scramble_seed: toScrambleSeed(episode, seedFormat),
      scramble_ver: SCRAMBLE_VER,
      bonus_point: episode.bonus_point,
      page_start_position: PAGE_START_FIRST,
      direction: episode.viewing_direction,
      page_slider: PAGE_SLIDER_ON,
      previous_episode: toAdjacentEpisode(neighbours.previous),
      next_episode: toAdjacentEpisode(neighbours.next),
      post_advertisement_list: [],
      last_page: lastPage ?? 0,
      image_quality: served,
    };
  }

  /**
   * GET /web/episode/download (ADR 052): what a logged-in reader may keep of an episode they may open
   * now, as EntitlementService answers (2011 guests, then 3104, 2016, 3105 as the viewer): the pages as
   * served (signed URLs of the scrambled images), the seed, and until when the device may keep them
   * (the rental's or free window's end; never for what is bought or free). A download is no read.
   */
  async getDownload(auth: RequestAuth, episodeId: number, viewer: ViewerContext) {
    const user = requireLogin(auth);
    const now = this.deps.clock.now();
    const { episode, listing, access } = await this.openable(episodeId, viewer, now);
    const { reason, until } = keepTermsOf(access);
    const pages = await this.deps.episodes.listPagesByEpisode(episode.id);
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      user_id: user.userId,
      title_name: localizedName(listing.title, viewer.locale),
      episode_name: localizedName(episode, viewer.locale),
      page_list: toPageUrls(pages, this.deps.urls, now),
      page_size_list: toPageSizes(pages),
      scramble_seed: toScrambleSeed(episode, viewer.seedFormat),
      scramble_ver: SCRAMBLE_VER,
      direction: episode.viewing_direction,
      keep_reason: reason,
      keep_until: until === undefined ? null : formatWireTime(until, this.options.timeZone),
    };
  }

  /** GET /episode/viewer (app) */
  async getAppViewer(episodeId: number, viewer: ViewerContext) {
    const { episode, pages, neighbours, now } = await this.open(episodeId, viewer);
    const around = [neighbours.previous?.episode, episode, neighbours.next?.episode].flatMap((e) => (e ? [e.id] : []));
    const urls = toPageUrls(pages, this.deps.urls, now);
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      page_list: pages.map((page, index) => ({ index: page.page_number, image_url: urls[index] ?? '' })),
      page_size_list: toPageSizes(pages),
      episode_list: await this.deps.catalogue.listEpisodes(around, { locale: viewer.locale, reader: viewer.reader }),
      next_episode_id: neighbours.next?.episode.id ?? null,
      prev_episode_id: neighbours.previous?.episode.id ?? null,
      scramble_seed: toScrambleSeed(episode, viewer.seedFormat),
    };
  }

  /**
   * GET /episode/viewer/lastpage: the reader reached the last page (in scroll mode or not, in a
   * reading direction; neither is kept). A logged-in reader's place becomes that page.
   */
  async reachLastPage(episodeId: number, viewer: ViewerContext) {
    const now = this.deps.clock.now();
    const { episode } = await this.openable(episodeId, viewer, now);
    const user = recordingUserOf(viewer.reader);
    if (user) await this.deps.progress.upsertLastPage(progressOf(user, episode, episode.page_count), now);
    return { descriptor_id_list: [] };
  }

  /**
   * GET /episode/viewer/finish: the reader finished the episode. A logged-in reader's episode is
   * marked finished; the answer counts the title's finished episodes. Reading credits no points:
   * `bonus_point` is the point-back of buying, which the wallet credits (ADR 016).
   */
  async finishEpisode(episodeId: number, viewer: ViewerContext) {
    const now = this.deps.clock.now();
    const { episode, listing } = await this.openable(episodeId, viewer, now);
    const user = viewer.reader.isCrawler ? null : viewer.reader.user;
    let finished = 0;
    if (user) {
      if (!user.privateReading) {
        await this.deps.progress.upsertFinished(progressOf(user, episode, episode.page_count), now);
      }
      finished = await this.deps.progress.countFinishedEpisodes(user.userId, episode.title_id);
    }
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      favorite_status: 0,
      bonus_point: 0,
      view_finish_episode_count: finished,
      title_share_ret: toTitleShareResponse(listing.title, this.options.webPublicUrl, viewer.locale),
    };
  }

  /**
   * POST /episode/viewer/progress (ours, ADR 016): the page a logged-in reader is on, 1-based, of an
   * episode they may open (its title enters their history if it is not there); 2011 for guests (they keep their place in the browser), 1001 for a page
   * outside the episode. A crawler's page is answered, never recorded (as its reads are not).
   */
  async recordProgress(auth: RequestAuth, request: { episodeId: number; page: number }, viewer: ViewerContext) {
    const user = requireLogin(auth);
    const now = this.deps.clock.now();
    const { episode } = await this.openable(request.episodeId, viewer, now);
    if (request.page < 1 || request.page > episode.page_count) {
      throw new DomainError(ResponseCode.InvalidParameter, `page must be between 1 and ${episode.page_count}`);
    }
    if (!viewer.reader.isCrawler && !user.privateReading) {
      await this.deps.progress.upsertLastPage(progressOf(user, episode, request.page), now);
      // A title never opened by this account (a guest's chapter carried over at login, ADR 016) enters
      // the history; one already there keeps its place (only opening a chapter moves it up).
      await this.deps.activity.insertViewHistoryIfAbsent(user.userId, episode.title_id, episode.id, now);
    }
    return { episode_id: episode.id, page: request.page, page_count: episode.page_count };
  }

  /**
   * The episode if the reader may open it now: 3104 unknown or unreleased, 2016 too young, 3105
   * locked. Bookmarks ask it too (ADR 044): a page is bookmarked where it could be read.
   */
  async getOpenableEpisode(episodeId: number, reader: Reader): Promise<EpisodeAccessAnswer> {
    return this.openable(episodeId, { reader }, this.deps.clock.now());
  }

  private async openable(
    episodeId: number,
    viewer: Pick<ViewerContext, 'reader'>,
    now: number,
  ): Promise<EpisodeAccessAnswer> {
    const answer = await this.deps.entitlement.findEpisodeAccess(viewer.reader, episodeId, now);
    if (!answer || answer.access.reason === 'unreleased') throw new DomainError(ResponseCode.ViewerEpisodeNotFound);
    if (!answer.access.open) throw closedError(answer.access);
    return answer;
  }

  /** Opens the episode for the reader (3104, 2016, 3105 in that order), with its pages and neighbours. */
  private async open(episodeId: number, viewer: ViewerContext, { record }: { record: boolean } = { record: true }) {
    const now = this.deps.clock.now();
    const answer = await this.openable(episodeId, viewer, now);
    const { episode, listing } = answer;
    const [pages, released] = await Promise.all([
      this.deps.episodes.listPagesByEpisode(episodeId),
      this.deps.episodes.listEpisodesByTitle(episode.title_id, now),
    ]);
    const at = released.findIndex((e) => e.id === episodeId);
    const around = [at > 0 ? released[at - 1] : undefined, released[at + 1]];
    const present = around.filter((e): e is EpisodeRow => e !== undefined);
    const access = await this.deps.entitlement.decideEpisodeAccess(
      viewer.reader,
      present.map((neighbour) => ({ episode: neighbour, listing })),
      now,
    );
    const withAccess = (neighbour: EpisodeRow | undefined) =>
      neighbour && { episode: neighbour, access: access[present.indexOf(neighbour)] as EpisodeAccess };
    const neighbours = { previous: withAccess(around[0]), next: withAccess(around[1]) };
    if (record) await this.recordRead(answer, viewer, now);
    return { episode, pages, neighbours, now };
  }

  /**
   * Counts the read for the rankings and the reader's history. A write that fails (a full disk, a
   * database gone read-only) is logged and the read still answered: the count is not worth a page
   * the reader may open (issue 21).
   */
  private async recordRead({ episode }: EpisodeAccessAnswer, { reader }: ViewerContext, now: number): Promise<void> {
    if (reader.isCrawler || reader.user?.privateReading) return;
    try {
      await this.deps.activity.incrementActivity(episode.title_id, wireDate(now, this.options.timeZone), 'views');
      if (!reader.user) return;
      await this.deps.activity.upsertViewHistory(reader.user.userId, episode.title_id, episode.id, now);
      await this.deps.activity.upsertEpisodeView(reader.user.userId, episode.title_id, episode.id, now);
    } catch (error) {
      this.options.log?.warn({ err: error, episodeId: episode.id }, 'A read could not be recorded');
    }
  }
}

/** Why an open episode may be kept, and until when: the entitlement that opens it (ADR 052). */
function keepTermsOf(access: EpisodeAccess): { reason: DownloadKeepReason; until: number | undefined } {
  switch (access.reason) {
    case 'purchased':
    case 'free':
      return { reason: access.reason, until: undefined };
    case 'rented':
      return { reason: 'rented', until: access.rentedUntil };
    case 'free_window':
      return { reason: 'free_window', until: access.freeUntil };
    default:
      // openable() lets only open episodes through; a gate or a lock is never kept.
      throw new DomainError(ResponseCode.EpisodeUnpurchased);
  }
}

function progressOf(user: AuthUser, episode: Pick<EpisodeRow, 'id' | 'title_id'>, page: number): EpisodeProgress {
  return { userId: user.userId, titleId: episode.title_id, episodeId: episode.id, page, device: user.deviceName ?? '' };
}

/** The logged-in person whose reading is recorded: not a crawler, not under private reading (ADR 044). */
function recordingUserOf(reader: Reader): AuthUser | null {
  return reader.isCrawler || !reader.user || reader.user.privateReading ? null : reader.user;
}

/** Why a released episode stays closed: the age rating (2016, ageRestrictedError), else 3105 EpisodeUnpurchased. */
function closedError(access: EpisodeAccess): DomainError {
  return access.reason === 'age_restricted'
    ? ageRestrictedError(access)
    : new DomainError(ResponseCode.EpisodeUnpurchased);
}
