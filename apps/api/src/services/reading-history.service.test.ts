// ReadingHistoryService's rules on in-memory rows: a reader's own history only, most recent first,
// at most product §9's 20 titles, each with its title, last chapter and page; deleting forgets the pages
// too. The SQL itself is tested in test/integration/api-reading-history.test.ts on both dialects.
import { READING_HISTORY_LIMIT, ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { Reader } from '#src/rules/entitlement.rules.ts';
import { historyWindow } from '#src/services/reading-history.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newReadingHistoryService, refusal } from '#test/services/harness.ts';
import { authStub, readerStub, titleStub } from '#test/services/stubs.ts';

const MINUTE = 60_000;

function setup() {
  const { sut, world } = newReadingHistoryService();
  const reader = world.addUser();
  const other = world.addUser();
  const titles = [1, 2, 3].map(() => world.addTitle(titleStub.withFreeWindows({ free_first_count: 5 })));
  const episodes = titles.map((title) =>
    world.addEpisode({ title_id: title.id, sort_index: 1, start_at: TEST_NOW - 86_400_000, page_count: 16 }),
  );
  // The reader read title 0 first, then 2, then 1 (newest); the other reader read title 0.
  for (const [index, at] of [
    [0, 1],
    [2, 2],
    [1, 3],
  ] as const) {
    world.tables.viewHistory.push({
      user_id: reader.id,
      title_id: titles[index]!.id,
      episode_id: episodes[index]!.id,
      viewed_at: TEST_NOW - (10 - at) * MINUTE,
    });
  }
  world.tables.viewHistory.push({
    user_id: other.id,
    title_id: titles[0]!.id,
    episode_id: episodes[0]!.id,
    viewed_at: TEST_NOW,
  });
  for (const [user, page] of [
    [reader, 7],
    [other, 3],
  ] as const) {
    world.tables.episodeViews.push({
      user_id: user.id,
      title_id: titles[0]!.id,
      episode_id: episodes[0]!.id,
      first_viewed_at: TEST_NOW - 10 * MINUTE,
      last_viewed_at: TEST_NOW - 9 * MINUTE,
      finished_at: null,
      last_page: page,
      last_device: '',
    });
  }
  const context = { locale: 'en' as const, reader: { ...readerStub.adult, user: authStub.web(reader).user } as Reader };
  return { sut, world, reader, other, titles, episodes, context };
}

describe('historyWindow', () => {
  it('keeps limit and offset inside the most recent READING_HISTORY_LIMIT titles', () => {
    expect(READING_HISTORY_LIMIT).toBe(20);
    expect(historyWindow({})).toEqual({ limit: 20, offset: 0 });
    expect(historyWindow({ limit: 99999 })).toEqual({ limit: 20, offset: 0 });
    expect(historyWindow({ limit: 5, offset: 18 })).toEqual({ limit: 2, offset: 18 });
    expect(historyWindow({ offset: 40 })).toEqual({ limit: 0, offset: 20 });
  });
});

describe('ReadingHistoryService', () => {
  it("lists the reader's own titles, newest first, with the chapter and page to continue from", async () => {
    const { sut, reader, titles, episodes, context } = setup();
    const answer = await sut.listViewedTitles(authStub.web(reader), {}, context);
    expect(answer.viewed_title_list.map((v) => v.title_id)).toEqual([titles[1]!.id, titles[2]!.id, titles[0]!.id]);
    expect(answer.title_list.map((t) => t.title_id)).toEqual(answer.viewed_title_list.map((v) => v.title_id));
    expect(answer.episode_list.map((e) => e.episode_id)).toEqual(answer.viewed_title_list.map((v) => v.episode_id));
    expect(answer.viewed_title_list[2]).toEqual({
      title_id: titles[0]!.id,
      episode_id: episodes[0]!.id,
      page: 7,
      page_count: 16,
      is_finished: 0,
      viewed_time: '2026-01-01 08:51:00',
      device_name: '',
      page_time: '2026-01-01 08:51:00',
    });
    expect(answer.viewed_title_list[0]).toMatchObject({ page: 0, is_finished: 0 });
    const second = await sut.listViewedTitles(authStub.web(reader), { limit: 1, offset: 1 }, context);
    expect(second.viewed_title_list.map((v) => v.title_id)).toEqual([titles[2]!.id]);
  });

  it('leaves out titles no longer published', async () => {
    const { sut, world, reader, titles, context } = setup();
    world.tables.titles.find((t) => t.id === titles[1]!.id)!.published_at = TEST_NOW + MINUTE;
    const answer = await sut.listViewedTitles(authStub.web(reader), {}, context);
    expect(answer.viewed_title_list.map((v) => v.title_id)).toEqual([titles[2]!.id, titles[0]!.id]);
    expect(answer.title_list).toHaveLength(2);
    expect(answer.episode_list).toHaveLength(2);
  });

  it('answers one title of the history, or null', async () => {
    const { sut, world, reader, titles } = setup();
    expect((await sut.getViewedTitle(authStub.web(reader), titles[0]!.id)).viewed_title).toMatchObject({ page: 7 });
    const unread = world.addTitle();
    expect(await sut.getViewedTitle(authStub.web(reader), unread.id)).toEqual({ viewed_title: null });
    expect(await sut.getViewedTitle(authStub.web(reader), 999_999)).toEqual({ viewed_title: null });
  });

  it("deletes one title of the reader's own history with its pages, never another reader's", async () => {
    const { sut, world, reader, other, titles, context } = setup();
    await sut.deleteViewedTitle(authStub.web(reader), titles[0]!.id);
    const answer = await sut.listViewedTitles(authStub.web(reader), {}, context);
    expect(answer.viewed_title_list.map((v) => v.title_id)).toEqual([titles[1]!.id, titles[2]!.id]);
    // The episode stays opened (comments need it), without its page.
    expect(world.tables.episodeViews.find((v) => v.user_id === reader.id)).toMatchObject({ last_page: 0 });
    expect((await sut.getViewedTitle(authStub.web(other), titles[0]!.id)).viewed_title).toMatchObject({ page: 3 });
    // Deleting what is not there (again, or an unknown title) changes nothing and succeeds.
    await expect(sut.deleteViewedTitle(authStub.web(reader), titles[0]!.id)).resolves.toEqual({});
    await expect(sut.deleteViewedTitle(authStub.web(reader), 999_999)).resolves.toEqual({});
  });

  it("deletes the reader's whole history, never another reader's", async () => {
    const { sut, world, reader, other, titles, context } = setup();
    await sut.deleteAllViewedTitles(authStub.web(reader));
    expect((await sut.listViewedTitles(authStub.web(reader), {}, context)).viewed_title_list).toEqual([]);
    expect(world.tables.viewHistory.map((h) => h.user_id)).toEqual([other.id]);
    expect((await sut.getViewedTitle(authStub.web(other), titles[0]!.id)).viewed_title).toMatchObject({ page: 3 });
  });

  it('asks guests to log in (2011) and dead sessions to log in again (1101)', async () => {
    const { sut, titles, context } = setup();
    for (const [auth, code] of [
      [authStub.anonymous, ResponseCode.UserNotLogin],
      [authStub.deadToken, ResponseCode.WebTokenInvalid],
    ] as const) {
      expect((await refusal(sut.listViewedTitles(auth, {}, context))).code).toBe(code);
      expect((await refusal(sut.getViewedTitle(auth, titles[0]!.id))).code).toBe(code);
      expect((await refusal(sut.deleteViewedTitle(auth, titles[0]!.id))).code).toBe(code);
      expect((await refusal(sut.deleteAllViewedTitles(auth))).code).toBe(code);
    }
  });
});
