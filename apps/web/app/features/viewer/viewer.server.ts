import { type ApiClient, getWebViewer, listTitleTickets, responseCodeOf } from '@manga/api-client';
import { type Episode, ResponseCode, type TitleTicket } from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { accessKindOf } from '#app/features/catalogue/episode-access.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { optionalCall } from '#app/features/catalogue/optional-call.ts';
import { purchaseDialogHref } from '#app/features/catalogue/purchase-paths.ts';
import { START_PAGE_PARAM, startPageOf } from '#app/features/catalogue/reading-progress.ts';
import { titleHref } from '#app/features/catalogue/title-view.ts';
import { titleRouteContext } from '#app/guards/route-middleware.server.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { descramblePlan, type ScrambledEpisode } from './descramble.ts';
import {
  type AdjacentChapter,
  type BootPage,
  DEFAULT_PAGE_SIZE,
  type LockedTickets,
  type LockedViewerData,
  readingDirectionOf,
  titleEpisodeAnchor,
  type ViewerBase,
  type ViewerData,
  type ViewerMode,
  type ViewerPage,
  viewerPath,
} from './viewer.ts';

export function adjacentChapter(
  titleId: number,
  entry: Readonly<Record<string, number>>,
  mode: ViewerMode = 'normal',
): AdjacentChapter | undefined {
  const id = entry.episode_id;
  if (id === undefined) return undefined;
  const access = accessKindOf(entry.badge ?? 0);
  return {
    episodeId: id,
    href: viewerPath(titleId, id, mode),
    access,
    point: access === 'paid' ? (entry.point ?? 0) : 0,
  };
}

/**
 * The locked screen's ticket state from GET /title/ticket/list's entry for the title: undefined when
 * the API says no ticket can rent the episode now (it is not in `target_episode_id_list`); the
 * holdings only for a logged-in reader. Without an entry (the call failed) the episode's own flag
 * was all there was to go on, so nothing more is claimed.
 */
export function lockedTicketsOf(
  entry: TitleTicket | undefined,
  episodeId: number,
  isLoggedIn: boolean,
): LockedTickets | undefined {
  if (!entry) return { title: undefined, held: undefined };
  const { title_ticket_info: title, premium_ticket_info: premium, target_episode_id_list } = entry.ticket_info;
  if (!target_episode_id_list.includes(episodeId)) return undefined;
  return {
    title: title
      ? { max: title.max_ticket_num, recoverSeconds: title.recover_second, rentalSeconds: title.rental_second }
      : undefined,
    held: isLoggedIn
      ? {
          title: title?.own_ticket_num ?? 0,
          premium: premium?.own_ticket_num ?? 0,
          nextTitleTicketInSeconds: title?.next_ticket_recover_second ?? 0,
        }
      : undefined,
  };
}

/** The start page with the tile copies that unscramble it (the same plan the reader's canvas uses). */
export function bootPageOf(page: ViewerPage | undefined, episode: ScrambledEpisode): BootPage | undefined {
  if (!page) return undefined;
  const copies = descramblePlan(episode, page.width, page.height).map((r): BootPage['copies'][number] => [
    r.sx,
    r.sy,
    r.dx,
    r.dy,
    r.w,
    r.h,
  ]);
  return { url: page.url, width: page.width, height: page.height, copies };
}

interface LoadOptions {
  mode: ViewerMode;
  isLoggedIn: boolean;
}

/** The locked screen (HTTP 400 / 3105): the price, a ticket, where to unlock it, logging in first. */
async function lockedViewer(
  api: ApiClient,
  url: URL,
  base: ViewerBase,
  episode: Episode | undefined,
  firstEpisodeId: number | undefined,
  { mode, isLoggedIn }: LoadOptions,
): Promise<LockedViewerData> {
  const rentable = episode?.ticket_rental_enabled === 1;
  const tickets = rentable
    ? await optionalCall(
        listTitleTickets(api, { title_id_list: [base.titleId] }),
        'GET /title/ticket/list',
        'the locked screen',
      )
    : undefined;
  const entry = tickets?.title_ticket_list.find((item) => item.title_id === base.titleId);
  const lockedTickets = rentable ? lockedTicketsOf(entry, base.episodeId, isLoggedIn) : undefined;
  const throughLogin = (href: string) => (isLoggedIn ? href : loginPathFor(href));
  return {
    ...base,
    state: 'locked',
    point: episode?.point ?? 0,
    tickets: lockedTickets,
    bonusPoint: episode?.bonus_point ?? 0,
    unlockHref: titleEpisodeAnchor(base.titleId, base.episodeId),
    buyHref: throughLogin(purchaseDialogHref(base.titleId, 'buy', base.episodeId)),
    // A logged-in reader holding no ticket is told when the next one comes (the ticket lines), not sent to rent.
    rentHref:
      lockedTickets && (!lockedTickets.held || lockedTickets.held.title > 0 || lockedTickets.held.premium > 0)
        ? throughLogin(purchaseDialogHref(base.titleId, 'rent', base.episodeId))
        : undefined,
    renderedAt: new Date().toISOString(),
    loginHref: isLoggedIn ? undefined : loginPathFor(`${url.pathname}${url.search}`),
    firstEpisodeHref:
      firstEpisodeId && firstEpisodeId !== base.episodeId ? viewerPath(base.titleId, firstEpisodeId, mode) : undefined,
  };
}

