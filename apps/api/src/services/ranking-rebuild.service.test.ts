// RankingRebuildService's own rules on the real ranking, activity and title repositories (a fresh
// migrated test database per test): the score (views, purchases and recommendation clicks, decaying
// by day, only inside the window), the tabs it rewrites (All, Today's Specials by growth, one per
// genre), the entries kept per tab, a run without activity leaving the rankings alone, and staleness.
import { afterEach, describe, expect, it } from 'vitest';
import { RankingRepository } from '#src/repositories/ranking.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { RankingRebuildService } from '#src/services/ranking-rebuild.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertGenre, insertTitle } from '#test/factories.ts';
import { TEST_TIME_ZONE } from '#test/services/harness.ts';

/** 2026-05-20 12:00 in Tokyo (03:00 UTC). */
const NOW = Date.UTC(2026, 4, 20, 3);
const HOUR = 3_600_000;

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function setup(options: { entriesPerTab?: number } = {}) {
  const database = await createTestDatabase();
  opened.push(database);
  const { db } = database;
  let now = NOW;
  const service = new RankingRebuildService(
    {
      store: new RankingRepository(db),
      activity: new TitleActivityRepository(db),
      titles: new TitleRepository(db),
      clock: { now: () => now },
    },
    { timeZone: TEST_TIME_ZONE, windowDays: 3, entriesPerTab: options.entriesPerTab ?? 10, intervalMs: 6 * HOUR },
  );
  // Published well before NOW, updated before today: no title is a special for being new.
  const published = {
    published_at: NOW - 30 * 24 * HOUR,
    created_at: NOW - 30 * 24 * HOUR,
    updated_at: NOW - 30 * 24 * HOUR,
  };
  const [a, b, c, hidden] = [
    await insertTitle(db, published),
    await insertTitle(db, published),
    await insertTitle(db, published),
    await insertTitle(db, { ...published, published_at: NOW + 24 * HOUR }),
  ];
  const genre = await insertGenre(db);
  await db
    .insertInto('title_genre')
    .values([
      { title_id: b.id, genre_id: genre.id },
      { title_id: c.id, genre_id: genre.id },
    ])
    .execute();
  await db
    .insertInto('ranking_tab')
    .values([
      { id: 1, kind: 'all', genre_id: null, name_en: 'All', name_ja: '総合' },
      { id: 2, kind: 'today_special', genre_id: null, name_en: 'Specials', name_ja: '本日の注目' },
      { id: 3, kind: 'genre', genre_id: genre.id, name_en: 'Genre', name_ja: 'ジャンル' },
    ])
    .execute();
  const activity = (
    title_id: number,
    activity_date: string,
    counts: { views?: number; purchases?: number; recommend_clicks?: number },
  ) =>
    db
      .insertInto('title_activity_daily')
      .values({ title_id, activity_date, ...counts })
      .execute();
  const entries = async (rankingId: number) =>
    (
      await db.selectFrom('ranking_entry').selectAll().where('ranking_id', '=', rankingId).orderBy('position').execute()
    ).map((row) => [row.title_id, Number(row.score)]);
  return {
    db,
    service,
    titles: { a: a.id, b: b.id, c: c.id, hidden: hidden.id },
    activity,
    entries,
    setNow: (at: number) => (now = at),
  };
}

describe('RankingRebuildService', () => {
  it('scores views, purchases and clicks, decaying by day, and ranks every published title', async () => {
    const { service, titles, activity, entries } = await setup();
    // Today (2026-05-20) and the day before count; three days back is outside a 3-day window.
    await activity(titles.a, '2026-05-20', { views: 10 });
    await activity(titles.b, '2026-05-19', { purchases: 1, recommend_clicks: 1 });
    await activity(titles.c, '2026-05-17', { views: 1000 });
    await activity(titles.hidden, '2026-05-20', { views: 5000 });
    expect(await service.handleRebuildRankings()).toBe('success');
    // b: (10 + 2) × 0.8 = 9.6; a: 10; c: outside the window, 0, last among the published (by id).
    expect(await entries(1)).toEqual([
      [titles.a, 10],
      [titles.b, 9.6],
      [titles.c, 0],
    ]);
    // The genre tab keeps the order of the titles of that genre.
    expect(await entries(3)).toEqual([
      [titles.b, 9.6],
      [titles.c, 0],
    ]);
  });

  it("puts titles growing since yesterday in Today's Specials, most growth first", async () => {
    const { service, titles, activity, entries } = await setup();
    await activity(titles.a, '2026-05-19', { views: 50 });
    await activity(titles.a, '2026-05-20', { views: 10 });
    await activity(titles.b, '2026-05-20', { views: 3 });
    await activity(titles.c, '2026-05-20', { views: 8 });
    await service.handleRebuildRankings();
    // a shrank (10 − 50): not a special; c grew by 8, b by 3.
    expect(await entries(2)).toEqual([
      [titles.c, 8],
      [titles.b, 3],
    ]);
  });

  it('keeps only the entries asked per tab, and rewrites them on every run', async () => {
    const { service, titles, activity, entries } = await setup({ entriesPerTab: 2 });
    await activity(titles.c, '2026-05-20', { views: 30 });
    await activity(titles.b, '2026-05-20', { views: 20 });
    await activity(titles.a, '2026-05-20', { views: 10 });
    await service.handleRebuildRankings();
    expect((await entries(1)).map(([id]) => id)).toEqual([titles.c, titles.b]);
    await activity(titles.a, '2026-05-19', { purchases: 10 });
    await service.handleRebuildRankings();
    expect((await entries(1)).map(([id]) => id)).toEqual([titles.a, titles.c]);
  });

  it('leaves the rankings alone without activity in the window, and tells when they are stale', async () => {
    const { service, titles, activity, entries, setNow } = await setup();
    expect(await service.areRankingsStale()).toBe(true);
    expect(await service.handleRebuildRankings()).toBe('skipped');
    await activity(titles.a, '2026-05-20', { views: 1 });
    await service.handleRebuildRankings();
    expect(await service.areRankingsStale()).toBe(false);
    const before = await entries(1);
    // A week later the window is empty: skipped, and the last rankings stay; they are stale by then.
    setNow(NOW + 7 * 24 * HOUR);
    expect(await service.handleRebuildRankings()).toBe('skipped');
    expect(await entries(1)).toEqual(before);
    expect(await service.areRankingsStale()).toBe(true);
  });
});
