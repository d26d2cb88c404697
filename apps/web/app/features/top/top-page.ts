import type { HistoryEntryView } from '#app/features/catalogue/reading-history.ts';
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

/** A banner of the top page (ADR 074): its image, link target and alt text in the reader's language. */
export interface TopBannerView {
  id: number;
  imageUrl: string;
  href: string;
  alt: string;
}

export interface TopSections {
  featured: FeaturedTitleView | undefined;
  banners: TopBannerView[];
  bonusEpisodes: BonusEpisodeView[];
  ranking: TitleCardView[];
  todayChoice: TitleCardView[];
  todayUpdates: TitleCardView[];
  genreRankings: GenreRankingView[];
  /** The first titles by popularity (ALL_TITLES_LIMIT at most). */
  allTitles: TitleCardView[];
  /** How many titles there are in all. */
  allTitleCount: number;
}

/** How many titles of the reading history the top page shows (the rest are on /my/history). */
export const TOP_HISTORY_TITLES = 4;

export type TopPageData =
  | ({
      state: 'ready';
      history: HistoryEntryView[];
      /** A member shell (ADR 048): the history comes from the reader's personal answer. */
      personalDeferred?: boolean;
    } & TopSections)
  | { state: 'unavailable'; responseCode: number };
