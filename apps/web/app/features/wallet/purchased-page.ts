import type { PurchasedTitleResponse } from '@manga/contracts';
import { episodeHref, type TitleCardView, titleHref } from '#app/features/catalogue/title-view.ts';

// /my/purchased (product §2): the titles the reader bought chapters of, latest purchase first
// (GET /web/title/purchased, limit and offset), a page at a time.

export const PURCHASED_PAGE_SIZE = 24;

export interface PurchasedTitleView extends TitleCardView {
  /** The chapter bought last, to read it again at once. */
  lastPurchasedHref: string | undefined;
}

export interface PurchasedPageData {
  titles: PurchasedTitleView[];
  /** Titles with a purchase in all. */
  count: number;
  page: number;
  listPageCount: number;
}

export function toPurchasedTitles(
  answer: PurchasedTitleResponse,
  toImageUrl: (url: string) => string,
): PurchasedTitleView[] {
  return answer.title_list.map((title) => ({
    id: title.title_id,
    href: titleHref(title.title_id),
    name: title.title_name,
    author: '',
    coverUrl: toImageUrl(title.thumbnail_image_url),
    badge: undefined,
    lastPurchasedHref:
      title.recently_purchased_episode_id !== null
        ? episodeHref(title.title_id, title.recently_purchased_episode_id)
        : undefined,
  }));
}

/** Pages of `pageSize` that `count` items fill (at least one, the empty page). */
export function listPageCountOf(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
