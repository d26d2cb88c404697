import { randomBytes } from 'node:crypto';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_SLOT } from '#app/personal/personal-data.ts';
import type { ClientConnection } from '#app/visitor/client-connection.server.ts';
import { CachedPages } from './cached-pages.ts';
import { testPageCache } from './page-cache.test-support.ts';

// A cached gzip page is written from buffers the page cache hands back once written (ADR 077, issue 27):
// here over real sockets whose readers stall, so that several answers' writes are still pending at once.

const NONCE_PATTERN = /'nonce-([A-Za-z0-9+/=]+)'/;
let revisionPushed = true;
const pageCache = testPageCache({
  maxBytes: 256_000_000,
  ttlMs: 60_000,
  // Pushed unless a test says the revision must be asked of the API.
  pushedRevision: () => (revisionPushed ? { revision: 1, validUntil: Date.now() + 60_000 } : undefined),
});
const unused = () => {
  throw new Error('a cached hit renders nothing');
};
const cachedPagesOptions: ConstructorParameters<typeof CachedPages>[0] = {
  pageCache,
  handleFetch: unused,
  loadContextFor: unused,
  renderWhole: unused,
  compressed: unused,
  withoutSession: unused,
  personalAnswer: unused,
  sessionOf: () => undefined,
  shellMetaHeader: 'x-shell-meta',
  personalSlot: '<!--personal-->',
};
const cachedPages = new CachedPages(cachedPagesOptions);
let server: Server;
let base: string;

