// The catalogue revision is pushed, not read per request (ADR 040; issue 25, issue 27 item 2). In one
// process: with the channel up, cached answers do no database read, and a write of the process itself
// shows on its next request. Across processes: two real API processes on the same database show a
// change written by a third (this test) on their very next request: through LISTEN/NOTIFY on
// PostgreSQL, through the file watch on SQLite. On PostgreSQL, killing the listening sessions
// (pg_terminate_backend) loses nothing: the processes read per request until they listen again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHED_CATALOGUE_TABLES } from '#src/container/catalogue.ts';
import {
  CATALOGUE_LISTEN_APPLICATION,
  openRevisionChannel,
  type RevisionChannel,
} from '#src/db/catalogue-revision-channel.ts';
import { CACHE_STATUS_HEADER } from '#src/plugins/response-cache.plugin.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { databaseUrlOf } from '#test/commerce.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { insertTitle } from '#test/factories.ts';
import { type ApiProcess, startApiProcess } from '#test/fault-api.ts';
import { waitFor } from '#test/fault-servers.ts';

describe(`catalogue revision pushed within one process (${testDialect()})`, () => {
  let t: TestApp;
  let titleId: number;
  beforeAll(async () => {
    t = await createTestApp({ cataloguePushRecheckMs: 60_000 });
    titleId = (await insertTitle(t.database.db, { name_en: 'Pushed Peak' })).id;
  });
  afterAll(async () => t.close());

  it('watches its own writes to every table whose triggers move the revision', async () => {
    // A table added later with a trigger but not watched: a process would not see its own change at
    // its next request on PostgreSQL (an editor's top-page pick did not, ADR 074).
    const triggered =
      t.database.dialect === 'postgres'
        ? await sql<{ table: string }>`select distinct event_object_table as "table" from information_schema.triggers
            where action_statement like '%bump_catalogue_revision%'`.execute(t.database.db)
        : await sql<{ table: string }>`select distinct tbl_name as "table" from sqlite_master
            where type = 'trigger' and sql like '%catalogue_revision%'`.execute(t.database.db);
    const tables = triggered.rows.map((row) => row.table).sort();
    expect(tables).toContain('top_pick');
    expect(tables).toEqual([...WATCHED_CATALOGUE_TABLES].sort());
  });

  it('answers cached calls without reading the revision, and shows its own write on the next call', async () => {
    const feed = t.app.container.services.catalogueRevision;
    await waitFor('the revision channel to listen', () => feed.pushed, 10_000);
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: `/title/list?title_id_list=${titleId}`,
        headers: { 'accept-language': 'en' },
      });
    await get();
    await get();
    const reads = feed.reads;
    for (let n = 0; n < 30; n++) expect((await get()).headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(feed.reads).toBe(reads);

    // The write returns once its own change message is back (PostgreSQL), so one read follows it.
    await t.database.db.updateTable('title').set({ name_en: 'Pushed Pass' }).where('id', '=', titleId).execute();
    const after = await get();
    expect(after.json().title_list[0].title_name).toBe('Pushed Pass');
    expect(feed.reads).toBe(reads + 1);
    // A write to a table outside the catalogue moves nothing. (SQLite's file watch cannot tell tables
    // apart: there a write of any kind costs one read, and the answer still comes from the cache.)
    await new Promise((resolve) => setTimeout(resolve, 200)); // echoes of the write above, if any
    await get();
    const settled = feed.reads;
    await sql`update setting set updated_at = updated_at`.execute(t.database.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get()).headers[CACHE_STATUS_HEADER]).toBe('hit');
    if (t.database.dialect === 'postgres') expect(feed.reads).toBe(settled);
  });
});

/** Time given to the other processes to read a message the writer already has (PostgreSQL only). */
const DELIVERY_MARGIN_MS = 50;

