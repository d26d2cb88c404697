import { type ApiClient, getRanking } from '@manga/api-client';
import { toPublicImageUrl } from '#app/api.server.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import { titlesInOrder, toTitleCard } from '#app/features/catalogue/title-view.ts';
import type { RankingPageData } from './ranking-page.ts';

export const RANKING_PAGE_SIZE = 30;

/** One page (`?page=`) of a ranking tab: its title ids (GET /ranking/all), then the titles (GET /title/list). */
export async function loadRankingPage(api: ApiClient, url: URL, rankingId: number): Promise<RankingPageData> {
  const page = pageNumber(url.searchParams.get('page'));
  const window = pageWindow(page, RANKING_PAGE_SIZE);
  try {
    const ranking = await getRanking(api, { ranking_id: rankingId, ...window });
    const ids = ranking.ranking_title_list.map((entry) => entry.id);
    const shown = ids.slice(0, RANKING_PAGE_SIZE);
    const { title_list } = shown.length > 0 ? await api.listTitles({ title_id_list: shown }) : { title_list: [] };
    return {
      rankingId,
      tabs: ranking.tab_list,
      titles: titlesInOrder(shown, title_list).map((title) => toTitleCard(title, toPublicImageUrl)),
      page,
      hasNext: ids.length > RANKING_PAGE_SIZE,
      startRank: window.offset + 1,
    };
  } catch (error) {
    failLoad(error, url);
  }
}
