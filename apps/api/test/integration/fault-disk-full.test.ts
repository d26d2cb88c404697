// Issue 21 item 8: a full disk under SQLite. Before, every purchase was logged as "cannot rollback - no
// transaction is active" (the failed rollback hid the cause), and reading a free chapter failed because
// the ranking counter's write sat on the read path. Here the database lives on a real, size-limited
// tmpfs that the test fills up to the last byte (no injected error): a purchase fails with 1099 and
// the log names SQLITE_FULL; free chapters still open (the counter's failure is only logged); /readyz
// says not ready; and once space is freed, purchases work again with the ledger intact.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ResponseCode } from '@manga/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '#src/app.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, insertShopTitle, ledgerAnomalies, type Reader, type ShopTitle } from '#test/commerce.ts';

/** Mounts a 16 MB tmpfs at a new directory, or says why it cannot (mount needs root). */
function mountSmallFilesystem(): { dir: string } | { reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'manga-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `cannot mount a size-limited tmpfs here (${String((error as Error).message).split('\n')[0]})` };
  }
}

const mounted = mountSmallFilesystem();
const reason = 'reason' in mounted ? mounted.reason : undefined;

/** Writes a file until the filesystem refuses more (ENOSPC). */
function fillUp(path: string): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // The last partial block too.
  const tail = openSync(path, 'a');
  try {
    for (;;) writeSync(tail, Buffer.alloc(512, 1));
  } catch {
    // full
  } finally {
    closeSync(tail);
  }
}

describe.skipIf(reason !== undefined)(`SQLite on a full disk${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const dir = 'dir' in mounted ? mounted.dir : '';
  const filler = join(dir, 'filler');
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  let shop: ShopTitle;
  let reader: Reader;

  beforeAll(async () => {
    const database = createDatabase({ url: `sqlite:${join(dir, 'manga.db')}` });
    await migrateToLatest(database.db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({}, database, { logger: { ...(loggerOptions({ level: 'info' }) as object), stream } });
    shop = await insertShopTitle(database.db, { count: 3, price: 40, pages: true });
    reader = await createReader(t, { paid: 500 });
    // Every later write needs new space: the WAL starts empty.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    fillUp(filler);
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  const errorsLogged = () => lines.filter((line) => (line.level as number) >= 50);
  const purchase = (episodeId: number) =>
    post(t, '/episode/paid', { episode_id: String(episodeId), check_point: '40' }, { cookie: reader.cookie });

  it('fails a purchase with 1099 and logs the real cause, SQLITE_FULL', async () => {
    const before = errorsLogged().length;
    const res = await purchase(shop.episodes[1]?.id as number);
    expect(res.statusCode).toBe(500);
    expect(codeOf(res)).toBe(ResponseCode.ServerError);
    const logged = JSON.stringify(errorsLogged().slice(before));
    expect(logged).toContain('SQLITE_FULL');
    expect(logged).not.toMatch(/cannot rollback/);
  });

  it('still opens a free chapter, for guests and readers; the uncounted read is logged', async () => {
    const free = shop.episodes[0]?.id as number;
    const guest = await get(t, `/web/episode/viewer?episode_id=${free}`);
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().page_list).toHaveLength(1);
    const member = await get(t, `/web/episode/viewer?episode_id=${free}`, { cookie: reader.cookie });
    expect(member.statusCode, member.body).toBe(200);
    expect(lines.filter((line) => line.msg === 'A read could not be recorded').length).toBeGreaterThanOrEqual(2);
  });

  it('is not ready while the disk is full, and ready and selling again once space is freed', async () => {
    const full = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ error_message: 'database unavailable' });

    rmSync(filler);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const res = await purchase(shop.episodes[1]?.id as number);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
  });
});
