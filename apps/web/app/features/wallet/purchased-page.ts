import type { PurchasedTitleView } from '#app/features/catalogue/title-view.ts';

// /my/purchased (SPEC §2): the titles the reader bought chapters of, latest purchase first
// (GET /web/title/purchased, limit and offset), a page at a time.

export const PURCHASED_PAGE_SIZE = 24;

export interface PurchasedPageData {
  titles: PurchasedTitleView[];
  /** Titles with a purchase in all. */
  count: number;
  page: number;
  pageCount: number;
}
