// Page bookmarks (issue 28, ADR 044): a logged-in reader bookmarks a page of a chapter they may open
// (the viewer's rule), with an optional note; at most MAX_BOOKMARK_NUM; a page bookmarked again
// keeps its one bookmark with the newer note. Bookmarks are the account's, so every device lists
// them; another reader's bookmark id is answered as unknown (1001), never changed.
import { type Bookmark, formatWireDateTime, MAX_BOOKMARK_NUM, ResponseCode } from '@manga/contracts';
import type { BookmarkRow } from '#src/db/schema.ts';
import type { BookmarkListRow, BookmarkRepository } from '#src/repositories/bookmark.repository.ts';
import { type RequestAuth, requireActiveUser, requireLogin } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { Paging } from '#src/rules/paging.rules.ts';
import type { CatalogueService, EpisodeListContext } from '#src/services/catalogue.service.ts';
import type { ViewerService } from '#src/services/viewer.service.ts';

export type BookmarkStore = Pick<
  BookmarkRepository,
  | 'listBookmarks'
  | 'listBookmarksByTitle'
  | 'countBookmarks'
  | 'upsertBookmark'
  | 'updateBookmarkNote'
  | 'deleteBookmark'
>;

export interface BookmarkServiceDeps {
  bookmarks: BookmarkStore;
  viewer: Pick<ViewerService, 'getOpenableEpisode'>;
  catalogue: Pick<CatalogueService, 'listTitles' | 'listEpisodes'>;
  clock: { now(): number };
}

/** The window of the list a `limit` / `offset` asks for (none: all of them). */
export function bookmarkWindow(paging: Paging): { limit: number; offset: number } {
  const offset = Math.min(paging.offset ?? 0, MAX_BOOKMARK_NUM);
  const asked = paging.limit === undefined || paging.limit === 0 ? MAX_BOOKMARK_NUM : paging.limit;
  return { limit: Math.min(asked, MAX_BOOKMARK_NUM - offset), offset };
}

export class BookmarkService {
  constructor(
    private readonly deps: BookmarkServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /bookmark/list: one title's bookmarks in reading order, or all of them, newest first. */
  async listBookmarks(auth: RequestAuth, query: Paging & { title_id?: number }, context: EpisodeListContext) {
    const user = requireLogin(auth);
    const { limit, offset } = bookmarkWindow(query);
    const [rows, count] = await Promise.all([
      limit === 0
        ? []
        : query.title_id === undefined
          ? this.deps.bookmarks.listBookmarks(user.userId, limit, offset)
          : this.deps.bookmarks.listBookmarksByTitle(user.userId, query.title_id, limit, offset),
      this.deps.bookmarks.countBookmarks(user.userId),
    ]);
    const [titles, episodes] = await Promise.all([
      this.deps.catalogue.listTitles(unique(rows.map((row) => row.title_id)), context),
      this.deps.catalogue.listEpisodes(unique(rows.map((row) => row.episode_id)), context),
    ]);
    const titleIds = new Set(titles.map((title) => title.title_id));
    const episodeIds = new Set(episodes.map((episode) => episode.episode_id));
    const shown = rows.filter((row: BookmarkListRow) => titleIds.has(row.title_id) && episodeIds.has(row.episode_id));
    return {
      bookmark_list: shown.map((row) => this.toBookmark(row)),
      title_list: titles,
      episode_list: episodes,
      bookmark_num: count,
      max_bookmark_num: MAX_BOOKMARK_NUM,
    };
  }

  /**
   * POST /bookmark/add: bookmarks a page of a chapter the reader may open now (3104, 2016, 3105 as
   * the viewer answers), 1001 for a page outside it, 3301 past the limit.
   */
  async addBookmark(
    auth: RequestAuth,
    request: { episodeId: number; page: number; note: string },
    context: EpisodeListContext,
  ) {
    const user = requireActiveUser(auth);
    const { episode } = await this.deps.viewer.getOpenableEpisode(request.episodeId, context.reader);
    if (request.page < 1 || request.page > episode.page_count) {
      throw new DomainError(ResponseCode.InvalidParameter, `page must be between 1 and ${episode.page_count}`);
    }
    const row = await this.deps.bookmarks.upsertBookmark(
      { userId: user.userId, titleId: episode.title_id, episodeId: episode.id, page: request.page, note: request.note },
      this.deps.clock.now(),
      MAX_BOOKMARK_NUM,
    );
    if (!row) throw new DomainError(ResponseCode.BookmarkLimitOver);
    return this.changed(user.userId, row);
  }

  /** POST /bookmark/update: a new note for one of the reader's bookmarks; 1001 for any other id. */
  async updateBookmark(auth: RequestAuth, bookmarkId: number, note: string) {
    const user = requireActiveUser(auth);
    const row = await this.deps.bookmarks.updateBookmarkNote(user.userId, bookmarkId, note, this.deps.clock.now());
    if (!row) throw unknownBookmark();
    return this.changed(user.userId, row);
  }

  /** POST /bookmark/delete: deletes one of the reader's bookmarks; nothing for any other id (a replay changes nothing). */
  async deleteBookmark(auth: RequestAuth, bookmarkId: number) {
    const user = requireLogin(auth);
    await this.deps.bookmarks.deleteBookmark(user.userId, bookmarkId);
    return this.changed(user.userId, null);
  }

  private async changed(userId: number, row: BookmarkRow | null) {
    return {
      bookmark: row && this.toBookmark(row),
      bookmark_num: await this.deps.bookmarks.countBookmarks(userId),
      max_bookmark_num: MAX_BOOKMARK_NUM,
    };
  }

  private toBookmark(row: BookmarkRow): Bookmark {
    const { timeZone } = this.options;
    return {
      bookmark_id: row.id,
      title_id: row.title_id,
      episode_id: row.episode_id,
      page: row.page,
      note: row.note,
      created_time: formatWireDateTime(new Date(Number(row.created_at)), timeZone),
      updated_time: formatWireDateTime(new Date(Number(row.updated_at)), timeZone),
    };
  }
}

/** Another reader's bookmark and an unknown id answer alike, so ids cannot be probed. */
function unknownBookmark(): DomainError {
  return new DomainError(ResponseCode.InvalidParameter, 'invalid parameter bookmark_id: no such bookmark');
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
