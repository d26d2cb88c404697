// GET /catalogue/revision/stream (ADR 078) over a real socket: the web servers' page caches hold it
// open, so it is read here as they read it (node:http, one JSON object per line), not through inject.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CATALOGUE_REVISION_STREAM_PATH,
  type CatalogueRevisionEvent,
  CatalogueRevisionEventSchema,
  CLIENT_ADDRESS_HEADER,
  PROXY_SECRET_HEADER,
  ResponseCode,
} from '@manga/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialect } from '#test/db.ts';
import { insertTitle } from '#test/factories.ts';
import { waitFor } from '#test/fault-servers.ts';

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The lines so far, each checked against the contract. */
  events: CatalogueRevisionEvent[];
  /** The body of an answer other than 200, once it has all come. */
  body: string;
  ended: boolean;
  close(): void;
}

/** Opens the stream at `url` and resolves once the answer's head is in. */
function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}${CATALOGUE_REVISION_STREAM_PATH}`, { headers, agent: false }, (answer) => {
      const stream: OpenStream = {
        status: answer.statusCode ?? 0,
        headers: answer.headers,
        events: [],
        body: '',
        ended: false,
        close: () => request.destroy(),
      };
      let pending = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        if (stream.status !== 200) {
          stream.body += chunk;
          return;
        }
        pending += chunk;
        for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
          stream.events.push(CatalogueRevisionEventSchema.parse(JSON.parse(pending.slice(0, end))));
          pending = pending.slice(end + 1);
        }
      });
      answer.on('end', () => (stream.ended = true));
      answer.on('error', () => undefined); // a destroyed stream (close) is not a failure here
      resolve(stream);
    });
    request.on('error', reject);
  });
}

const revisionsOf = (events: CatalogueRevisionEvent[]) =>
  events.flatMap((event) => (event.event === 'revision' ? [event] : []));

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe(`the catalogue revision stream (${testDialect()})`, () => {
  let t: TestApp;
  let url: string;
  const streams: OpenStream[] = [];
  /** Read from the table itself: the feed is what is under test. */
  const revisionInDatabase = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('catalogue_revision')
          .select('revision')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).revision,
    );
  const open = async (headers: Record<string, string> = {}) => {
    const stream = await openStream(url, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ cataloguePushRecheckMs: 60_000 });
    url = await listening(t);
    await waitFor('the revision feed to be pushed', () => t.app.container.services.catalogueRevision.pushed, 10_000);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => t.close());

  it('answers this machine with the revision at once, pushed', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(stream.headers['cache-control']).toBe('no-store');
    await waitFor('the first revision line', () => revisionsOf(stream.events).length > 0, 5_000);
    // Before it, readers' moves (ADR 081): at the first read, everyone's.
    expect(stream.events.filter((event) => event.event !== 'revision')).toEqual([{ event: 'readers', ids: 'all' }]);
    expect(revisionsOf(stream.events)[0]).toEqual({
      event: 'revision',
      revision: expect.any(Number),
      valid_for_seconds: expect.any(Number),
      pushed: true,
    });
    await waitFor(
      'the stream to be counted',
      () => t.app.container.services.catalogueRevisionStreams.size === 1,
      5_000,
    );
  });

  it('says stale at a catalogue write, then sends the revision after it, never an older one', async () => {
    const stream = await open();
    await waitFor('the first line', () => stream.events.length > 0, 5_000);
    const before = revisionsOf(stream.events)[0]?.revision ?? Number.POSITIVE_INFINITY;
    const seen = stream.events.length;
    await insertTitle(t.database.db, { name_en: 'Streamed Summit' });
    const current = await revisionInDatabase();
    expect(current).toBeGreaterThan(before);
    // The write's own process says stale at once; on SQLite the file watch may say so again later.
    await waitFor('the stale line', () => stream.events.slice(seen).some((event) => event.event === 'stale'), 5_000);
    const staleAt = seen + stream.events.slice(seen).findIndex((event) => event.event === 'stale');
    await waitFor(
      'the revision after the write',
      () => (revisionsOf(stream.events.slice(staleAt)).at(-1)?.revision ?? 0) >= current,
      5_000,
    );
    for (const line of revisionsOf(stream.events.slice(staleAt))) {
      expect(line.revision).toBeGreaterThan(before);
      expect(line.pushed).toBe(true);
    }
  });

  it('hides itself from a caller that is not our web server, and answers one proven by the proxy secret', async () => {
    const relayed = await open({ 'x-forwarded-for': '203.0.113.7' });
    await waitFor('the refusal', () => relayed.ended, 5_000);
    expect(relayed.status).toBe(404);
    expect(JSON.parse(relayed.body)).toMatchObject({
      status: 'error',
      response_code: ResponseCode.ApiNotFound,
      error_message: `no such API path: GET ${CATALOGUE_REVISION_STREAM_PATH}`,
    });
    const forged = await open({
      'x-forwarded-for': '203.0.113.7',
      [CLIENT_ADDRESS_HEADER]: '127.0.0.1',
      [PROXY_SECRET_HEADER]: 'not-the-proxy-secret-'.repeat(2),
    });
    await waitFor('the refusal', () => forged.ended, 5_000);
    expect(forged.status).toBe(404);

    // Our web server on this machine, behind a relay: proven, and local.
    const proven = await open({
      'x-forwarded-for': '203.0.113.7',
      [CLIENT_ADDRESS_HEADER]: '127.0.0.1',
      [PROXY_SECRET_HEADER]: t.config.proxySecret as string,
    });
    expect(proven.status).toBe(200);
    await waitFor('the first revision line', () => revisionsOf(proven.events).length > 0, 5_000);
    // Proven, with an address that is not this machine's (a web server elsewhere): the secret suffices.
    const elsewhere = await open({
      'x-forwarded-for': '198.51.100.9',
      [CLIENT_ADDRESS_HEADER]: '198.51.100.9',
      [PROXY_SECRET_HEADER]: t.config.proxySecret as string,
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe(`the catalogue revision stream at the API's close (${testDialect()})`, () => {
  it('ends open streams so that the close does not wait for them', async () => {
    const t = await createTestApp({ cataloguePushRecheckMs: 60_000 });
    let closing: Promise<void> | undefined;
    let stream: OpenStream | undefined;
    try {
      stream = await openStream(await listening(t));
      expect(stream.status).toBe(200);
      const open = stream;
      await waitFor('the first line', () => open.events.length > 0, 5_000);
      closing = t.close();
      // A close held by the open stream would never resolve: bounded here, to fail rather than hang.
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        closing.then(() => 'closed'),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve('held by the stream'), 10_000);
        }),
      ]);
      clearTimeout(timer);
      expect(outcome).toBe('closed');
      await waitFor('the stream to end', () => open.ended, 5_000);
    } finally {
      stream?.close(); // lets a held close go on
      await (closing ?? t.close());
    }
  });
});