describe(`catalogue revision pushed across processes (${testDialect()})`, () => {
  let database: TestDatabase;
  /** The test writes as an API process does: answered once its own change message is back. */
  let channel: RevisionChannel | undefined;
  const apis: ApiProcess[] = [];
  let titleId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    titleId = (await insertTitle(database.db, { name_en: 'Shared Shore' })).id;
    const { url } = await databaseUrlOf(database);
    if (database.location?.dialect === 'postgres') {
      channel = openRevisionChannel(database.location, { changed() {}, info() {}, warn() {} });
    }
    // One after the other: two tsx start-ups at once on a busy machine outlast startApiProcess's wait.
    for (let n = 0; n < 2; n++) {
      apis.push(await startApiProcess({ MANGA_DATABASE_URL: url, MANGA_CATALOGUE_PUSH_RECHECK_SECONDS: '600' }));
    }
    if (database.dialect === 'postgres') {
      await waitFor('the processes and the test to listen', async () => (await listeners()) === 3, 30_000);
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await channel?.close();
    await database.close();
  });

  const nameOn = async (api: ApiProcess) => {
    const res = await fetch(`${api.url}/title/list?title_id_list=${titleId}`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title_list: { title_name: string }[] };
    return { name: body.title_list[0]?.title_name, cache: res.headers.get(CACHE_STATUS_HEADER) };
  };
  const rename = async (name: string) => {
    const message = channel?.live ? channel.nextMessage(2_000) : undefined;
    await database.db.updateTable('title').set({ name_en: name }).where('id', '=', titleId).execute();
    await message;
    // The server sends one commit's message to every listener together, but a process must still
    // read it off its socket: about a millisecond when idle, tens on a machine loaded 10× over (ADR 040).
    if (message) await new Promise((resolve) => setTimeout(resolve, DELIVERY_MARGIN_MS));
  };
  const listeners = async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where application_name = ${CATALOGUE_LISTEN_APPLICATION} and datname = current_database()`.execute(database.db);
    return Number(rows[0]?.n ?? 0);
  };

  it('shows a change written elsewhere on the very next request of every process, round after round', async () => {
    for (let round = 1; round <= 5; round++) {
      for (const api of apis) {
        await nameOn(api);
        expect((await nameOn(api)).cache).toBe('hit');
        // The third is replayed before the framework (ADR 077): the rename must still show next.
        expect((await nameOn(api)).cache).toBe('hit');
      }
      await rename(`Shared Shore ${round}`);
      for (const api of apis) expect((await nameOn(api)).name).toBe(`Shared Shore ${round}`);
    }
  });

  it.runIf(testDialect() === 'postgres')(
    'loses nothing when the listening sessions are killed, and listens again',
    async () => {
      // Every listening session, the test's own too (it reconnects as the processes do).
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${CATALOGUE_LISTEN_APPLICATION} and datname = current_database()`.execute(database.db);
      // Once a process has seen its session go (PostgreSQL tells it at once), it reads per request
      // until it listens again; a message lost before it noticed is bounded by the recheck (unit test).
      await waitFor(
        'both processes to see their session go',
        () => apis.every((api) => api.output().includes('the listening connection was lost')),
        10_000,
      );
      await rename('Shared Shore cut');
      for (const api of apis) expect((await nameOn(api)).name).toBe('Shared Shore cut');
      await waitFor('the processes and the test to listen again', async () => (await listeners()) === 3, 30_000);
      for (const api of apis) {
        await nameOn(api);
        expect((await nameOn(api)).cache).toBe('hit');
      }
      await rename('Shared Shore back');
      for (const api of apis) expect((await nameOn(api)).name).toBe('Shared Shore back');
      // Log lines reach the output in batches, within a second (ADR 077).
      await waitFor(
        'both processes to log that they listen again',
        () => apis.every((api) => api.output().match(/Catalogue revision: listening for changes/g)?.length === 2),
        5_000,
      );
    },
    60_000,
  );
});
