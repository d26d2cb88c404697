// Readers' moves on the revision stream (ADR 081), on SQLite and PostgreSQL: the triggers mark every
// write to what a kept personal answer is made of, this process's own writes and another connection's
// (another process) reach the stream as `readers` lines, and answers to our web servers name the reader.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CATALOGUE_REVISION_STREAM_PATH,
  type CatalogueRevisionEvent,
  CatalogueRevisionEventSchema,
  READER_HEADER,
} from '@manga/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#src/db/database.ts';
import { createAccount, get, login } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import {
  commentAction,
  createReader as createCommenter,
  createEpisode,
  postedCommentId,
  view,
} from '#test/comments.ts';
import { testDialect } from '#test/db.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';
import { waitFor } from '#test/fault-servers.ts';

interface OpenStream {
  events: CatalogueRevisionEvent[];
  close(): void;
}

function openStream(url: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}${CATALOGUE_REVISION_STREAM_PATH}`, { agent: false }, (answer) => {
      const stream: OpenStream = { events: [], close: () => request.destroy() };
      let pending = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        pending += chunk;
        for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
          stream.events.push(CatalogueRevisionEventSchema.parse(JSON.parse(pending.slice(0, end))));
          pending = pending.slice(end + 1);
        }
      });
      answer.on('error', () => undefined);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** The readers named in `events` (`all` when a line said all). */
function readersIn(events: readonly CatalogueRevisionEvent[]): Set<number> | 'all' {
  const named = new Set<number>();
  for (const event of events) {
    if (event.event !== 'readers') continue;
    if (event.ids === 'all') return 'all';
    for (const id of event.ids) named.add(id);
  }
  return named;
}

describe(`readers' moves on the revision stream (${testDialect()})`, () => {
  let t: TestApp;
  let url: string;
  let other: DatabaseHandle;
  const streams: OpenStream[] = [];
  const seqOf = async (userId: number) =>
    Number(
      (await t.database.db.selectFrom('reader_revision').select('seq').where('user_id', '=', userId).executeTakeFirst())
        ?.seq ?? 0,
    );
  /** `moved(what)` expects the reader's seq past the last one seen; `seq()` is that last one. */
  const watchSeq = async (userId: number) => {
    let last = await seqOf(userId);
    return {
      seq: () => last,
      moved: async (what: string) => {
        const now = await seqOf(userId);
        expect(now, what).toBeGreaterThan(last);
        last = now;
      },
    };
  };
  /** A stream past its first lines (the first catch-up names everyone: nothing was told before it). */
  const settledStream = async () => {
    const stream = await openStream(url);
    streams.push(stream);
    await waitFor('the first revision line', () => stream.events.some((event) => event.event === 'revision'), 5_000);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ cataloguePushRecheckMs: 60_000 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await waitFor('the revision feed to be pushed', () => t.app.container.services.catalogueRevision.pushed, 10_000);
    const location = t.database.location;
    if (!location) throw new Error('the test database has no location');
    other = createDatabase({
      url: location.dialect === 'sqlite' ? `sqlite:${location.filename}` : location.connectionString,
    });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('marks the reader of every watched write, and not a session merely touched', async () => {
    const reader = await createAccount(t);
    const bystander = await createAccount(t);
    const title = await insertTitle(t.database.db);
    const episode = await insertEpisode(t.database.db, { title_id: title.id });
    const { moved, seq } = await watchSeq(reader.id);
    const bystanderBefore = await seqOf(bystander.id);
    await t.database.db
      .insertInto('view_history')
      .values({ user_id: reader.id, title_id: title.id, last_episode_id: episode.id, viewed_at: TEST_NOW })
      .execute();
    await moved('a title read');
    await t.database.db
      .insertInto('episode_view')
      .values({
        user_id: reader.id,
        episode_id: episode.id,
        title_id: title.id,
        first_viewed_at: TEST_NOW,
        last_viewed_at: TEST_NOW,
        last_page: 3,
      })
      .execute();
    await moved('a place in an episode');
    await t.database.db.updateTable('episode_view').set({ last_page: 4 }).where('user_id', '=', reader.id).execute();
    await moved('the place moved');
    await t.database.db.updateTable('user').set({ private_reading: 1 }).where('id', '=', reader.id).execute();
    await moved('the account changed');
    await t.database.db.deleteFrom('view_history').where('user_id', '=', reader.id).execute();
    await moved('the history forgotten');

    await login(t, reader.email as string, reader.password);
    await moved('a session begun');
    const session = await t.database.db
      .selectFrom('web_token')
      .select('id')
      .where('user_id', '=', reader.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('web_token')
      .set({ last_seen_at: TEST_NOW + 1 })
      .where('id', '=', session.id)
      .execute();
    expect(await seqOf(reader.id), 'a session touched').toBe(seq());
    await t.database.db.updateTable('web_token').set({ revoked_at: TEST_NOW }).where('id', '=', session.id).execute();
    await moved('a session ended');
    expect(await seqOf(bystander.id)).toBe(bystanderBefore);
  });

  it("marks the reader of a title page's writes: follows, purchases, rentals and tickets (ADR 082)", async () => {
    const reader = await createAccount(t);
    const bystander = await createAccount(t);
    const db = t.database.db;
    const title = await insertTitle(db);
    const episode = await insertEpisode(db, { title_id: title.id });
    const { moved } = await watchSeq(reader.id);
    const bystanderBefore = await seqOf(bystander.id);
    await db
      .insertInto('favorite_title')
      .values({ user_id: reader.id, title_id: title.id, created_at: TEST_NOW })
      .execute();
    await moved('a title followed');
    await db.updateTable('favorite_title').set({ alert_mail: 0 }).where('user_id', '=', reader.id).execute();
    await moved('its alert mail muted');
    await db.deleteFrom('favorite_title').where('user_id', '=', reader.id).execute();
    await moved('a title unfollowed');
    await db
      .insertInto('magazine_category')
      .values({ id: 901, name_en: 'Weekly', name_ja: '週刊' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const magazine = await db
      .insertInto('magazine')
      .values({ magazine_category_id: 901, name_en: 'M', name_ja: 'M', start_at: TEST_NOW, created_at: TEST_NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('magazine_purchase')
      .values({ user_id: reader.id, magazine_id: magazine.id, price: 0, created_at: TEST_NOW })
      .execute();
    await moved('an issue bought');
    await db
      .insertInto('purchase')
      .values({
        user_id: reader.id,
        episode_id: episode.id,
        title_id: title.id,
        price: 10,
        created_at: TEST_NOW,
        magazine_purchase_id: null,
      })
      .execute();
    await moved('an episode bought');
    await db
      .insertInto('rental')
      .values({
        user_id: reader.id,
        episode_id: episode.id,
        title_id: title.id,
        ticket_kind: 'title',
        ticket_type: 1,
        ticket_version: 1,
        started_at: TEST_NOW,
        expires_at: TEST_NOW + 1_000,
      })
      .execute();
    await moved('an episode rented');
    await db
      .insertInto('title_ticket')
      .values({ user_id: reader.id, title_id: title.id, own_num: 0, last_recovered_at: TEST_NOW })
      .execute();
    await moved('a title ticket used');
    await db
      .insertInto('premium_ticket')
      .values({
        user_id: reader.id,
        source: 'operator',
        granted_at: TEST_NOW,
        expires_at: TEST_NOW + 1_000,
        used_at: null,
        used_episode_id: null,
      })
      .execute();
    await moved('a premium ticket granted');
    expect(await seqOf(bystander.id)).toBe(bystanderBefore);
  });

  it("marks the reader of /my's writes: points, their comments and likes on them, the login bonus; not a notice read (ADR 083)", async () => {
    const author = await createCommenter(t);
    const liker = await createCommenter(t);
    const bystander = await createAccount(t);
    const episode = await createEpisode(t);
    await view(t, author, episode.id);
    const { moved, seq } = await watchSeq(author.user.id);
    const bystanderBefore = await seqOf(bystander.id);
    const commentId = await postedCommentId(t, author, episode.id, 'A fine page');
    await moved('a comment posted');
    expect((await commentAction(t, liker, 'like/add', commentId)).statusCode).toBe(200);
    await moved("a like on the author's comment");
    expect((await commentAction(t, liker, 'like/cancel', commentId)).statusCode).toBe(200);
    await moved('that like taken back');
    // Reading the like notices marks them read (every /my asked does): it moves nothing.
    const before = seq();
    expect((await get(t, '/episode/comment/like/notice', { cookie: author.cookie })).statusCode).toBe(200);
    expect(await seqOf(author.user.id)).toBe(before);
    await t.app.container.services.wallet.grantPoints({
      userId: author.user.id,
      amount: 10,
      kind: 'free',
      note: 'test',
      expiresAt: null,
    });
    await moved('points granted');
    const claimed = await get(t, '/loginbonus', { cookie: author.cookie });
    expect(claimed.json().status, claimed.body).toBe('success');
    await moved("today's login bonus claimed");
    await t.database.db.updateTable('comment').set({ status: 'hidden' }).where('id', '=', commentId).execute();
    await moved('their comment hidden by a moderator');
    expect(await seqOf(bystander.id)).toBe(bystanderBefore);
  });

  it("tells this process's own write on the stream: stale at once, then the reader, then the revision", async () => {
    const reader = await createAccount(t);
    const stream = await settledStream();
    const seen = stream.events.length;
    await t.database.db.updateTable('user').set({ nickname: 'Mover' }).where('id', '=', reader.id).execute();
    // Told before the write is answered: the stale line is on the socket; the rest follows the catch-up.
    await waitFor('the stale line', () => stream.events.slice(seen).some((event) => event.event === 'stale'), 5_000);
    const staleAt = seen + stream.events.slice(seen).findIndex((event) => event.event === 'stale');
    await waitFor(
      'a revision line after the stale',
      () => stream.events.slice(staleAt).some((event) => event.event === 'revision'),
      5_000,
    );
    const revisionAt = staleAt + stream.events.slice(staleAt).findIndex((event) => event.event === 'revision');
    const named = readersIn(stream.events.slice(staleAt, revisionAt));
    expect(named === 'all' || named.has(reader.id)).toBe(true);
    expect(named).not.toBe('all');
  });

  it('has the stale line on the socket before the writer is answered (over real sockets)', async () => {
    const reader = await createAccount(t);
    const cookie = await login(t, reader.email as string, reader.password);
    const title = await insertTitle(t.database.db);
    const stream = await settledStream();
    for (const action of ['add', 'delete', 'add']) {
      const seen = stream.events.length;
      // Counted at the answer's end: the stream's socket, written first, is read before it.
      const linesAtAnswer = await new Promise<CatalogueRevisionEvent[]>((resolve, reject) => {
        const body = `title_id=${title.id}`;
        const request = http.request(
          `${url}/favorite/${action}`,
          {
            method: 'POST',
            agent: false,
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
          },
          (answer) => {
            answer.resume();
            answer.on('end', () => resolve(stream.events.slice(seen)));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      expect(
        linesAtAnswer.map((event) => event.event),
        action,
      ).toContain('stale');
    }
  });

  it("tells another process's write (its own connection) on the stream", async () => {
    const reader = await createAccount(t);
    const bystander = await createAccount(t);
    const stream = await settledStream();
    const seen = stream.events.length;
    await sql`UPDATE ${sql.table('user')} SET nickname = 'Elsewhere' WHERE id = ${reader.id}`.execute(other.db);
    await waitFor(
      'the reader named',
      () => {
        const named = readersIn(stream.events.slice(seen));
        return named !== 'all' && named.has(reader.id);
      },
      5_000,
    );
    const named = readersIn(stream.events.slice(seen));
    expect(named !== 'all' && named.has(bystander.id)).toBe(false);
  });

  it('names the reader to our web servers only', async () => {
    const reader = await createAccount(t);
    const cookie = await login(t, reader.email as string, reader.password);
    const session = await t.database.db
      .selectFrom('web_token')
      .select('expires_at')
      .where('user_id', '=', reader.id)
      .executeTakeFirstOrThrow();
    const local = await t.app.inject({ method: 'GET', url: '/title/viewed/list', headers: { cookie } });
    expect(local.statusCode).toBe(200);
    expect(local.headers[READER_HEADER]).toBe(`${reader.id};${Number(session.expires_at)}`);
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/title/viewed/list',
      headers: { cookie, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(relayed.statusCode).toBe(200);
    expect(relayed.headers[READER_HEADER]).toBeUndefined();
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/title/viewed/list',
      headers: { cookie },
      remoteAddress: '203.0.113.7',
    });
    expect(elsewhere.headers[READER_HEADER]).toBeUndefined();
    const guest = await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' });
    expect(guest.headers[READER_HEADER]).toBeUndefined();
  });
});
