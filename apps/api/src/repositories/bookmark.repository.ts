import type { Kysely } from 'kysely';
import type { BookmarkRow, Database, Millis } from '#src/db/schema.ts';

/** A page to bookmark (ADR 044). */
export interface NewBookmark {
  userId: number;
  titleId: number;
  episodeId: number;
  page: number;
  note: string;
}

/** Bookmarks with the sort key of their chapter (the title's order), for a title's list in reading order. */
export type BookmarkListRow = BookmarkRow & { sort_index: number };

// Each reader's page bookmarks (bookmark). Reads and writes only; the limit, the note's rules and
// who may do what belong to BookmarkService.
export class BookmarkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private bookmarks(userId: number) {
    return this.db
      .selectFrom('bookmark as b')
      .innerJoin('episode as e', 'e.id', 'b.episode_id')
      .selectAll('b')
      .select('e.sort_index')
      .where('b.user_id', '=', userId);
  }

  /** The reader's bookmarks, newest first. */
  listBookmarks(userId: number, limit: number, offset: number): Promise<BookmarkListRow[]> {
    return this.bookmarks(userId)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** The reader's bookmarks in one title, in reading order (chapter, then page). */
  listBookmarksByTitle(userId: number, titleId: number, limit: number, offset: number): Promise<BookmarkListRow[]> {
    return this.bookmarks(userId)
      .where('b.title_id', '=', titleId)
      .orderBy('e.sort_index')
      .orderBy('b.episode_id')
      .orderBy('b.page')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  findBookmark(userId: number, bookmarkId: number): Promise<BookmarkRow | undefined> {
    return this.db
      .selectFrom('bookmark')
      .selectAll()
      .where('id', '=', bookmarkId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  findBookmarkByPage(userId: number, episodeId: number, page: number): Promise<BookmarkRow | undefined> {
    return this.db
      .selectFrom('bookmark')
      .selectAll()
      .where('user_id', '=', userId)
      .where('episode_id', '=', episodeId)
      .where('page', '=', page)
      .executeTakeFirst();
  }

  async countBookmarks(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('bookmark')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Bookmarks a page, or sets the note of the page's bookmark when there is one already. A new
   * bookmark is added only while the reader keeps fewer than `max`; the user's row lock (a no-op
   * write) makes concurrent adds of one reader count one after the other, so the limit holds on
   * PostgreSQL too. Returns the stored row, or undefined when the limit refused a new one.
   */
  upsertBookmark(bookmark: NewBookmark, now: Millis, max: number): Promise<BookmarkRow | undefined> {
    const { userId, titleId, episodeId, page, note } = bookmark;
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
      const updated = await trx
        .updateTable('bookmark')
        .set({ note, updated_at: now })
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .where('page', '=', page)
        .returningAll()
        .executeTakeFirst();
      if (updated) return updated;
      const { count } = await trx
        .selectFrom('bookmark')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return undefined;
      return trx
        .insertInto('bookmark')
        .values({
          user_id: userId,
          title_id: titleId,
          episode_id: episodeId,
          page,
          note,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Sets a bookmark's note; undefined when the reader has no bookmark of that id. */
  updateBookmarkNote(userId: number, bookmarkId: number, note: string, now: Millis): Promise<BookmarkRow | undefined> {
    return this.db
      .updateTable('bookmark')
      .set({ note, updated_at: now })
      .where('id', '=', bookmarkId)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes one of the reader's bookmarks (nothing when the reader has none of that id). */
  async deleteBookmark(userId: number, bookmarkId: number): Promise<void> {
    await this.db.deleteFrom('bookmark').where('id', '=', bookmarkId).where('user_id', '=', userId).execute();
  }
}
