// The scheduled jobs of one API process (ADR 009, ADR 014): main.ts starts the container's
// JobScheduler when MANGA_JOBS_ENABLED is on; it holds RebuildRankings and ExpirePoints, runs each at
// start when its data is due, records the runs in the job table, and closing the app stops its timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wireDate } from '#src/rules/wire-calendar.rules.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { balanceOf, createReader, DAY_MS, grant, ledgerAnomalies } from '#test/commerce.ts';
import { insertTitle, TEST_NOW } from '#test/factories.ts';

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (line: string) => lines.push(line), error: (_: object, line: string) => lines.push(line) },
  };
};

describe('JobScheduler in the app', () => {
  it('runs RebuildRankings and ExpirePoints at start when their data is due, and records both runs', async () => {
    t = await createTestApp();
    const { db } = t.database;
    const title = await insertTitle(db);
    await t.app.container.repositories.titleActivity.incrementActivity(
      title.id,
      wireDate(TEST_NOW, t.config.wireTimeZone),
      'views',
    );
    const reader = await createReader(t);
    await grant(t, reader.userId, 'free', 30, TEST_NOW + DAY_MS);
    t.clock.set(TEST_NOW + DAY_MS);

    const { jobs } = t.app.container.services;
    const { lines, log } = quietLog();
    jobs.start(log);
    await jobs.stop(); // waits for the runs started at start

    const runs = await db.selectFrom('job').select(['name', 'status']).orderBy('name').execute();
    expect(runs).toEqual([
      { name: 'ExpirePoints', status: 'success' },
      { name: 'RebuildRankings', status: 'success' },
    ]);
    expect(lines).toEqual(expect.arrayContaining(['Job ExpirePoints: success', 'Job RebuildRankings: success']));
    expect(await balanceOf(db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(await ledgerAnomalies(db)).toEqual([]);
  });

  it('starts one timer per job and leaves none behind once the app is closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await createTestApp();
    const { jobs } = t.app.container.services;
    jobs.start(quietLog().log);
    // RebuildRankings, ExpirePoints, GrantPlanBonus (ADR 019) and SendChapterAlerts (ADR 065).
    expect(vi.getTimerCount()).toBe(4);
    await t.app.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
