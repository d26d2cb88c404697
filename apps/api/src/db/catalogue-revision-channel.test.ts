import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openRevisionChannel, SQLITE_SETTLE_RECHECKS_MS } from '#src/db/catalogue-revision-channel.ts';

const LAST_RECHECK_MS = Math.max(...SQLITE_SETTLE_RECHECKS_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the SQLite revision channel (a watch on the file and its WAL)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function database() {
    const dir = mkdtempSync(join(tmpdir(), 'revision-channel-'));
    dirs.push(dir);
    const filename = join(dir, 'manga.db');
    const writer = new Database(filename);
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE t (x INTEGER)');
    return { filename, writer };
  }

  it('tells a write at once, and again after it settles (the WAL index is written after the event)', async () => {
    const { filename, writer } = database();
    const told: number[] = [];
    const channel = openRevisionChannel(
      { dialect: 'sqlite', filename },
      {
        changed: () => told.push(performance.now()),
        info() {},
        warn() {},
      },
    );
    await sleep(50);
    told.length = 0;
    const wroteAt = performance.now();
    writer.prepare('INSERT INTO t VALUES (1)').run();
    await sleep(LAST_RECHECK_MS + 200);
    expect(told.length).toBeGreaterThanOrEqual(1 + SQLITE_SETTLE_RECHECKS_MS.length);
    expect(told.at(-1) as number).toBeGreaterThanOrEqual(wroteAt + LAST_RECHECK_MS - 5);
    // Settled: nothing more until the next write.
    const count = told.length;
    await sleep(LAST_RECHECK_MS + 50);
    expect(told.length).toBe(count);
    await channel.close();
    writer.close();
  });

  it('tells nothing more once closed, rechecks pending included', async () => {
    const { filename, writer } = database();
    let told = 0;
    const channel = openRevisionChannel(
      { dialect: 'sqlite', filename },
      {
        changed: () => {
          told += 1;
        },
        info() {},
        warn() {},
      },
    );
    writer.prepare('INSERT INTO t VALUES (1)').run();
    await sleep(5); // the event, not yet its rechecks
    await channel.close();
    const atClose = told;
    await sleep(LAST_RECHECK_MS + 100);
    expect(told).toBe(atClose);
    writer.close();
  });
});
