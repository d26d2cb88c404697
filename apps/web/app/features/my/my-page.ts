import type { AccountPointResponse, FavoriteListResponse, PurchasedTitleResponse } from '@manga/contracts';
import type { HistoryEntryView } from '#app/features/catalogue/reading-history.ts';
import { type TitleCardView, titleHref, toTitleCard } from '#app/features/catalogue/title-view.ts';
import type { MyCommentActivity } from '#app/features/comments/my-comments.ts';
import type { LoginBonusView } from './login-bonus.ts';

// /my, the reader's hub: points and premium tickets, continue reading, followed titles (with the
// "new chapter" badge, ADR 017), purchased titles, and the ways to history, shop, settings and out.
// Each section loads on its own; one that fails says so and the others still show.

export const MY_CONTINUE_COUNT = 4;
export const MY_PURCHASED_COUNT = 6;
/** The hub's own page of purchased titles (`?purchased_page=`); /my/purchased shows more at a time. */
export const MY_PURCHASED_PAGE_PARAM = 'purchased_page';

/** A section's data, or the code of the call that failed. */
export type Section<T> = { status: 'ready'; value: T } | { status: 'failed'; code: number };

export interface WalletView {
  paidPoints: number;
  freePoints: number;
  tickets: number;
  /** When the first premium ticket expires, as an ISO instant. */
  firstTicketExpiresAt: string | undefined;
}

export interface FollowedTitleView extends TitleCardView {
  /** A chapter came out since the reader last opened the title. */
  hasNewChapter: boolean;
}

export interface FollowedView {
  titles: FollowedTitleView[];
  count: number;
  max: number;
}

export interface PurchasedView {
  titles: TitleCardView[];
  count: number;
  page: number;
  listPageCount: number;
}

export interface MyPageData {
  wallet: Section<WalletView>;
  continueReading: Section<HistoryEntryView[]>;
  followed: Section<FollowedView>;
  purchased: Section<PurchasedView>;
  activity: MyCommentActivity;
  /** The login bonus calendar (issue 24 item 8). */
  loginBonus: Section<LoginBonusView>;
}

/** /my's loader data: the page, or the member shell whose sections come in the reader's answer (ADR 048). */
export type MyLoaderData = MyPageData | { personalDeferred: true };

export function toWallet(answer: AccountPointResponse, now: Date): WalletView {
  const first = answer.ticket.detail_list[0];
  return {
    paidPoints: answer.point.paid_point,
    freePoints: answer.point.free_point,
    tickets: answer.ticket.total_num,
    firstTicketExpiresAt: first ? new Date(now.getTime() + first.expire_second * 1000).toISOString() : undefined,
  };
}

/** Followed titles in the list's order, new chapters marked (`is_unread_episode`). */
export function toFollowed(answer: FavoriteListResponse, toImageUrl: (url: string) => string): FollowedView {
  const titles = new Map(answer.title_list.map((title) => [title.title_id, title]));
  return {
    titles: answer.favorite_title_list.flatMap((entry) => {
      const title = titles.get(entry.title_id);
      return title ? [{ ...toTitleCard(title, toImageUrl), hasNewChapter: entry.is_unread_episode === 1 }] : [];
    }),
    count: answer.favorite_num,
    max: answer.max_favorite_num,
  };
}

export function toPurchased(
  answer: PurchasedTitleResponse,
  toImageUrl: (url: string) => string,
  page = 1,
): PurchasedView {
  return {
    page,
    listPageCount: Math.max(1, Math.ceil(answer.title_count / MY_PURCHASED_COUNT)),
    titles: answer.title_list.map((title) => ({
      id: title.title_id,
      href: titleHref(title.title_id),
      name: title.title_name,
      author: '',
      coverUrl: toImageUrl(title.thumbnail_image_url),
      badge: undefined,
    })),
    count: answer.title_count,
  };
}
