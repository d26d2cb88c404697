import type { FeaturedTitleView, TitleCardView } from '#app/features/catalogue/title-view.ts';

// The view model of the top page (GET /web/top plus every title), shared by its loader and its screen.

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
