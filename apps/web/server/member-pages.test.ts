import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionTokenOf } from '#app/page-cache/page-cache.server.ts';
import type { PushedRevision } from '#app/page-cache/revision-stream.server.ts';
import { type KeptReader, PersonalAnswerCache } from '#app/personal/personal-cache.server.ts';
import { PERSONAL_SLOT, type PersonalKind } from '#app/personal/personal-data.ts';
import type { ClientConnection } from '#app/visitor/client-connection.server.ts';
import { CachedPages } from './cached-pages.ts';
import { testPageCache } from './page-cache.test-support.ts';

// A logged-in reader's page (ADR 048) with their answer kept between pages (ADR 081), over a real
// socket: the shell from the page cache, the answer asked of a fake API whose calls are counted.

const KEY = 'member|top|en';
const STORED_NONCE = 'STOREDNONCEAAAAAAAAAAAA=';
let pushed: PushedRevision | undefined;
const pageCache = testPageCache({ maxBytes: 16_000_000, ttlMs: 600_000, pushedRevision: () => pushed });
const personalCache = new PersonalAnswerCache({ maxSessions: 100, maxAgeMs: 300_000, now: () => Date.now() });

/** The fake API: each session's reader and what their history says now. */
const readers = new Map<string, KeptReader>([
  ['token-one', { id: 1, sessionEndsAt: Date.now() + 86_400_000 }],
  ['token-two', { id: 2, sessionEndsAt: Date.now() + 86_400_000 }],
]);
const history = new Map<number, string>();
/** Until when each reader's answer may be kept (`keptUntilOf`); forever when not set. */
const keepUntil = new Map<number, number>();
let asked = 0;
/** Held open until released: an answer asked before a write and kept after it. */
let holdAnswer: Promise<void> | undefined;

const unused = () => {
  throw new Error('not drawn here');
};
const cachedPages = new CachedPages({
  pageCache,
  handleFetch: unused,
  loadContextFor: unused,
  renderWhole: async (_req, res) => {
    res.writeHead(200, { 'x-page-cache': 'whole' });
    res.end('drawn whole');
  },
  compressed: async (_req, _res, answer) => answer(),
  withoutSession: unused,
  personalAnswer: async (_kind, request) => {
    asked += 1;
    const session = sessionTokenOf(request.headers, 'dev_');
    const reader = session ? readers.get(session) : undefined;
    if (!reader) return { kind: 'render' };
    const text = JSON.stringify(history.get(reader.id) ?? 'nothing read');
    await holdAnswer;
    return { kind: 'answer', text, reader, keepUntil: keepUntil.get(reader.id) ?? Number.POSITIVE_INFINITY };
  },
  personalAnswers: { cache: personalCache, kinds: new Set<PersonalKind>(['top']) },
  sessionOf: (headers) => sessionTokenOf(headers, 'dev_'),
  shellMetaHeader: 'x-shell-meta',
  personalSlot: PERSONAL_SLOT,
});

let server: Server;
let base: string;

beforeAll(async () => {
  pushed = { revision: 1, validUntil: Date.now() + 600_000 };
  expect(pageCache.pushedRevision()).toBe(1);
  server = createServer((req, res) => {
    const kind = (req.url === '/my' ? 'my' : 'top') as PersonalKind;
    cachedPages
      .serve(
        req,
        res,
        {} as ClientConnection,
        { key: `${KEY}|${kind}`, isCrawler: false, member: kind },
        () => undefined,
      )
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  pushed = { revision: 1, validUntil: Date.now() + 600_000 };
  pageCache.pushedRevision();
  for (const kind of ['top', 'my']) {
    pageCache.store(
      `${KEY}|${kind}`,
      1,
      {
        status: 200,
        headers: [
          ['content-type', 'text/html'],
          ['content-security-policy', `script-src 'nonce-${STORED_NONCE}'`],
        ],
        html: `<html><script nonce="${STORED_NONCE}"></script><script type="application/json">${PERSONAL_SLOT}</script></html>`,
      },
      {},
    );
  }
  personalCache.forget('all');
  history.clear();
  keepUntil.clear();
  asked = 0;
});

/** GET `path` as the reader of `session`: the cache status and the slot's text. */
function page(session: string, path = '/'): Promise<{ status: string; slot: string }> {
  return new Promise((resolve, reject) => {
    get(
      `${base}${path}`,
      { headers: { cookie: `dev_uwt=${session}`, 'accept-encoding': 'gzip' }, agent: false },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const html = response.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString() : body.toString();
          const slot = /<script type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? html;
          // A member page is its reader's alone: kept by no cache on the way.
          if (String(response.headers['x-page-cache']).startsWith('member-'))
            expect(response.headers['cache-control']).toBe('private, no-store');
          resolve({ status: String(response.headers['x-page-cache']), slot });
        });
      },
    ).on('error', reject);
  });
}

