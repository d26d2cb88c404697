import { type ApiClient, getWebTop, responseCodeOf, searchTitles, type TitleListResponse } from '@manga/api-client';
import type { Episode, Title, WebTopResponse } from '@manga/contracts';
import { toPublicImageUrl } from '#app/api.server.ts';
import type { FeaturedTitleView } from '#app/features/catalogue/featured-title.tsx';
import type { TitleCardView } from '#app/features/catalogue/title-card.tsx';
import { titleHref, titlesInOrder, toTitleCard } from '#app/features/catalogue/title-view.ts';

/** The demo catalogue's title ids (10001–10040): the fallback list when search does not answer. */
export const DEMO_TITLE_IDS: readonly number[] = Array.from({ length: 40 }, (_, index) => 10_001 + index);

/** How many titles the "All titles" grid asks search for. */
export const ALL_TITLES_LIMIT = 120;

type WireTitle = TitleListResponse['title_list'][number];

/** A bonus episode: reading it gives points back. */
export interface BonusEpisodeView {
  id: number;
  href: string;
  titleName: string;
  episodeName: string;
  bonusPoint: number;
  imageUrl: string;
}

export interface GenreRankingView {
  rankingId: number;
  genreId: number;
  name: string;
  titles: TitleCardView[];
}

export interface TopSections {
  featured: FeaturedTitleView | undefined;
  bonusEpisodes: BonusEpisodeView[];
  ranking: TitleCardView[];
  todayChoice: TitleCardView[];
  todayUpdates: TitleCardView[];
  genreRankings: GenreRankingView[];
  allTitles: TitleCardView[];
}

export type TopPageData = ({ state: 'ready' } & TopSections) | { state: 'unavailable'; responseCode: number };

const card = (title: WireTitle) => toTitleCard(title, toPublicImageUrl);

function toFeatured(title: WireTitle): FeaturedTitleView {
  return {
    ...card(title),
    // Portrait feature art (WIRE.md §3.1) suits the hero; the square thumbnail stands in for it.
    posterUrl: toPublicImageUrl(title.feature_image_url || title.thumbnail_image_url),
    backdropUrl: toPublicImageUrl(title.banner_image_url || title.thumbnail_image_url),
    introduction: title.short_introduction_text || title.introduction_text,
    updateCycle: title.new_episode_update_cycle_text,
    chapterCount: title.total_episode_count,
  };
}

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
export function toTopSections(top: WebTopResponse, allTitles: readonly WireTitle[]): TopSections {
  const pool = new Map<number, Title>();
  for (const title of [...allTitles, ...top.today_title_list, ...top.title_list]) pool.set(title.title_id, title);
  const inOrder = (ids: readonly number[]) => titlesInOrder(ids, [...pool.values()]);
  const ranking = inOrder(top.ranking_title_id_list);
  const todayChoice = inOrder(top.today_choice_title_id_list);
  const hero = todayChoice[0] ?? ranking[0] ?? allTitles[0];
  return {
    featured: hero ? toFeatured(hero) : undefined,
    bonusEpisodes: top.bonus_episode_list.map((episode) => toBonusEpisode(episode, pool)),
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
  };
}

const emptyTop = (allTitles: readonly WireTitle[]): TopSections => ({
  featured: allTitles[0] ? toFeatured(allTitles[0]) : undefined,
  bonusEpisodes: [],
  ranking: [],
  todayChoice: [],
  todayUpdates: [],
  genreRankings: [],
  allTitles: allTitles.map(card),
});

async function loadAllTitles(api: ApiClient): Promise<WireTitle[]> {
  try {
    return (await searchTitles(api, { sort: 'popular', limit: ALL_TITLES_LIMIT })).title_list;
  } catch (error) {
    console.warn(`GET /search/title failed with ${responseCodeOf(error)}; listing the demo titles instead`);
    return (await api.listTitles({ title_id_list: DEMO_TITLE_IDS })).title_list;
  }
}

/**
 * The top page: GET /web/top's sections plus every title. A failing /web/top leaves only the
 * title grid; when no title can be listed either, the page is `unavailable`.
 */
export async function loadTopPage(api: ApiClient): Promise<TopPageData> {
  const [top, all] = await Promise.allSettled([getWebTop(api), loadAllTitles(api)]);
  if (all.status === 'rejected') return { state: 'unavailable', responseCode: responseCodeOf(all.reason) };
  if (top.status === 'rejected') {
    console.warn(`GET /web/top failed with ${responseCodeOf(top.reason)}; showing the title grid only`);
    return { state: 'ready', ...emptyTop(all.value) };
  }
  return { state: 'ready', ...toTopSections(top.value, all.value) };
}
