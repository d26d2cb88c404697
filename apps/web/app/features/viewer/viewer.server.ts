import {
  type ApiClient,
  getEpisodeStatus,
  getTitleAgeGate,
  getWebViewer,
  listTitleTickets,
  responseCodeOf,
} from '@manga/api-client';
import {
  CookieName,
  chooseImageQuality,
  type DataSaverSetting,
  type Episode,
  type EpisodeStatusResponse,
  isSaveDataHeader,
  parseDataSaverSetting,
  ResponseCode,
  type TitleTicket,
  type WebViewerResponse,
} from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { clearSessionCookie } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { ageRestrictionOf } from '#app/features/catalogue/age-restriction.ts';
import { accessKindOf } from '#app/features/catalogue/episode-access.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { optionalCall } from '#app/features/catalogue/optional-call.ts';
import {
  PURCHASE_INTENT_FIELD,
  type PurchaseActionResult,
  PurchaseIntent,
  purchaseIntentOf,
  quotePurchase,
} from '#app/features/catalogue/purchase.ts';
import { purchaseDialogHref, shopPathBackTo } from '#app/features/catalogue/purchase-paths.ts';
import { submitPurchase } from '#app/features/catalogue/purchase-submit.server.ts';
import { resumePageOf, START_PAGE_PARAM, startPageOf } from '#app/features/catalogue/reading-progress.ts';
import { titleHref } from '#app/features/catalogue/title-view.ts';
import { titleRouteContext } from '#app/guards/route-middleware.server.ts';
import { prefixed } from '#app/visitor/cookies.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { descramblePlan, type ScrambledEpisode } from './descramble.ts';
import {
  type AdjacentChapter,
  type BootPage,
  DEFAULT_PAGE_SIZE,
  type LockedTickets,
  type LockedViewerData,
  type LockedWallet,
  type ReadyViewerData,
  type RestrictedViewerData,
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

/**
 * The locked screen's wallet for a logged-in reader (issue 24 item 7), from GET /episode/status and
 * the title's ticket entry: the points held, whether buying here works or how many points are
 * missing, and a ticket in hand that rents the chapter now (the title's own first).
 */
export function lockedWalletOf(
  status: EpisodeStatusResponse,
  entry: TitleTicket | undefined,
  singleSale: boolean,
  here: string,
): LockedWallet {
  const quote = quotePurchase(status, status.point);
  const title = entry?.ticket_info.title_ticket_info;
  const premium = entry?.ticket_info.premium_ticket_info;
  const rent =
    status.is_title_ticket_rentable === 1 && title && title.own_ticket_num > 0
      ? {
          kind: 'title' as const,
          ticketType: title.ticket_type,
          ticketVersion: title.ticket_version,
          own: title.own_ticket_num,
        }
      : status.is_premium_ticket_rentable === 1 && premium && premium.own_ticket_num > 0
        ? { kind: 'premium' as const, ticketType: premium.ticket_type, ticketVersion: 0, own: premium.own_ticket_num }
        : undefined;
  return {
    balance: status.paid_point + status.free_point,
    price: status.point,
    // The API's is_purchasable also means "enough points": a short wallet is told apart when the
    // chapter is otherwise sold on its own (as the title page's confirmation does).
    purchasable: status.is_purchasable === 1 || (quote.spend === undefined && singleSale),
    shortBy: quote.shortBy,
    rent,
    shopHref: shopPathBackTo(here),
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
  isCrawler?: boolean;
  /** The data saver setting and whether the browser sent `Save-Data: on` (ADR 055). */
  dataSaver?: { setting: DataSaverSetting; saveData: boolean };
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
  const here = `${url.pathname}${url.search}`;
  const [tickets, status] = await Promise.all([
    rentable
      ? optionalCall(
          listTitleTickets(api, { title_id_list: [base.titleId] }),
          'GET /title/ticket/list',
          'the locked screen',
        )
      : undefined,
    isLoggedIn
      ? optionalCall(getEpisodeStatus(api, { episode_id: base.episodeId }), 'GET /episode/status', 'the locked screen')
      : undefined,
  ]);
  const entry = tickets?.title_ticket_list.find((item) => item.title_id === base.titleId);
  const lockedTickets = rentable ? lockedTicketsOf(entry, base.episodeId, isLoggedIn) : undefined;
  // A visitor logs in and comes back to this chapter, where the wallet's buttons are (issue 24 item 7).
  const throughLogin = (href: string) => (isLoggedIn ? href : loginPathFor(here));
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
    loginHref: isLoggedIn ? undefined : loginPathFor(here),
    firstEpisodeHref:
      firstEpisodeId && firstEpisodeId !== base.episodeId ? viewerPath(base.titleId, firstEpisodeId, mode) : undefined,
    wallet: status ? lockedWalletOf(status, entry, episode?.single_sale_enabled === 1, here) : undefined,
  };
}

/**
 * The age-rated screen (2016): the API's age rule for the title (GET /web/title/age_gate) says
 * whether to ask the reader's birth month here or that the chapter is closed to their age (ADR 026).
 */
async function restrictedViewer(
  api: ApiClient,
  url: URL,
  base: ViewerBase,
  isCrawler: boolean,
): Promise<RestrictedViewerData> {
  const answer = await optionalCall(
    getTitleAgeGate(api, { title_id: base.titleId }),
    'GET /web/title/age_gate',
    'the age-restricted screen',
  );
  const restriction = ageRestrictionOf(answer?.age_gate, {
    returnTo: `${url.pathname}${url.search}`,
    isCrawler,
    fallback: 'ask',
  });
  // The API refused the chapter for its age rule; an answer admitting the reader now (a race with a
  // declaration in another tab) still shows the screen, with the question.
  return {
    ...base,
    state: 'restricted',
    restriction: restriction ?? {
      rating: answer?.age_gate.age_rating ?? 0,
      birthdayKnown: false,
      ask: !isCrawler,
      returnTo: `${url.pathname}${url.search}`,
    },
  };
}

/**
 * The reader: GET /web/episode/viewer for the signed pages, their sizes and the seed, with the
 * episode and title for their names. A locked episode (HTTP 400 / 3105) becomes the `locked` state
 * with its price and how to open it; an age-rated one (2016) the `restricted` state with the inline
 * age question or why it stays closed; unknown ids,
 * or an episode of another title, 404.
 */
export async function loadViewer(
  api: ApiClient,
  url: URL,
  titleId: number,
  episodeId: number,
  options: LoadOptions = { mode: 'normal', isLoggedIn: false },
): Promise<ViewerData> {
  const dataSaver = options.dataSaver ?? { setting: 'auto', saveData: false };
  const [viewer, episodes, titles] = await Promise.allSettled([
    getWebViewer(api, {
      episode_id: episodeId,
      image_quality: chooseImageQuality(dataSaver.setting, { saveData: dataSaver.saveData }),
    }),
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
    if (code === ResponseCode.AccountAccessDenied) return restrictedViewer(api, url, base, options.isCrawler ?? false);
    failLoad(viewer.reason, url);
  }
  const answer = viewer.value;
  if (answer.title_id !== titleId) notFound(url);
  return readyViewerOf(answer, base, url, options.mode, dataSaver);
}

/**
 * The reader's view model from GET /web/episode/viewer's answer (or the editors' preview of it, ADR
 * 073): page URLs through the web origin, sizes, seed, direction, neighbours and the start page.
 */
export function readyViewerOf(
  answer: WebViewerResponse,
  base: ViewerBase,
  url: URL,
  mode: ViewerMode,
  dataSaver: { setting: DataSaverSetting; saveData: boolean },
): ReadyViewerData {
  const { titleId, episodeId } = base;
  const pages = answer.page_list.map((pageUrl, index) => {
    const size = answer.page_size_list[index];
    // Page URLs are absolute and signed; API-relative ones go through the web origin's prefix.
    return { url: toPublicImageUrl(pageUrl), ...(size ?? DEFAULT_PAGE_SIZE) };
  });
  // The URL's page (a reload, Back and Forward, a continue link), else where the account stopped.
  const named = startPageOf(url.searchParams.get(START_PAGE_PARAM), pages.length);
  const resumed = named === undefined ? resumePageOf(answer.last_page, pages.length) : undefined;
  const startPage = named ?? resumed ?? 1;
  const scrambled = { titleId, episodeId, scrambleSeed: answer.scramble_seed, scrambleVer: answer.scramble_ver };
  return {
    ...base,
    state: 'ready',
    pages,
    scrambleSeed: answer.scramble_seed,
    scrambleVer: answer.scramble_ver,
    direction: readingDirectionOf(answer.direction),
    previous: adjacentChapter(titleId, answer.previous_episode, mode),
    next: adjacentChapter(titleId, answer.next_episode, mode),
    startPage,
    startFrom: named !== undefined ? 'url' : resumed !== undefined ? 'resumed' : 'first',
    boot: bootPageOf(pages[startPage - 1], scrambled),
    imageQuality: answer.image_quality,
    dataSaver: dataSaver.setting,
    saveDataRequested: dataSaver.saveData,
  };
}

/** The loader of every viewer route: the title and episode their viewer middleware checked (product §2, §5). */
export function loadRouteViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
  mode: ViewerMode,
): Promise<ViewerData> {
  const { titleId, episodeId } = context.get(titleRouteContext);
  const { visitor } = visitorOf(context);
  return loadViewer(apiFor(request, context), url, titleId, episodeId ?? 0, {
    mode,
    isLoggedIn: visitor.isLoggedIn,
    isCrawler: visitor.isCrawler,
    dataSaver: {
      setting: parseDataSaverSetting(visitor.cookies.get(prefixed(env.cookiePrefix, CookieName.DataSaver))),
      saveData: isSaveDataHeader(request.headers.get('save-data') ?? undefined),
    },
  });
}

/**
 * The locked reader's forms (issue 24 item 7): buy (`intent=buy`) or rent (`intent=rent`) this very
 * chapter, by the title page's purchase rules; success comes back to the same URL, now readable.
 */
export async function submitLockedViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<PurchaseActionResult> {
  const { titleId, episodeId } = context.get(titleRouteContext);
  const form = await request.formData();
  const intent = purchaseIntentOf(form.get(PURCHASE_INTENT_FIELD));
  // Only this chapter, never a catch-up or another chapter's id from a forged form.
  if (intent === undefined || intent === PurchaseIntent.Bulk || form.get('episode_id') !== String(episodeId)) {
    return { status: 'failed', intent: intent ?? PurchaseIntent.Buy, code: ResponseCode.InvalidParameter };
  }
  return submitPurchase(
    form,
    apiFor(request, context),
    titleId,
    () => clearSessionCookie(visitorOf(context)),
    `${url.pathname}${url.search}`,
  );
}
