import type { RankingTab } from '@manga/contracts';
import type { TitleCardView } from '#app/features/catalogue/title-view.ts';

// The view model of /ranking and /ranking/{rankingId}, shared by their loader and screen.

export interface RankingPageData {
  rankingId: number;
  tabs: RankingTab[];
  titles: TitleCardView[];
  page: number;
  hasNext: boolean;
  startRank: number;
}
