// FavoriteService's own rules on the real FavoriteRepository (a migrated test database): the limit of
// MAX_FAVORITE_NUM followed titles, who may follow and unfollow, the list's window and order, the
// "new chapter" flags laid over it, and `favorite_status` on Titles. The catalogue is a stub: which
// titles are published and how they read is CatalogueService's (catalogue.service.test.ts).
import { FavoriteStatus, MAX_FAVORITE_NUM, ResponseCode, type Title } from '@manga/contracts';
import { makeTitle } from '@manga/contracts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavoriteRepository } from '#src/repositories/favorite.repository.ts';
import { FavoriteService, favoriteWindow } from '#src/services/favorite.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertEpisode, insertTitle, insertUser, TEST_NOW } from '#test/factories.ts';
import { codeOf } from '#test/services/harness.ts';
import { authStub } from '#test/services/stubs.ts';

const context = { locale: 'en' as const };
const MINUTE = 60_000;

describe('FavoriteService', () => {
  let database: TestDatabase;
  /** Titles the stub catalogue publishes; the rest answer as unknown. */
  const published = new Set<number>();
  let now = TEST_NOW;
  let service: FavoriteService;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = new FavoriteService(
      {
        favorites: new FavoriteRepository(database.db),
        catalogue: {
          listTitles: async (ids: readonly number[]) =>
            ids.filter((id) => published.has(id)).map((id) => makeTitle({ title_id: id, episode_free_updated: null })),
        },
        clock: { now: () => now },
      },
      { timeZone: 'Asia/Tokyo' },
    );
  });
  afterAll(() => database?.close());

  async function reader(status: 'active' | 'suspended' = 'active') {
    const user = await insertUser(database.db, { status });
    return { user, auth: authStub.web(user) };
  }

  async function titles(count: number, options: { published?: boolean } = {}): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const title = await insertTitle(database.db);
      if (options.published !== false) published.add(title.id);
      ids.push(title.id);
    }
    return ids;
  }

  it('follows a published title once, and refuses an unknown or unpublished one', async () => {
    const { auth } = await reader();
    const [id, hidden] = [...(await titles(1)), ...(await titles(1, { published: false }))];
    const first = await service.addFavoriteTitle(auth, id!, context);
    expect(first).toEqual({ title_id: id, favorite_status: FavoriteStatus.Favorite, favorite_num: 1 });
    expect(await service.addFavoriteTitle(auth, id!, context)).toEqual(first);
    expect(await codeOf(service.addFavoriteTitle(auth, hidden!, context))).toBe(ResponseCode.TitleNotFound);
    expect(await codeOf(service.addFavoriteTitle(auth, 99_999_999, context))).toBe(ResponseCode.TitleNotFound);
    expect((await service.listFavoriteTitles(auth, {}, context)).favorite_num).toBe(1);
  });

  it(`stops at ${MAX_FAVORITE_NUM} titles, while following one already followed still answers`, async () => {
    const { auth } = await reader();
    const ids = await titles(MAX_FAVORITE_NUM + 1);
    for (const id of ids.slice(0, MAX_FAVORITE_NUM)) await service.addFavoriteTitle(auth, id, context);
    expect(await codeOf(service.addFavoriteTitle(auth, ids.at(-1)!, context))).toBe(ResponseCode.FavoriteLimitOver);
    expect(await service.addFavoriteTitle(auth, ids[0]!, context)).toMatchObject({ favorite_num: MAX_FAVORITE_NUM });
    // Unfollowing one makes room again.
    await service.deleteFavoriteTitle(auth, ids[0]!);
    expect(await service.addFavoriteTitle(auth, ids.at(-1)!, context)).toMatchObject({
      favorite_num: MAX_FAVORITE_NUM,
    });
  });

  it('lets only a logged-in reader use the list; a suspended one may unfollow but not follow', async () => {
    const [id] = await titles(1);
    expect(await codeOf(service.addFavoriteTitle(authStub.anonymous, id!, context))).toBe(ResponseCode.UserNotLogin);
    expect(await codeOf(service.listFavoriteTitles(authStub.deadToken, {}, context))).toBe(
      ResponseCode.WebTokenInvalid,
    );
    const active = await reader();
    await service.addFavoriteTitle(active.auth, id!, context);
    const suspended = authStub.web({ id: active.user.id, status: 'suspended' });
    expect(await codeOf(service.addFavoriteTitle(suspended, id!, context))).toBe(ResponseCode.AccountSuspended);
    expect(await service.deleteFavoriteTitle(suspended, id!)).toEqual({
      title_id: id,
      favorite_status: FavoriteStatus.None,
      favorite_num: 0,
    });
  });

  it('lists the most recently followed first, in the asked window, with the new-chapter flags', async () => {
    const { auth } = await reader();
    const [a, b, c] = await titles(3);
    now = TEST_NOW;
    await service.addFavoriteTitle(auth, a!, context);
    now = TEST_NOW + MINUTE;
    await service.addFavoriteTitle(auth, b!, context);
    now = TEST_NOW + 2 * MINUTE;
    await service.addFavoriteTitle(auth, c!, context);
    // A chapter of `a` came out after it was followed; `b` has only one from before.
    await insertEpisode(database.db, { title_id: a!, start_at: TEST_NOW + 30_000 });
    await insertEpisode(database.db, { title_id: b!, start_at: TEST_NOW - MINUTE });
    now = TEST_NOW + 3 * MINUTE;

    const all = await service.listFavoriteTitles(auth, {}, context);
    expect(all.favorite_title_list.map((row) => row.title_id)).toEqual([c, b, a]);
    expect(all.title_list.map((title: Title) => [title.title_id, title.favorite_status])).toEqual([
      [c, FavoriteStatus.Favorite],
      [b, FavoriteStatus.Favorite],
      [a, FavoriteStatus.Favorite],
    ]);
    const flags = Object.fromEntries(all.favorite_title_list.map((row) => [row.title_id, row.is_unread_episode]));
    expect(flags).toEqual({ [a!]: 1, [b!]: 0, [c!]: 0 });
    expect(all.favorite_title_list.find((row) => row.title_id === a)!.paid_episode_updated).not.toBeNull();
    expect(all).toMatchObject({ favorite_num: 3, max_favorite_num: MAX_FAVORITE_NUM });

    const window = await service.listFavoriteTitles(auth, { limit: 1, offset: 1, needs_title_list: 0 }, context);
    expect(window.favorite_title_list.map((row) => row.title_id)).toEqual([b]);
    expect(window.title_list).toEqual([]);
    expect(window.favorite_num).toBe(3);

    // A title no longer published drops out of the list but still counts toward the limit.
    published.delete(b!);
    const shown = await service.listFavoriteTitles(auth, {}, context);
    expect(shown.favorite_title_list.map((row) => row.title_id)).toEqual([c, a]);
    expect(shown.favorite_num).toBe(3);
    published.add(b!);
    now = TEST_NOW;
  });

  it("marks only the caller's followed titles, and leaves a guest's Titles as they are", async () => {
    const one = await reader();
    const other = await reader();
    const [x, y] = await titles(2);
    await service.addFavoriteTitle(one.auth, x!, context);
    const statuses = async (auth: Parameters<FavoriteService['listTitles']>[0]) =>
      (await service.listTitles(auth, [x!, y!], context)).map((title) => title.favorite_status);
    expect(await statuses(one.auth)).toEqual([FavoriteStatus.Favorite, FavoriteStatus.None]);
    expect(await statuses(other.auth)).toEqual([FavoriteStatus.None, FavoriteStatus.None]);
    expect(await statuses(authStub.anonymous)).toEqual([FavoriteStatus.None, FavoriteStatus.None]);
  });
});

describe('favoriteWindow', () => {
  it('reads limit 0 or none as all, and never reaches past the limit', () => {
    expect(favoriteWindow({})).toEqual({ limit: MAX_FAVORITE_NUM, offset: 0 });
    expect(favoriteWindow({ limit: 0, offset: 10 })).toEqual({ limit: MAX_FAVORITE_NUM - 10, offset: 10 });
    expect(favoriteWindow({ limit: 5, offset: 2 })).toEqual({ limit: 5, offset: 2 });
    expect(favoriteWindow({ limit: 50, offset: MAX_FAVORITE_NUM + 7 })).toEqual({ limit: 0, offset: MAX_FAVORITE_NUM });
  });
});
