import type { FeaturedTitleView, TitleCardView } from '#app/features/catalogue/title-view.ts';

// The view model of /series (GET /title/weekly), shared by its loader and its screen.

export interface SeriesPageData {
  todayIndex: number;
  /** Wire weekdays in tab order, today first. */
  weekdays: number[];
  selected: number;
  feature: FeaturedTitleView | undefined;
  titles: TitleCardView[];
  /** Ids of the selected day's titles that give bonus points or are new. */
  bonusIds: number[];
  newIds: number[];
}
