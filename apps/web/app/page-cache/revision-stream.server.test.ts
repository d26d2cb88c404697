import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CATALOGUE_REVISION_STREAM_PATH } from '@manga/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RevisionStream } from './revision-stream.server.ts';

/** One request the fake API got, and its answer, kept open until the test ends it. */
interface Call {
  url: string;
  headers: http.IncomingHttpHeaders;
  res: http.ServerResponse;
  closed: boolean;
}

/** A fake API: answers the stream path as the test says, by default 200 with the response kept open. */
let server: http.Server;
let apiUrl: string;
let calls: Call[] = [];
let answer: (call: Call) => void;
const openStream = (call: Call) => {
  call.res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8' });
  call.res.flushHeaders();
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const call: Call = { url: req.url ?? '', headers: req.headers, res, closed: false };
    res.on('close', () => (call.closed = true));
    calls.push(call);
    answer(call);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Polls `check` until it holds (a harness limit, not an assertion). */
async function until(what: string, check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const RECHECK_MS = 60_000;
let now = 1_000_000;
let stream: RevisionStream | undefined;
let warnings: string[] = [];
/** What onReaders was told, in order. */
let readersTold: (readonly number[] | 'all')[] = [];

function start(options: { recheckMs?: number; headers?: () => Promise<Record<string, string>> } = {}) {
  // This stream's own list: a stream stopped by the test before may still report its loss.
  const told: (readonly number[] | 'all')[] = [];
  readersTold = told;
  const started = new RevisionStream({
    apiUrl,
    recheckMs: options.recheckMs ?? RECHECK_MS,
    now: () => now,
    headers: options.headers ?? (async () => ({})),
    warn: (message) => warnings.push(message),
    onReaders: (readers) => told.push(readers),
  });
  stream = started;
  started.start();
  return started;
}

/** The n-th call (from 1), once it has come. */
async function call(n: number): Promise<Call> {
  await until(`connection ${n}`, () => calls.length >= n);
  return calls[n - 1] as Call;
}

const send = (c: Call, line: unknown) => c.res.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
const revision = (n: number, options: { pushed?: boolean; validForSeconds?: number } = {}) => ({
  event: 'revision',
  revision: n,
  valid_for_seconds: options.validForSeconds ?? 30,
  pushed: options.pushed ?? true,
});

/** Sends a pushed revision and waits for the stream to trust it. */
async function trust(s: RevisionStream, c: Call, n: number, validForSeconds = 30) {
  send(c, revision(n, { validForSeconds }));
  await until(`revision ${n} trusted`, () => s.current()?.revision === n);
}

beforeEach(() => {
  calls = [];
  warnings = [];
  readersTold = [];
  now = 1_000_000;
  answer = openStream;
});
afterEach(() => {
  stream?.stop();
  stream = undefined;
  for (const c of calls) c.res.destroy();
});

describe('RevisionStream', () => {
  it('trusts a pushed revision until valid_for_seconds after it came', async () => {
    const s = start();
    const c = await call(1);
    expect(c.url).toBe(CATALOGUE_REVISION_STREAM_PATH);
    expect(s.current()).toBeUndefined(); // nothing heard yet: ask the API
    send(c, revision(7, { validForSeconds: 30 }));
    await until('the revision', () => s.current() !== undefined);
    expect(s.current()).toMatchObject({ revision: 7, validUntil: 1_000_000 + 30_000 });
    now += 29_999;
    expect(s.current()?.revision).toBe(7);
    now += 1; // the next release, or the next wire day, is here
    expect(s.current()).toBeUndefined();
  });

  it('stops trusting at a stale line, until the revision after it', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    send(c, { event: 'stale' });
    await until('the stale line', () => s.current() === undefined);
    await trust(s, c, 2);
    expect(c.closed).toBe(false); // a stale line is part of the stream
  });

  it('passes on the readers each line names, keeps trusting the revision, and tells all when the stream is lost', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    send(c, { event: 'readers', ids: [4, 9] });
    send(c, { event: 'readers', ids: 'all' });
    await until('both lines', () => readersTold.length === 2);
    expect(readersTold).toEqual([[4, 9], 'all']);
    expect(s.current()?.revision).toBe(1);
    // Moves told while no stream is open are gone: every kept answer goes.
    c.res.destroy();
    await until('the cut seen', () => s.current() === undefined);
    expect(readersTold.at(-1)).toBe('all');
    // A readers line of another shape is not ours.
    const next = await call(2);
    send(next, { event: 'readers', ids: [0] });
    await until('the bad line dropped', () => next.closed);
  });

  it('does not trust a revision the API does not call pushed', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    send(c, revision(2, { pushed: false }));
    await until('the unpushed revision', () => s.current() === undefined);
    await trust(s, c, 3);
  });

  it('stops trusting once recheckMs have passed since the last line, whatever its validity', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1, 3_600);
    now += RECHECK_MS - 1;
    expect(s.current()?.revision).toBe(1);
    now += 1;
    expect(s.current()).toBeUndefined();
    // A heartbeat renews it.
    await trust(s, c, 1, 3_600);
    expect(s.current()?.validUntil).toBe(now + 3_600_000);
  });

  it('drops a stream gone silent for recheckMs, and connects again', async () => {
    const s = start({ recheckMs: 300 });
    const c = await call(1);
    await trust(s, c, 1);
    await until('the silent stream dropped', () => c.closed);
    expect(s.current()).toBeUndefined();
    expect(warnings.join('\n')).toContain('no line within the recheck bound');
    await trust(s, await call(2), 2);
  });

  it('stops trusting when the API ends the stream, and connects again', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    c.res.end();
    await until('the end seen', () => s.current() === undefined);
    const next = await call(2);
    expect(s.connections).toBe(2);
    expect(s.current()).toBeUndefined(); // a new connection is not trusted before its first line
    await trust(s, next, 2);
  });

  it('stops trusting at once when the connection is cut', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    c.res.destroy();
    await until('the cut seen', () => s.current() === undefined);
    await trust(s, await call(2), 1);
  });

  it('drops the stream at a line that is not a revision event, and connects again', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    send(c, 'not json');
    await until('the garbage line dropped', () => c.closed);
    expect(s.current()).toBeUndefined();
    const second = await call(2);
    await trust(s, second, 1);
    // Valid JSON of another shape is not ours either.
    send(second, { event: 'revision', revision: 2 });
    await until('the wrong shape dropped', () => second.closed);
    expect(s.current()).toBeUndefined();
    await trust(s, await call(3), 2);
  });

  it('drops the stream at a line over 4 KB', async () => {
    const s = start();
    const c = await call(1);
    await trust(s, c, 1);
    c.res.write(`{"event":"stale","padding":"${'x'.repeat(5_000)}`); // no end of line yet
    await until('the long line dropped', () => c.closed);
    expect(s.current()).toBeUndefined();
    expect(warnings.join('\n')).toContain('over 4 KB');
    await call(2);
  });

  it('asks again after an answer other than 200', async () => {
    answer = (c) => {
      if (calls.length === 1) c.res.writeHead(404).end('{"status":"error"}');
      else openStream(c);
    };
    const s = start();
    await call(1);
    await trust(s, await call(2), 5);
    expect(warnings.join('\n')).toContain('the API answered 404');
  });

  it('asks again when the connection fails before any answer', async () => {
    answer = (c) => {
      if (calls.length === 1) c.res.socket?.destroy();
      else openStream(c);
    };
    const s = start();
    await call(1);
    await trust(s, await call(2), 6);
    expect(warnings).toHaveLength(1);
  });

  it('connects no more once stopped, with a connection open or a retry waiting', async () => {
    const open = start();
    const c = await call(1);
    await trust(open, c, 1);
    open.stop();
    await until('the stream closed', () => c.closed);
    expect(open.current()).toBeUndefined();

    answer = (waiting) => waiting.res.writeHead(503).end();
    const retrying = start();
    await until('the refused connection seen', () => warnings.some((w) => w.includes('503')));
    retrying.stop();
    // Longer than the first backoff (250 ms): a retry would have come.
    await sleep(600);
    expect(calls).toHaveLength(2);
    expect(open.connections + retrying.connections).toBe(2);
  });

  it('sends the headers() of each connection to the API', async () => {
    let asked = 0;
    const s = start({ headers: async () => ({ 'x-test-proof': `proof-${++asked}` }) });
    const first = await call(1);
    expect(first.headers['x-test-proof']).toBe('proof-1');
    expect(first.headers.accept).toBe('application/x-ndjson');
    await trust(s, first, 1);
    first.res.end();
    expect((await call(2)).headers['x-test-proof']).toBe('proof-2');
  });
});
