// Reading (ADR 009): the web and app viewers answer signed page URLs and the scramble seed of an
// episode the reader may open, as EntitlementService answers: unknown or unreleased → 3104, too
// young for the title's rating → 2016, not open (not free, bought or rented) → 3105. Each read by a person
// (not a crawler) counts a view of the title for the rankings, and a logged-in reader's history
// and the episodes they opened (comments need those, ADR 013).
import { type Locale, ResponseCode, type ScrambleSeedFormat } from '@manga/contracts';
import type { EpisodeRow, PageRow } from '#src/db/schema.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import { toAdjacentEpisode, toPageUrls, toScrambleSeed } from '#src/mappers/viewer.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ageRestrictedError, type EpisodeAccess, type Reader } from '#src/rules/entitlement.rules.ts';
import { wireDate } from '#src/rules/wire-calendar.rules.ts';
import type { CatalogueService } from '#src/services/catalogue.service.ts';
import type { EntitlementService, EpisodeAccessAnswer } from '#src/services/entitlement.service.ts';

export interface ViewerEpisodeReader {
  listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]>;
  listPagesByEpisode(episodeId: number): Promise<PageRow[]>;
}

export interface ViewerActivity {
  incrementActivity(titleId: number, date: string, counter: 'views'): Promise<void>;
  upsertViewHistory(userId: number, titleId: number, episodeId: number, now: number): Promise<void>;
  /** Each episode a reader opened: comments need it (ADR 013). */
  upsertEpisodeView(userId: number, titleId: number, episodeId: number, now: number): Promise<void>;
}

export interface ViewerContext {
  locale: Locale;
  seedFormat: ScrambleSeedFormat;
  reader: Reader;
}

export interface ViewerServiceDeps {
  catalogue: Pick<CatalogueService, 'listEpisodes'>;
  entitlement: Pick<EntitlementService, 'findEpisodeAccess' | 'decideEpisodeAccess'>;
  episodes: ViewerEpisodeReader;
  activity: ViewerActivity;
  clock: ClockRepository;
  urls: MediaUrls;
}

/** Page-slider and start position of the web viewer: the slider shown, reading from the first page. */
const PAGE_SLIDER_ON = 1;
const PAGE_START_FIRST = 0;
/** Ciao's block formula 1; our pages are multiples of 64 px, where both formulas agree (ADR 006). */
const SCRAMBLE_VER = 1;

export class ViewerService {
  constructor(
    private readonly deps: ViewerServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /web/episode/viewer */
  async getWebViewer(episodeId: number, viewer: ViewerContext) {
    const { episode, pages, neighbours, now } = await this.open(episodeId, viewer);
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      page_list: toPageUrls(pages, this.deps.urls, now),
      scramble_seed: toScrambleSeed(episode, viewer.seedFormat),
      scramble_ver: SCRAMBLE_VER,
      bonus_point: episode.bonus_point,
      page_start_position: PAGE_START_FIRST,
      direction: episode.viewing_direction,
      page_slider: PAGE_SLIDER_ON,
      previous_episode: toAdjacentEpisode(neighbours.previous),
      next_episode: toAdjacentEpisode(neighbours.next),
      post_advertisement_list: [],
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
      episode_list: await this.deps.catalogue.listEpisodes(around, { locale: viewer.locale, reader: viewer.reader }),
      next_episode_id: neighbours.next?.episode.id ?? null,
      prev_episode_id: neighbours.previous?.episode.id ?? null,
      scramble_seed: toScrambleSeed(episode, viewer.seedFormat),
    };
  }

  /** Opens the episode for the reader (3104, 2016, 3105 in that order), with its pages and neighbours. */
  private async open(episodeId: number, viewer: ViewerContext) {
    const now = this.deps.clock.now();
    const answer = await this.deps.entitlement.findEpisodeAccess(viewer.reader, episodeId, now);
    if (!answer || answer.access.reason === 'unreleased') throw new DomainError(ResponseCode.ViewerEpisodeNotFound);
    if (!answer.access.open) throw closedError(answer.access);
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
    await this.recordRead(answer, viewer, now);
    return { episode, pages, neighbours, now };
  }

  private async recordRead({ episode }: EpisodeAccessAnswer, { reader }: ViewerContext, now: number): Promise<void> {
    if (reader.isCrawler) return;
    await this.deps.activity.incrementActivity(episode.title_id, wireDate(now, this.options.timeZone), 'views');
    if (!reader.user) return;
    await this.deps.activity.upsertViewHistory(reader.user.userId, episode.title_id, episode.id, now);
    await this.deps.activity.upsertEpisodeView(reader.user.userId, episode.title_id, episode.id, now);
  }
}

/** Why a released episode stays closed: the age rating (2016, ageRestrictedError), else 3105 EpisodeUnpurchased. */
function closedError(access: EpisodeAccess): DomainError {
  return access.reason === 'age_restricted'
    ? ageRestrictedError(access)
    : new DomainError(ResponseCode.EpisodeUnpurchased);
}
