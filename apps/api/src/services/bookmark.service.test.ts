// BookmarkService's own rules on the real BookmarkRepository (a migrated test database): a page of a
// chapter the reader may open, within its pages; one bookmark a page (the newer note wins); the limit
// of MAX_BOOKMARK_NUM; another reader's bookmark answered as unknown; who may do what; the lists'
// order and window. Whether a chapter opens is the viewer's rule (a stub here: viewer.service.test.ts).
import { MAX_BOOKMARK_NUM, ResponseCode } from '@manga/contracts';
import { makeEpisode, makeTitle } from '@manga/contracts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeRow } from '#src/db/schema.ts';
import { BookmarkRepository } from '#src/repositories/bookmark.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { BookmarkService, bookmarkWindow } from '#src/services/bookmark.service.ts';
import type { EpisodeAccessAnswer } from '#src/services/entitlement.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';
import { codeOf } from '#test/services/harness.ts';
import { authStub, readerStub } from '#test/services/stubs.ts';

const context = { locale: 'en' as const, reader: readerStub.adult };

describe('BookmarkService', () => {
  let database: TestDatabase;
  let now = TEST_NOW;
  let service: BookmarkService;
  /** Chapters the stub viewer opens (the rest answer 3104); also the ones the catalogue lists. */
  const openable = new Map<number, EpisodeRow>();
  let titleId: number;
  let chapters: EpisodeRow[];

  beforeAll(async () => {
    database = await createTestDatabase();
    service = new BookmarkService(
      {
        bookmarks: new BookmarkRepository(database.db),
        viewer: {
          getOpenableEpisode: async (episodeId) => {
            const episode = openable.get(episodeId);
            if (!episode) throw new DomainError(ResponseCode.ViewerEpisodeNotFound);
            return { episode } as EpisodeAccessAnswer;
          },
        },
        catalogue: {
          listTitles: async (ids) => ids.map((id) => makeTitle({ title_id: id })),
          listEpisodes: async (ids) =>
            ids.filter((id) => openable.has(id)).map((id) => makeEpisode({ episode_id: id })),
        },
        clock: { now: () => now },
      },
      { timeZone: 'Asia/Tokyo' },
    );
    titleId = (await insertTitle(database.db)).id;
    chapters = [];
    for (const sort_index of [1, 2, 3]) {
      const episode = await insertEpisode(database.db, { title_id: titleId, sort_index, page_count: 20 });
      openable.set(episode.id, episode);
      chapters.push(episode);
    }
  });
  afterAll(() => database?.close());

  async function reader() {
    return authStub.web(await insertUser(database.db));
  }

  it('bookmarks a page of a chapter the reader may open, within its pages, once a page', async () => {
    const auth = await reader();
    const [one] = chapters;
    const added = await service.addBookmark(auth, { episodeId: one!.id, page: 3, note: 'first' }, context);
    expect(added).toMatchObject({
      bookmark: { episode_id: one!.id, title_id: titleId, page: 3, note: 'first' },
      bookmark_num: 1,
      max_bookmark_num: MAX_BOOKMARK_NUM,
    });
    now += 1000;
    const again = await service.addBookmark(auth, { episodeId: one!.id, page: 3, note: 'newer' }, context);
    expect(again.bookmark).toMatchObject({ bookmark_id: added.bookmark!.bookmark_id, note: 'newer' });
    expect(again.bookmark_num).toBe(1);
    for (const page of [0, 21, -1]) {
      expect(await codeOf(service.addBookmark(auth, { episodeId: one!.id, page, note: '' }, context))).toBe(
        ResponseCode.InvalidParameter,
      );
    }
    expect(await codeOf(service.addBookmark(auth, { episodeId: 99_999_999, page: 1, note: '' }, context))).toBe(
      ResponseCode.ViewerEpisodeNotFound,
    );
    expect((await service.listBookmarks(auth, {}, context)).bookmark_num).toBe(1);
  });

  it(`stops at ${MAX_BOOKMARK_NUM} bookmarks, while a bookmarked page can still take a new note`, async () => {
    const auth = await reader();
    const userId = auth.user!.userId;
    // The limit's rows written directly: only the service's answer at the limit is under test.
    const rows = Array.from({ length: MAX_BOOKMARK_NUM }, (_, i) => ({
      user_id: userId,
      title_id: titleId,
      episode_id: chapters[i % 3]!.id,
      // Page 1 of the first chapter, then pages no test adds.
      page: i === 0 ? 1 : 100 + i,
      note: '',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await database.db
        .insertInto('bookmark')
        .values(rows.slice(i, i + 100))
        .execute();
    expect(await codeOf(service.addBookmark(auth, { episodeId: chapters[0]!.id, page: 20, note: '' }, context))).toBe(
      ResponseCode.BookmarkLimitOver,
    );
    const kept = await service.addBookmark(auth, { episodeId: chapters[0]!.id, page: 1, note: 'still' }, context);
    expect(kept).toMatchObject({ bookmark: { note: 'still' }, bookmark_num: MAX_BOOKMARK_NUM });
  });

  it("answers another reader's bookmark as unknown, and deleting it changes nothing", async () => {
    const owner = await reader();
    const other = await reader();
    const { bookmark } = await service.addBookmark(
      owner,
      { episodeId: chapters[1]!.id, page: 2, note: 'mine' },
      context,
    );
    const id = bookmark!.bookmark_id;
    expect(await codeOf(service.updateBookmark(other, id, 'theirs'))).toBe(ResponseCode.InvalidParameter);
    expect(await codeOf(service.updateBookmark(owner, 99_999_999, 'x'))).toBe(ResponseCode.InvalidParameter);
    expect(await service.deleteBookmark(other, id)).toMatchObject({ bookmark: null, bookmark_num: 0 });
    const list = await service.listBookmarks(owner, {}, context);
    expect(list.bookmark_list).toMatchObject([{ bookmark_id: id, note: 'mine' }]);
    expect(await service.updateBookmark(owner, id, 'edited')).toMatchObject({ bookmark: { note: 'edited' } });
    expect(await service.deleteBookmark(owner, id)).toMatchObject({ bookmark: null, bookmark_num: 0 });
    // A replayed delete answers the same.
    expect(await service.deleteBookmark(owner, id)).toMatchObject({ bookmark: null, bookmark_num: 0 });
  });

  it('lets a guest do nothing, and a suspended reader only read and delete', async () => {
    const [one] = chapters;
    expect(
      await codeOf(service.addBookmark(authStub.anonymous, { episodeId: one!.id, page: 1, note: '' }, context)),
    ).toBe(ResponseCode.UserNotLogin);
    expect(await codeOf(service.listBookmarks(authStub.deadToken, {}, context))).toBe(ResponseCode.WebTokenInvalid);
    const active = await reader();
    const { bookmark } = await service.addBookmark(active, { episodeId: one!.id, page: 5, note: '' }, context);
    const suspended = authStub.web({ id: active.user!.userId, status: 'suspended' });
    expect(await codeOf(service.addBookmark(suspended, { episodeId: one!.id, page: 6, note: '' }, context))).toBe(
      ResponseCode.AccountSuspended,
    );
    expect(await codeOf(service.updateBookmark(suspended, bookmark!.bookmark_id, 'x'))).toBe(
      ResponseCode.AccountSuspended,
    );
    expect((await service.listBookmarks(suspended, {}, context)).bookmark_num).toBe(1);
    expect(await service.deleteBookmark(suspended, bookmark!.bookmark_id)).toMatchObject({ bookmark_num: 0 });
  });

  it("lists a title's bookmarks in reading order, all of them newest first, and hides closed chapters", async () => {
    const auth = await reader();
    const [one, two, three] = chapters;
    const add = async (episode: EpisodeRow, page: number) => {
      now += 1000;
      return (await service.addBookmark(auth, { episodeId: episode.id, page, note: '' }, context)).bookmark!;
    };
    const c = await add(three!, 1);
    const a = await add(one!, 9);
    const b = await add(two!, 4);
    const a2 = await add(one!, 2);
    const ids = (list: { bookmark_list: { bookmark_id: number }[] }) => list.bookmark_list.map((x) => x.bookmark_id);

    expect(ids(await service.listBookmarks(auth, {}, context))).toEqual([
      a2.bookmark_id,
      b.bookmark_id,
      a.bookmark_id,
      c.bookmark_id,
    ]);
    expect(ids(await service.listBookmarks(auth, { title_id: titleId }, context))).toEqual([
      a2.bookmark_id,
      a.bookmark_id,
      b.bookmark_id,
      c.bookmark_id,
    ]);
    expect(ids(await service.listBookmarks(auth, { limit: 2, offset: 1 }, context))).toEqual([
      b.bookmark_id,
      a.bookmark_id,
    ]);

    // A chapter no longer open drops out of the list, and still counts toward the limit.
    openable.delete(two!.id);
    const shown = await service.listBookmarks(auth, {}, context);
    expect(ids(shown)).toEqual([a2.bookmark_id, a.bookmark_id, c.bookmark_id]);
    expect(shown.bookmark_num).toBe(4);
    openable.set(two!.id, two!);
  });
});

describe('bookmarkWindow', () => {
  it('reads limit 0 or none as all, and never reaches past the limit', () => {
    expect(bookmarkWindow({})).toEqual({ limit: MAX_BOOKMARK_NUM, offset: 0 });
    expect(bookmarkWindow({ limit: 0, offset: 10 })).toEqual({ limit: MAX_BOOKMARK_NUM - 10, offset: 10 });
    expect(bookmarkWindow({ limit: 3, offset: 1 })).toEqual({ limit: 3, offset: 1 });
    expect(bookmarkWindow({ offset: MAX_BOOKMARK_NUM + 1 })).toEqual({ limit: 0, offset: MAX_BOOKMARK_NUM });
  });
});