/**
 * The reader: GET /web/episode/viewer for the signed pages, their sizes and the seed, with the
 * episode and title for their names. A locked episode (HTTP 400 / 3105) becomes the `locked` state
 * with its price and how to open it; an age-rated one (2016) the `restricted` state; unknown ids,
 * or an episode of another title, 404.
 */
export async function loadViewer(
  api: ApiClient,
  url: URL,
  titleId: number,
  episodeId: number,
  options: LoadOptions = { mode: 'normal', isLoggedIn: false },
): Promise<ViewerData> {
  const [viewer, episodes, titles] = await Promise.allSettled([
    getWebViewer(api, { episode_id: episodeId }),
    api.listEpisodes({ episode_id_list: [episodeId] }),
    api.listTitles({ title_id_list: [titleId] }),
  ]);
  const episode = episodes.status === 'fulfilled' ? episodes.value.episode_list[0] : undefined;
  const title = titles.status === 'fulfilled' ? titles.value.title_list[0] : undefined;
  if (episodes.status === 'fulfilled' && (!episode || episode.title_id !== titleId)) notFound(url);
  if (titles.status === 'fulfilled' && !title) notFound(url);
  const base: ViewerBase = {
    titleId,
    episodeId,
    titleName: title?.title_name ?? '',
    episodeName: episode?.episode_name ?? '',
    titleHref: titleHref(titleId),
    mode: options.mode,
  };
  if (viewer.status === 'rejected') {
    const code = responseCodeOf(viewer.reason);
    if (code === ResponseCode.EpisodeUnpurchased) {
      return lockedViewer(api, url, base, episode, title?.first_episode_id, options);
    }
    if (code === ResponseCode.AccountAccessDenied) {
      const message = viewer.reason instanceof Error ? viewer.reason.message : '';
      return { ...base, state: 'restricted', message };
    }
    failLoad(viewer.reason, url);
  }
  const answer = viewer.value;
  if (answer.title_id !== titleId) notFound(url);
  const pages = answer.page_list.map((pageUrl, index) => {
    const size = answer.page_size_list[index];
    // Page URLs are absolute and signed; API-relative ones go through the web origin's prefix.
    return { url: toPublicImageUrl(pageUrl), ...(size ?? DEFAULT_PAGE_SIZE) };
  });
  const startPage = startPageOf(url.searchParams.get(START_PAGE_PARAM), pages.length) ?? 1;
  const scrambled = { titleId, episodeId, scrambleSeed: answer.scramble_seed, scrambleVer: answer.scramble_ver };
  return {
    ...base,
    state: 'ready',
    pages,
    scrambleSeed: answer.scramble_seed,
    scrambleVer: answer.scramble_ver,
    direction: readingDirectionOf(answer.direction),
    previous: adjacentChapter(titleId, answer.previous_episode, options.mode),
    next: adjacentChapter(titleId, answer.next_episode, options.mode),
    startPage,
    boot: bootPageOf(pages[startPage - 1], scrambled),
  };
}

/** The loader of every viewer route: the title and episode their viewer middleware checked (SPEC §2, §5). */
export function loadRouteViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
  mode: ViewerMode,
): Promise<ViewerData> {
  const { titleId, episodeId } = context.get(titleRouteContext);
  const { visitor } = visitorOf(context);
  return loadViewer(apiFor(request, context), url, titleId, episodeId ?? 0, { mode, isLoggedIn: visitor.isLoggedIn });
}