beforeAll(async () => {
  // Several megabytes that do not compress: more than the sockets' buffers hold while a reader stalls.
  const filler = randomBytes(6_000_000).toString('base64');
  const stored = 'STOREDNONCEAAAAAAAAAAAA=';
  const html = `<html><script nonce="${stored}">1</script><p>${filler}</p><script nonce="${stored}">2</script></html>`;
  expect(pageCache.pushedRevision()).toBe(1);
  pageCache.store('page', 1, {
    status: 200,
    headers: [
      ['content-type', 'text/html'],
      ['content-security-policy', `script-src 'self' 'nonce-${stored}'`],
    ],
    html,
  });
  server = createServer((req, res) => {
    cachedPages
      .serve(req, res, {} as ClientConnection, { key: 'page', isCrawler: true }, () => undefined)
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One whole answer over a fresh connection: its response and its body as sent. */
function fetched(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Starts a gzip request and holds its answer unread until `read` is called. */
function stalled(): Promise<{ response: IncomingMessage; read(): Promise<Buffer> }> {
  return new Promise((resolve, reject) => {
    get(`${base}/`, { headers: { 'accept-encoding': 'gzip' }, agent: false }, (response) => {
      response.pause();
      resolve({
        response,
        read: () =>
          new Promise((done, fail) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => done(Buffer.concat(chunks)));
            response.on('error', fail);
            response.resume();
          }),
      });
    }).on('error', reject);
  });
}

describe('CachedPages: gzip hits written from reused buffers', () => {
  it('gives every answer its own nonce, in its header and all through its body, with stalled readers', async () => {
    const first = await Promise.all([stalled(), stalled(), stalled()]);
    // Their writes are pending now; these answers are made meanwhile, from the same entry.
    const second = await Promise.all([stalled(), stalled(), stalled()]);
    const answers = [...first, ...second];
    const bodies = await Promise.all(answers.map((answer) => answer.read()));
    const seen = new Set<string>();
    answers.forEach(({ response }, index) => {
      expect(response.headers['x-page-cache']).toBe('hit');
      expect(response.headers['content-encoding']).toBe('gzip');
      const nonce = NONCE_PATTERN.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
      expect(nonce).toMatch(/^\d{6}A{18}$/);
      seen.add(nonce);
      // gunzip checks the body's CRC and length: a buffer written over while in flight fails here.
      const html = gunzipSync(bodies[index] as Buffer).toString('utf8');
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    });
    expect(seen.size).toBe(answers.length);
    // Once written, later answers are still whole.
    const later = await stalled();
    const html = gunzipSync(await later.read()).toString('utf8');
    expect(html).toContain('</html>');
  }, 30_000);
});

describe('CachedPages: a gzip hit with its head made once (ADR 084)', () => {
  let headServer: Server;
  /** Each request id's calls of `answered`, with whether its answer was ended then. */
  const told = new Map<string, boolean[]>();
  let headBase: string;
  beforeAll(async () => {
    const stored = 'HEADNONCEAAAAAAAAAAAAAA=';
    pageCache.store('with-cookies', 1, {
      status: 200,
      headers: [
        ['Content-Type', 'text/html'],
        ['Content-Security-Policy', `script-src 'self' 'nonce-${stored}'; style-src 'self'`],
        ['Set-Cookie', 'dev_birthday=1; Path=/'],
        ['Set-Cookie', 'dev_privacy_policy=1; Path=/'],
        ['Vary', 'Cookie'],
        ['Content-Length', '1'],
        ['Connection', 'keep-alive'],
        ['X-Robots-Tag', 'noindex'],
      ],
      html: `<html><script nonce="${stored}">1</script><p>${'words '.repeat(400)}</p></html>`,
    });
    // An identity answer goes through the compression middleware: here, straight through.
    const pages = new CachedPages({ ...cachedPagesOptions, compressed: async (_req, _res, write) => write() });
    headServer = createServer((req, res) => {
      const connection = { requestId: String(req.headers['x-test-id']) } as ClientConnection;
      const id = String(req.headers['x-test-id']);
      pages
        .serve(req, res, connection, { key: 'with-cookies', isCrawler: true }, () => {
          // Told once, when the answer is over: its head was written by then.
          told.set(id, [...(told.get(id) ?? []), res.headersSent && res.writableEnded]);
        })
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => headServer.listen(0, '127.0.0.1', resolve));
    headBase = `http://127.0.0.1:${(headServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => headServer.close(() => resolve())));

  const answer = (id: string, encoding: string) =>
    fetched(`${headBase}/`, { 'accept-encoding': encoding, 'x-test-id': id });

  it('gives each answer its own request id, nonce and length, and the same headers as a hit written whole', async () => {
    const first = await answer('request-one', 'gzip');
    const second = await answer('request-two', 'gzip');
    const plain = await answer('request-three', 'identity');
    const comparable = ({ response }: { response: IncomingMessage }) => {
      const {
        date: _date,
        'x-request-id': _id,
        'content-security-policy': _csp,
        'content-encoding': _encoding,
        'content-length': _length,
        ...rest
      } = response.headers;
      return rest;
    };
    for (const [{ response, body }, id] of [
      [first, 'request-one'],
      [second, 'request-two'],
    ] as const) {
      expect(response.headers['x-request-id']).toBe(id);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(Number(response.headers['content-length'])).toBe(body.length);
      const nonce = NONCE_PATTERN.exec(String(response.headers['content-security-policy']))?.[1];
      expect(response.headers['content-security-policy']).toBe(`script-src 'self' 'nonce-${nonce}'; style-src 'self'`);
      expect(gunzipSync(body).toString('utf8')).toContain(`<script nonce="${nonce}">`);
      // What writePage gives a gzip hit: the page's headers but its length, encoding, Vary and hop
      // headers; the cookies one by one; Vary on the encoding.
      expect(comparable({ response })).toEqual({
        connection: 'close',
        'content-type': 'text/html',
        'set-cookie': ['dev_birthday=1; Path=/', 'dev_privacy_policy=1; Path=/'],
        vary: 'Accept-Encoding',
        'x-page-cache': 'hit',
        'x-robots-tag': 'noindex',
      });
    }
    expect(plain.response.headers['x-request-id']).toBe('request-three');
    // A gzip hit is told at once; the identity answer (through compression) when it closes: once each.
    await expect.poll(() => told.get('request-three')).toEqual([true]);
    expect(told.get('request-one')).toEqual([true]);
    expect(told.get('request-two')).toEqual([true]);
    expect(first.response.headers['content-security-policy']).not.toBe(
      second.response.headers['content-security-policy'],
    );
  });

  it('answers a hit after asking the revision when none is pushed, through the same writer as a miss', async () => {
    revisionPushed = false;
    try {
      const asked = await answer('request-asked', 'gzip');
      expect(asked.response.headers['x-page-cache']).toBe('hit');
      expect(asked.response.headers['x-request-id']).toBe('request-asked');
      const nonce = NONCE_PATTERN.exec(String(asked.response.headers['content-security-policy']))?.[1];
      expect(gunzipSync(asked.body).toString('utf8')).toContain(`<script nonce="${nonce}">`);
      await expect.poll(() => told.get('request-asked')).toEqual([true]);
    } finally {
      revisionPushed = true;
    }
  });
});

describe('CachedPages: concurrent misses of one page (ADR 085)', () => {
  let drawServer: Server;
  let drawBase: string;
  let draws = 0;
  /** Each draw waits for this: the misses that arrive meanwhile meet a drawing under way. */
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  let status = 200;
  const hold = () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
  };
  beforeAll(async () => {
    const pages = new CachedPages({
      ...cachedPagesOptions,
      loadContextFor: () => ({}) as never,
      compressed: async (_req, _res, write) => write(),
      handleFetch: async () => {
        draws += 1;
        await held;
        const nonce = 'DRAWNNONCEAAAAAAAAAAAAA=';
        return new Response(`<html><script nonce="${nonce}">${draws}</script></html>`, {
          status,
          headers: { 'content-type': 'text/html', 'content-security-policy': `script-src 'nonce-${nonce}'` },
        });
      },
    });
    drawServer = createServer((req, res) => {
      pages
        .serve(req, res, {} as ClientConnection, { key: `drawn${req.url}`, isCrawler: true }, () => undefined)
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => drawServer.listen(0, '127.0.0.1', resolve));
    drawBase = `http://127.0.0.1:${(drawServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => drawServer.close(() => resolve())));

  const page = async (path: string) => {
    const { response, body } = await fetched(`${drawBase}${path}`);
    return { response, html: body.toString('utf8') };
  };
  /** Starts `count` requests of `path` and waits until each has reached the server. */
  async function concurrently(path: string, count: number) {
    const before = draws;
    const answers = Array.from({ length: count }, () => page(path));
    await expect.poll(() => draws).toBeGreaterThan(before);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the others meet the drawing meanwhile
    release();
    return Promise.all(answers);
  }

  it('draws a page once for the misses that meet its drawing; each answer has its own nonce', async () => {
    hold();
    const answers = await concurrently('/once', 6);
    expect(draws).toBe(1);
    expect(answers.map(({ response }) => response.headers['x-page-cache']).sort()).toEqual([
      'hit',
      'hit',
      'hit',
      'hit',
      'hit',
      'miss',
    ]);
    const nonces = answers.map(({ html }) => /nonce="([^"]+)"/.exec(html)?.[1]);
    expect(new Set(nonces).size).toBe(6);
    for (const { response, html } of answers) {
      expect(response.statusCode).toBe(200);
      expect(html).toContain('>1</script>');
    }
  });

  it('draws a member shell once for logged-in readers who meet its drawing, each with their own answer', async () => {
    let shellDraws = 0;
    const members = new CachedPages({
      ...cachedPagesOptions,
      loadContextFor: () => ({}) as never,
      compressed: async (_req, _res, write) => write(),
      withoutSession: (headers) => headers,
      personalSlot: PERSONAL_SLOT,
      handleFetch: async () => {
        shellDraws += 1;
        await held;
        const nonce = 'SHELLNONCEAAAAAAAAAAAAA=';
        return new Response(`<html><script nonce="${nonce}">1</script>${PERSONAL_SLOT}</html>`, {
          headers: {
            'content-type': 'text/html',
            'content-security-policy': `script-src 'nonce-${nonce}'`,
            'x-shell-meta': '{}',
          },
        });
      },
      personalAnswer: async (_kind, request) => ({
        kind: 'answer',
        text: `reader ${request.headers.get('x-reader')}`,
        reader: undefined,
        keepUntil: 0,
      }),
    });
    const memberServer = createServer((req, res) => {
      members
        .serve(
          req,
          res,
          {} as ClientConnection,
          { key: 'member|top', isCrawler: false, member: 'top' },
          () => undefined,
        )
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => memberServer.listen(0, '127.0.0.1', resolve));
    const memberBase = `http://127.0.0.1:${(memberServer.address() as AddressInfo).port}`;
    const asReader = async (reader: number) => {
      const { response, body } = await fetched(`${memberBase}/`, { 'x-reader': String(reader) });
      return { response, html: body.toString('utf8') };
    };
    try {
      hold();
      const answers = [1, 2, 3, 4].map(asReader);
      await expect.poll(() => shellDraws).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      const pages = await Promise.all(answers);
      expect(shellDraws).toBe(1);
      expect(pages.map(({ response }) => response.headers['x-page-cache']).sort()).toEqual([
        'member-hit',
        'member-hit',
        'member-hit',
        'member-miss',
      ]);
      pages.forEach(({ html }, index) => {
        expect(html).toContain(`reader ${index + 1}</html>`);
      });
    } finally {
      await new Promise<void>((resolve) => memberServer.close(() => resolve()));
    }
  });

  it('draws again for each waiting miss when the page drawn cannot be kept', async () => {
    status = 503;
    hold();
    try {
      const before = draws;
      const answers = await concurrently('/unkept', 4);
      expect(draws - before).toBe(4);
      for (const { response } of answers) expect(response.statusCode).toBe(503);
    } finally {
      status = 200;
    }
  });
});
