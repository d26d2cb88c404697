// Bookmarks as the screens show them (ADR 044): each with the chapter's name and the link that opens
// the viewer at its page. Pure, so it is tested without a browser.
import type { BookmarkListResponse } from '@manga/contracts';
import { withStartPage } from '#app/features/catalogue/reading-progress.ts';
import { episodeHref } from '#app/features/catalogue/title-view.ts';

export interface BookmarkItem {
  bookmarkId: number;
  titleId: number;
  titleName: string;
  episodeName: string;
  page: number;
  note: string;
  /** The viewer at the bookmarked page. */
  href: string;
  createdTime: string;
}

export function toBookmarkItems(
  answer: Pick<BookmarkListResponse, 'bookmark_list' | 'title_list' | 'episode_list'>,
): BookmarkItem[] {
  const titles = new Map(answer.title_list.map((title) => [title.title_id, title.title_name]));
  const episodes = new Map(answer.episode_list.map((episode) => [episode.episode_id, episode.episode_name]));
  return answer.bookmark_list.map((bookmark) => ({
    bookmarkId: bookmark.bookmark_id,
    titleId: bookmark.title_id,
    titleName: titles.get(bookmark.title_id) ?? '',
    episodeName: episodes.get(bookmark.episode_id) ?? '',
    page: bookmark.page,
    note: bookmark.note,
    href: withStartPage(episodeHref(bookmark.title_id, bookmark.episode_id), bookmark.page),
    createdTime: bookmark.created_time,
  }));
}
