// A crash between spending and recording the purchase (ADR 014): a child process opens the database,
// starts a real purchase and is killed with SIGKILL inside its transaction, after the debit and before
// the purchase row. Reopened, the database has ledger = balances, no debit without its purchase and
// the reader's points untouched; the next purchase goes through.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  balanceOf,
  createReader,
  databaseUrlOf,
  holdsOpenTransaction,
  insertShopTitle,
  ledgerAnomalies,
  type Reader,
  type ShopTitle,
  waitForRollback,
} from '#test/commerce.ts';
import { TEST_NOW } from '#test/factories.ts';

const CHILD = fileURLToPath(new URL('../fixtures/crash-purchase.child.ts', import.meta.url));

let t: TestApp;
let shop: ShopTitle;
let reader: Reader;
let databaseUrl: string;
let sqlitePath: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  shop = await insertShopTitle(t.database.db, { count: 3, price: 40 });
  reader = await createReader(t, { paid: 100, free: 30 });
  ({ url: databaseUrl, sqlitePath } = await databaseUrlOf(t.database));
});
afterAll(() => t.close());

/** Runs the child until it reports the debit written, proves its transaction is open, and kills it. */
async function crashMidPurchase(episodeId: number, price: number): Promise<NodeJS.Signals | null> {
  const child = fork(CHILD, [databaseUrl, String(reader.userId), String(episodeId), String(price), String(TEST_NOW)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  const message = await new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before the debit`)));
  });
  expect(message).toBe('debited');
  expect(await holdsOpenTransaction(t.database.db, sqlitePath)).toBe(true);
  child.kill('SIGKILL');
  return exited;
}

describe('a purchase killed mid-transaction', () => {
  it('leaves ledger = balances and nothing spent, and the wallet works afterwards', async () => {
    const episode = shop.episodes[1]!;
    expect(await crashMidPurchase(episode.id, 40)).toBe('SIGKILL');
    // PostgreSQL rolls the dead session back once it notices the closed connection.
    await waitForRollback(t.database.db, sqlitePath);
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 100, free: 30 });
    const purchases = await t.database.db
      .selectFrom('purchase')
      .select('id')
      .where('user_id', '=', reader.userId)
      .execute();
    expect(purchases).toEqual([]);
    const debits = await t.database.db
      .selectFrom('point_ledger')
      .select('id')
      .where('user_id', '=', reader.userId)
      .where('delta', '<', 0)
      .execute();
    expect(debits).toEqual([]);

    const res = await post(
      t,
      '/episode/paid',
      { episode_id: String(episode.id), check_point: '40' },
      { cookie: reader.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 90, free: 0 });
    expect(await ledgerAnomalies(t.database.db)).toEqual([]);
  });
});