describe('CachedPages: member pages with kept answers', () => {
  it("gives a reader their kept answer, never another reader's, and asks once per reader", async () => {
    history.set(1, 'one read Summit');
    history.set(2, 'two read Harbor');
    expect(await page('token-one')).toEqual({ status: 'member-hit', slot: '"one read Summit"' });
    expect(await page('token-two')).toEqual({ status: 'member-hit', slot: '"two read Harbor"' });
    expect(await page('token-one')).toEqual({ status: 'member-kept', slot: '"one read Summit"' });
    expect(await page('token-two')).toEqual({ status: 'member-kept', slot: '"two read Harbor"' });
    expect(asked).toBe(2);
  });

  it('asks again once the API names the reader moved, and only for them', async () => {
    history.set(1, 'before');
    history.set(2, 'two');
    await page('token-one');
    await page('token-two');
    history.set(1, 'after');
    personalCache.forget([1]);
    expect(await page('token-one')).toEqual({ status: 'member-hit', slot: '"after"' });
    expect(await page('token-two')).toEqual({ status: 'member-kept', slot: '"two"' });
  });

  it('keeps nothing asked before a move told while it was asked', async () => {
    history.set(1, 'before');
    let release: () => void = () => undefined;
    holdAnswer = new Promise<void>((resolve) => {
      release = resolve;
    });
    const raced = page('token-one');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The write lands and is told while the answer from before it is on its way.
    personalCache.forget([1]);
    release();
    holdAnswer = undefined;
    expect((await raced).slot).toBe('"before"');
    history.set(1, 'after');
    expect(await page('token-one')).toEqual({ status: 'member-hit', slot: '"after"' });
  });

  it('neither gives nor keeps an answer while the revision is not pushed', async () => {
    history.set(1, 'kept');
    await page('token-one');
    pushed = undefined; // the stream is stale or lost: the revision is asked
    history.set(1, 'asked');
    expect(await page('token-one')).toEqual({ status: 'member-hit', slot: '"asked"' });
    expect(await page('token-one')).toEqual({ status: 'member-hit', slot: '"asked"' });
    expect(asked).toBe(3);
  });

  it('keeps an answer no longer than its own end, and never one that may not be kept', async () => {
    history.set(1, 'premium ticket until soon');
    keepUntil.set(1, Date.now() + 300);
    history.set(2, 'a countdown');
    keepUntil.set(2, 0);
    await page('token-one');
    await page('token-two');
    expect(await page('token-one')).toEqual({ status: 'member-kept', slot: '"premium ticket until soon"' });
    expect(await page('token-two')).toEqual({ status: 'member-hit', slot: '"a countdown"' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    history.set(1, 'expired');
    expect(await page('token-one')).toEqual({ status: 'member-hit', slot: '"expired"' });
    expect(asked).toBe(4);
  });

  it('keeps only the kinds it is given, and draws whole a session the API does not know', async () => {
    history.set(1, 'mine');
    await page('token-one', '/my');
    expect(await page('token-one', '/my')).toEqual({ status: 'member-hit', slot: '"mine"' });
    expect(asked).toBe(2);
    expect((await page('token-unknown')).status).toBe('whole');
    expect(personalCache.size).toBe(0);
  });
});
