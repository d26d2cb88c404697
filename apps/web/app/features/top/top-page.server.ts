import { type ApiClient, getWebTop, responseCodeOf, searchTitles, type TitleListResponse } from '@manga/api-client';
import type { Episode, Title, WebTopResponse } from '@manga/contracts';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { errorDestination } from '#app/errors/error-routing.ts';
import { loadReadingHistory, loadReadingHistoryOrNothing } from '#app/features/catalogue/reading-history.server.ts';
import type { HistoryEntryView } from '#app/features/catalogue/reading-history.ts';
import { titleHref, titlesInOrder, toFeaturedTitle, toTitleCard } from '#app/features/catalogue/title-view.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { type BonusEpisodeView, TOP_HISTORY_TITLES, type TopPageData, type TopSections } from './top-page.ts';

/** The demo catalogue's title ids (10001–10040): the fallback list when search does not answer. */
export const DEMO_TITLE_IDS: readonly number[] = Array.from({ length: 40 }, (_, index) => 10_001 + index);

/** How many titles the "All titles" grid asks search for. */
/** Titles the top page's "All titles" section shows (a first screen or two); the rest are a link away (ADR 020). */
export const ALL_TITLES_LIMIT = 24;

type WireTitle = TitleListResponse['title_list'][number];

const card = (title: WireTitle) => toTitleCard(title, toPublicImageUrl);

const toFeatured = (title: WireTitle) => toFeaturedTitle(title, toPublicImageUrl);

function toBonusEpisode(episode: Episode, titles: ReadonlyMap<number, Title>): BonusEpisodeView {
  const title = titles.get(episode.title_id);
  return {
    id: episode.episode_id,
    href: `${titleHref(episode.title_id)}#episode-${episode.episode_id}`,
    titleName: title?.title_name ?? '',
    episodeName: episode.episode_name,
    bonusPoint: episode.bonus_point,
    // The wide title art (720×360): episode thumbnails are signed page derivatives.
    imageUrl: toPublicImageUrl(title?.thumbnail_rect_image_url || title?.thumbnail_image_url || ''),
  };
}

/** The top page's sections from GET /web/top (ADR of the catalogue): ids resolved against its title_list. */
export function toTopSections(
  top: WebTopResponse,
  allTitles: readonly WireTitle[],
  allTitleCount = allTitles.length,
): TopSections {
  const pool = new Map<number, Title>();
  for (const title of [...allTitles, ...top.today_title_list, ...top.title_list]) pool.set(title.title_id, title);
  const inOrder = (ids: readonly number[]) => titlesInOrder(ids, [...pool.values()]);
  const ranking = inOrder(top.ranking_title_id_list);
  const todayChoice = inOrder(top.today_choice_title_id_list);
  const hero = todayChoice[0] ?? ranking[0] ?? allTitles[0];
  return {
    featured: hero ? toFeatured(hero) : undefined,
    banners: top.banner_list
      .filter((banner) => banner.image_url !== '')
      .map((banner) => ({
        id: banner.advertisement_id,
        imageUrl: toPublicImageUrl(banner.image_url),
        href: banner.link_url || '/',
        alt: banner.name,
      })),
    // A card without its title would have no art and no name: the API lists every bonus episode's
    // title; one it could not (unpublished since) is left out rather than shown blank.
    bonusEpisodes: top.bonus_episode_list
      .filter((episode) => pool.has(episode.title_id))
      .map((episode) => toBonusEpisode(episode, pool)),
    ranking: ranking.map(card),
    todayChoice: todayChoice.map(card),
    todayUpdates: top.today_title_list.map(card),
    genreRankings: top.genre_ranking_list.map((genre) => ({
      rankingId: genre.ranking_id,
      genreId: genre.genre_id,
      name: genre.genre_name,
      titles: inOrder(genre.title_id_list).map(card),
    })),
    allTitles: allTitles.map(card),
    allTitleCount,
  };
}

const emptyTop = (allTitles: readonly WireTitle[], allTitleCount: number): TopSections => ({
  featured: allTitles[0] ? toFeatured(allTitles[0]) : undefined,
  banners: [],
  bonusEpisodes: [],
  ranking: [],
  todayChoice: [],
  todayUpdates: [],
  genreRankings: [],
  allTitles: allTitles.map(card),
  allTitleCount,
});

/** The first ALL_TITLES_LIMIT titles by popularity, and how many there are in all. */
async function loadAllTitles(api: ApiClient): Promise<{ titles: WireTitle[]; total: number }> {
  try {
    const found = await searchTitles(api, { sort: 'popular', limit: ALL_TITLES_LIMIT });
    return { titles: found.title_list, total: found.title_id_list.length };
  } catch (error) {
    console.warn(`GET /search/title failed with ${responseCodeOf(error)}; listing the demo titles instead`);
    const titles = (await api.listTitles({ title_id_list: DEMO_TITLE_IDS })).title_list;
    return { titles, total: titles.length };
  }
}

/**
 * The top page: GET /web/top's sections plus every title. A failing /web/top leaves only the
 * title grid; when no title can be listed either, the page is `unavailable`.
 */
export async function loadTopPage(api: ApiClient, { withHistory = false } = {}): Promise<TopPageData> {
  const [top, all, history] = await Promise.allSettled([
    getWebTop(api),
    loadAllTitles(api),
    withHistory ? loadReadingHistoryOrNothing(api, TOP_HISTORY_TITLES) : Promise.resolve([]),
  ]);
  if (all.status === 'rejected') return { state: 'unavailable', responseCode: responseCodeOf(all.reason) };
  const recent = history.status === 'fulfilled' ? history.value : [];
  if (top.status === 'rejected') {
    console.warn(`GET /web/top failed with ${responseCodeOf(top.reason)}; showing the title grid only`);
    return { state: 'ready', history: recent, ...emptyTop(all.value.titles, all.value.total) };
  }
  return { state: 'ready', history: recent, ...toTopSections(top.value, all.value.titles, all.value.total) };
}

/**
 * The top page's answer: 200 with its sections, or 503 with the unavailable panel; in that case
 * maintenance goes to /maintenance and other codes to /error/{code}, except in local development.
 */
export async function respondTopPage(api: ApiClient, { withHistory = false, personalDeferred = false } = {}) {
  const loaded = await loadTopPage(api, { withHistory });
  const page: TopPageData = loaded.state === 'ready' && personalDeferred ? { ...loaded, personalDeferred } : loaded;
  if (page.state === 'unavailable') {
    const destination = errorDestination(page.responseCode, env.errorRedirect);
    if (destination) throw redirect(destination);
  }
  // A logged-in reader's page (their reading history) goes private, no-store from the root middleware.
  return data(page, { status: page.state === 'ready' ? 200 : 503 });
}

/** The top page's loader: the reading history too for a logged-in visitor (product §2). */
export async function loadRouteTopPage(request: Request, context: Readonly<RouterContextProvider>) {
  const { isLoggedIn, memberShell } = visitorOf(context).visitor;
  if (memberShell) {
    // The shared shell of logged-in readers: their history comes in their personal answer (ADR 048).
    return respondTopPage(apiFor(request, context), { personalDeferred: true });
  }
  return respondTopPage(apiFor(request, context), { withHistory: isLoggedIn });
}

/** A logged-in reader's part of the top page (ADR 048): their reading history. */
export async function loadTopPersonal(api: ApiClient): Promise<{ history: HistoryEntryView[] }> {
  return { history: await loadReadingHistory(api, TOP_HISTORY_TITLES) };
}
