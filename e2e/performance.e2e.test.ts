// The running service's caches and compression over HTTP (ADR 020): the page cache answers crawlers
// and anonymous visitors with a fresh CSP nonce every time and never a visitor with a session or an
// unknown cookie; text answers and hashed assets go compressed; the API's catalogue answers carry an
// ETag and answer 304.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAccountByApi } from './accounts.ts';
import { VISITOR_USER_AGENT } from './browser.ts';
import { findLockedChapter, findSpreadChapter } from './demo-chapters.ts';
import { apiUrl, cookiePrefix, serviceEnv, webUrl } from './e2e-env.ts';
import { grantPoints } from './service-cli.ts';
import { CRAWLER_USER_AGENT } from './visitors.ts';

const nonceInHeader = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

async function page(path: string, headers: Record<string, string>) {
  const response = await fetch(`${webUrl}${path}`, { headers, redirect: 'manual' });
  const html = await response.text(); // fetch decodes gzip and brotli
  return { response, html };
}

describe('page cache (ADR 020)', () => {
  it('answers a crawler from the cache, each time with a fresh nonce in the page and its CSP', async () => {
    const headers = { 'user-agent': CRAWLER_USER_AGENT, 'accept-encoding': 'gzip' };
    await page('/', headers);
    const first = await page('/', headers);
    const second = await page('/', headers);
    expect(first.response.status).toBe(200);
    expect(second.response.headers.get('x-page-cache')).toBe('hit');
    expect(second.response.headers.get('content-encoding')).toBe('gzip');
    const nonces = [first, second].map(({ response, html }) => {
      const nonce = nonceInHeader(response);
      expect(nonce).toBeDefined();
      const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inPage]).toEqual([nonce]);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(second.html.length).toBeGreaterThan(10_000);
  });

  it('never answers a visitor with a session or an unknown cookie from the cache', async () => {
    for (const cookie of [`${cookiePrefix}uwt=not-a-real-session`, 'someone_elses=1']) {
      for (let n = 0; n < 2; n++) {
        const { response } = await page('/', { 'user-agent': CRAWLER_USER_AGENT, cookie });
        expect(response.headers.get('x-page-cache')).toBeNull();
      }
    }
    const reader = await page('/title/10001/episode/100001', { 'user-agent': VISITOR_USER_AGENT });
    expect(reader.response.headers.get('x-page-cache')).toBeNull();
  });
});

/**
 * Asks `path` until its answer is kept (ADR 081): a move the stream tells while a page is asked (the
 * service's own start, a slow machine's late readers line) makes that page's answer not kept, so the
 * next one asks again. `check` reads every page, however it was made.
 */
async function untilKept(path: string, headers: Record<string, string>, check: (html: string) => void) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const next = await page(path, headers);
    check(next.html);
    const source = next.response.headers.get('x-page-cache');
    if (source === 'member-kept') return;
    expect(source).toMatch(/^member-(hit|miss)$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the answer of ${path} was never kept`);
}

/** A POST to the API with a form body, as the given reader (the session cookie). */
async function apiPost(path: string, form: Record<string, string>, cookie = '') {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(form).toString(),
  });
  return { response, body: (await response.json()) as { response_code: number } };
}

/**
 * A new reader logged in at the API, with the headers of their browser: a person's user agent, gzip,
 * the law cookies a first visit sets, and the session.
 */
async function loggedInReader(name: string) {
  const email = `${name}-${randomUUID()}@example.test`;
  const password = 'Kept-Pass-2026!';
  await createAccountByApi(email, password);
  const login = await apiPost('/web/user/login', { email, password });
  const cookie =
    login.response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${cookiePrefix}uwt=`))
      ?.split(';', 1)[0] ?? '';
  expect(cookie).not.toBe('');
  const firstVisit = await page('/', { 'user-agent': VISITOR_USER_AGENT });
  const lawCookies = firstVisit.response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
  const headers = { 'user-agent': VISITOR_USER_AGENT, 'accept-encoding': 'gzip', cookie: `${lawCookies}; ${cookie}` };
  return { email, cookie, headers };
}

/** The reader's answer in a member page's slot (null for anyone else; undefined when there is no slot). */
function personalOf(html: string): PersonalAnswer | null | undefined {
  const text = /<script type="application\/json" id="manga-personal">([^<]*)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : (JSON.parse(text) as PersonalAnswer | null);
}

describe("a reader's own state and the page cache (ADR 020)", () => {
  it('never shows reader A’s follow, purchase or account menu to reader B or a visitor', async () => {
    const locked = await findLockedChapter();
    const path = `/title/${locked.titleId}`;
    // A returning visitor (the birthday and consents a first visit in Japan records) and a crawler
    // warm the page before the reader does anything.
    const firstVisit = await page(path, { 'user-agent': VISITOR_USER_AGENT });
    const lawCookies = firstVisit.response.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0])
      .join('; ');
    expect(lawCookies).toContain(`${cookiePrefix}birthday=`);
    const anonymous = { 'user-agent': VISITOR_USER_AGENT, 'accept-encoding': 'gzip', cookie: lawCookies };
    const crawler = { 'user-agent': CRAWLER_USER_AGENT };
    await page(path, anonymous);
    await page(path, crawler);

    const readers = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const email = `cache-${name}-${randomUUID()}@example.test`;
        const password = 'Cache-Pass-2026!';
        await createAccountByApi(email, password);
        const login = await apiPost('/web/user/login', { email, password });
        expect(login.body.response_code).toBe(0);
        const uwt = login.response.headers.getSetCookie().find((c) => c.startsWith(`${cookiePrefix}uwt=`));
        expect(uwt).toBeDefined();
        return { email, cookie: uwt!.split(';', 1)[0]! };
      }),
    );
    const [a, b] = readers as [{ email: string; cookie: string }, { email: string; cookie: string }];
    await grantPoints(a.email, locked.point, { paid: true });
    expect((await apiPost('/favorite/add', { title_id: String(locked.titleId) }, a.cookie)).body.response_code).toBe(0);
    const bought = await apiPost(
      '/episode/paid',
      { episode_id: String(locked.episodeId), check_point: String(locked.point) },
      a.cookie,
    );
    expect(bought.body.response_code).toBe(0);

    // Each reader's page (ADR 048): the member shell (kept once for every reader, nothing of anyone's
    // in it) with their own answer in the first HTML, or, where a shell cannot serve (an age-rated
    // title), drawn whole for them. Either way private, and only their own state.
    const stateOf = (html: string) => {
      const personal = personalOf(html);
      if (personal?.kind === 'title') {
        return {
          following: personal.data.following,
          purchased: personal.data.episodes[String(locked.episodeId)]?.access.kind === 'purchased',
        };
      }
      return {
        following: /aria-pressed="true"[^>]*data-testid="follow-button"/.test(html),
        purchased: html.includes('data-access="purchased"'),
      };
    };
    const readerPage = async (cookie: string) => {
      const own = await page(path, { ...anonymous, cookie: `${lawCookies}; ${cookie}` });
      expect(own.response.status).toBe(200);
      expect(own.response.headers.get('cache-control')).toMatch(/private/);
      expect(['member-hit', 'member-miss', 'member-kept', null]).toContain(own.response.headers.get('x-page-cache'));
      expect(own.html).toContain('data-testid="header-my-page"');
      expect(own.html).not.toContain('data-testid="header-login"');
      return own;
    };
    const withoutAnyone = (html: string) => {
      expect(html).not.toMatch(/aria-pressed="true"[^>]*data-testid="follow-button"/);
      expect(html).not.toContain('data-access="purchased"');
      expect(personalOf(html) ?? null).toBeNull();
    };
    // Interleaved: A, B, a visitor, a crawler, A again…, each sees only their own.
    for (let round = 0; round < 2; round++) {
      const own = await readerPage(a.cookie);
      expect(stateOf(own.html)).toEqual({ following: true, purchased: true });
      const other = await readerPage(b.cookie);
      expect(stateOf(other.html)).toEqual({ following: false, purchased: false });
      expect(other.html).not.toContain(a.cookie.split('=')[1] ?? 'never');
      for (const headers of [anonymous, crawler]) {
        const cached = await page(path, headers);
        expect(cached.response.headers.get('x-page-cache')).toBe('hit');
        expect(cached.html).toContain('data-testid="header-login"');
        expect(cached.html).not.toContain('data-testid="header-my-page"');
        withoutAnyone(cached.html);
      }
    }

    // The top page and /my: the shell from the cache, each reader's own answer.
    await apiPost('/favorite/add', { title_id: String(locked.titleId) }, a.cookie);
    for (let round = 0; round < 2; round++) {
      for (const [reader, following] of [
        [a, 1],
        [b, 0],
      ] as const) {
        const my = await page('/my', { ...anonymous, cookie: `${lawCookies}; ${reader.cookie}` });
        expect(my.response.headers.get('cache-control')).toMatch(/private/);
        // Kept between the reader's pages too (ADR 083).
        expect(my.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss|kept)$/);
        const personal = personalOf(my.html);
        expect(personal?.kind).toBe('my');
        if (personal?.kind === 'my') {
          const followed = personal.data.followed;
          expect(followed.status === 'ready' ? followed.value.count : -1).toBe(following);
        }
        const top = await page('/', { ...anonymous, cookie: `${lawCookies}; ${reader.cookie}` });
        // The top page's answer is kept between the reader's pages (ADR 081).
        expect(top.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss|kept)$/);
        expect(top.html).toContain('data-testid="header-my-page"');
        expect(personalOf(top.html)?.kind).toBe('top');
      }
      const guestTop = await page('/', anonymous);
      expect(['hit', 'miss']).toContain(guestTop.response.headers.get('x-page-cache'));
      withoutAnyone(guestTop.html);
    }
  });
});

describe("a reader's kept answer and their own reading (ADR 081)", () => {
  it('keeps the top page’s answer between pages, and shows a chapter read at the API on the very next page', async () => {
    const chapter = await findSpreadChapter();
    const { cookie, headers } = await loggedInReader('kept');
    const historyOf = (html: string) => {
      const answer = personalOf(html);
      expect(answer?.kind).toBe('top');
      return answer?.kind === 'top' ? answer.data.history.map((entry) => entry.titleId) : [];
    };

    const keptPage = (history: number[]) => untilKept('/', headers, (html) => expect(historyOf(html)).toEqual(history));

    const first = await page('/', headers);
    expect(first.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss)$/);
    expect(historyOf(first.html)).toEqual([]);
    await keptPage([]);
    // Kept still, right before the read (the next page's question must come from the read alone).
    expect((await page('/', headers)).response.headers.get('x-page-cache')).toBe('member-kept');

    // Read straight at the API (not through this web server): the next page asks for the answer again.
    const opened = await fetch(`${apiUrl}/web/episode/viewer?episode_id=${chapter.episodeId}`, { headers: { cookie } });
    expect(opened.status).toBe(200);
    const after = await page('/', headers);
    expect(after.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss)$/);
    expect(historyOf(after.html)).toEqual([chapter.titleId]);
    await keptPage([chapter.titleId]);

    // Forgetting the title through this server's API prefix: gone on the page after.
    const forgot = await fetch(`${webUrl}/api/title/viewed/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: webUrl },
      body: new URLSearchParams({ title_id: String(chapter.titleId) }).toString(),
    });
    expect(forgot.status).toBe(200);
    expect(historyOf((await page('/', headers)).html)).toEqual([]);

    // Logged out elsewhere: the session is over, and so is its kept answer.
    expect((await apiPost('/web/user/logout', {}, cookie)).body.response_code).toBe(0);
    const loggedOut = await page('/', headers);
    expect(loggedOut.response.headers.get('x-page-cache')).not.toBe('member-kept');
    expect(loggedOut.html).not.toContain('id="manga-personal">{');
  });
});

describe("a reader's kept title page and what they do at the API (ADR 082)", () => {
  it('keeps the title page’s answer between pages, and shows a follow and a purchase made at the API on the very next page', async () => {
    const locked = await findLockedChapter();
    const path = `/title/${locked.titleId}`;
    const { email, cookie, headers } = await loggedInReader('kept-title');
    const stateOf = (html: string) => {
      const answer = personalOf(html);
      if (answer?.kind !== 'title') throw new Error(`not a title answer: ${JSON.stringify(answer)?.slice(0, 80)}`);
      return {
        following: answer.data.following,
        purchased: answer.data.episodes[String(locked.episodeId)]?.access.kind === 'purchased',
      };
    };
    const keptPage = (state: { following: boolean; purchased: boolean }) =>
      untilKept(path, headers, (html) => expect(stateOf(html)).toEqual(state));

    await keptPage({ following: false, purchased: false });
    expect((await page(path, headers)).response.headers.get('x-page-cache')).toBe('member-kept');

    // Followed straight at the API: the very next page asks again and shows it.
    expect((await apiPost('/favorite/add', { title_id: String(locked.titleId) }, cookie)).body.response_code).toBe(0);
    const followed = await page(path, headers);
    expect(followed.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss)$/);
    expect(stateOf(followed.html)).toEqual({ following: true, purchased: false });
    await keptPage({ following: true, purchased: false });

    // Bought straight at the API: the same.
    await grantPoints(email, locked.point, { paid: true });
    await keptPage({ following: true, purchased: false });
    const bought = await apiPost(
      '/episode/paid',
      { episode_id: String(locked.episodeId), check_point: String(locked.point) },
      cookie,
    );
    expect(bought.body.response_code).toBe(0);
    const owned = await page(path, headers);
    expect(owned.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss)$/);
    expect(stateOf(owned.html)).toEqual({ following: true, purchased: true });
    await keptPage({ following: true, purchased: true });
  });
});

describe("a reader's kept /my and what changes it (ADR 083)", () => {
  it('keeps /my’s answer between pages, and shows a comment, a like on it and a purchase made at the API on the very next page', async () => {
    const chapter = await findSpreadChapter();
    const locked = await findLockedChapter();
    const author = await loggedInReader('kept-my');
    const liker = await loggedInReader('kept-my-liker');
    const myOf = (html: string) => {
      const answer = personalOf(html);
      if (answer?.kind !== 'my') throw new Error(`not a /my answer: ${JSON.stringify(answer)?.slice(0, 80)}`);
      const { wallet, purchased, activity } = answer.data;
      if (wallet.status !== 'ready' || purchased.status !== 'ready') throw new Error('a /my section failed');
      if (activity.comments.status !== 'ready' || activity.likes.status !== 'ready') throw new Error('comments failed');
      return {
        points: wallet.value.paidPoints + wallet.value.freePoints,
        purchased: purchased.value.count,
        likesOnComments: activity.comments.items.map((comment) => comment.likeCount),
        newLikes: activity.likes.total,
      };
    };
    type Stable = Omit<ReturnType<typeof myOf>, 'newLikes'>;
    // New likes are counted since the last asked answer: only the page right after a like shows one for sure.
    const keptMy = (state: Stable) =>
      untilKept('/my', author.headers, (html) => expect(myOf(html)).toMatchObject(state));
    const nextMy = async () => {
      const next = await page('/my', author.headers);
      expect(next.response.headers.get('x-page-cache')).toMatch(/^member-(hit|miss)$/);
      return myOf(next.html);
    };

    await keptMy({ points: 0, purchased: 0, likesOnComments: [] });
    expect((await page('/my', author.headers)).response.headers.get('x-page-cache')).toBe('member-kept');

    // A comment posted straight at the API: on the very next page.
    const opened = await fetch(`${apiUrl}/web/episode/viewer?episode_id=${chapter.episodeId}`, {
      headers: { cookie: author.cookie },
    });
    expect(opened.status).toBe(200);
    const posted = await apiPost(
      '/episode/comment/post',
      { episode_id: String(chapter.episodeId), comment: 'Kept until it changes' },
      author.cookie,
    );
    expect(posted.body.response_code).toBe(0);
    const commentId = (posted.body as unknown as { comment: { comment_id: number } }).comment.comment_id;
    expect(await nextMy()).toMatchObject({ likesOnComments: [0] });
    await keptMy({ points: 0, purchased: 0, likesOnComments: [0] });

    // Another reader likes it: the author's very next page shows the like.
    expect(
      (await apiPost('/episode/comment/like/add', { comment_id: String(commentId) }, liker.cookie)).body.response_code,
    ).toBe(0);
    expect(await nextMy()).toEqual({ points: 0, purchased: 0, likesOnComments: [1], newLikes: 1 });
    await keptMy({ points: 0, purchased: 0, likesOnComments: [1] });

    // Points granted by an operator (another process): shown once its write arrives, then kept.
    await grantPoints(author.email, locked.point, { paid: true });
    for (let attempt = 0; ; attempt++) {
      if (myOf((await page('/my', author.headers)).html).points === locked.point) break;
      if (attempt === 50) throw new Error('the granted points never showed on /my');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await keptMy({ points: locked.point, purchased: 0, likesOnComments: [1] });

    // A chapter bought straight at the API: the balance and the purchases on the very next page.
    const bought = await apiPost(
      '/episode/paid',
      { episode_id: String(locked.episodeId), check_point: String(locked.point) },
      author.cookie,
    );
    expect(bought.body.response_code).toBe(0);
    expect(await nextMy()).toMatchObject({ points: 0, purchased: 1, likesOnComments: [1] });
    await keptMy({ points: 0, purchased: 1, likesOnComments: [1] });
  });
});

/** The reader's answer in a member page (apps/web/app/personal/personal-data.ts), as far as these tests read it. */
type PersonalAnswer =
  | { kind: 'title'; data: { following: boolean; episodes: Record<string, { access: { kind: string } }> } }
  | {
      kind: 'my';
      data: {
        followed: Section<{ count: number }>;
        wallet: Section<{ paidPoints: number; freePoints: number }>;
        purchased: Section<{ count: number }>;
        activity: {
          comments: Loaded<{ items: { text: string; likeCount: number }[] }>;
          likes: Loaded<{ total: number }>;
        };
      };
    }
  | { kind: 'top'; data: { history: { titleId: number }[] } };

/** A section of /my (apps/web/app/features/my/my-page.ts), and its comment parts' shape (Loaded). */
type Section<T> = { status: 'ready'; value: T } | { status: 'failed'; code: number };
type Loaded<T> = ({ status: 'ready' } & T) | { status: 'failed'; code: number };

/**
 * The service's SQLite file, written directly as an operator's SQL would (the triggers move the
 * catalogue revision); undefined when the service runs on PostgreSQL.
 */
function serviceSqlite() {
  const url = serviceEnv.MANGA_DATABASE_URL;
  if (url && !url.startsWith('sqlite:')) return undefined;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dataDir = serviceEnv.MANGA_DATA_DIR || 'data';
  const file = url
    ? url.slice('sqlite:'.length)
    : join(isAbsolute(dataDir) ? dataDir : resolve(root, dataDir), 'manga.db');
  const Database = createRequire(join(root, 'apps/api/package.json'))('better-sqlite3');
  return new Database(file) as { prepare(sql: string): { run(...args: unknown[]): unknown }; close(): void };
}

describe('page cache and catalogue changes (ADR 020)', () => {
  // SQL by hand is a writer outside the API: its change travels database → API (file watch or
  // LISTEN) → web server (the revision stream), a few milliseconds (ADR 040 point 4, ADR 078); a change
  // made through the API (the console) is on the stream before the API answers the write.
  it('shows a price changed in the database by hand as soon as the change arrives, where the old page was cached', async (context) => {
    const sqlite = serviceSqlite();
    if (!sqlite) return context.skip();
    const locked = await findLockedChapter();
    const path = `/title/${locked.titleId}`;
    const crawler = { 'user-agent': CRAWLER_USER_AGENT };
    const priceOf = (html: string) =>
      new RegExp(
        `href="/title/${locked.titleId}/episode/${locked.episodeId}"[\\s\\S]*?data-testid="episode-price"[^>]*>(?:<svg[\\s\\S]*?</svg>)?([^<]*)<`,
      ).exec(html)?.[1];
    /** The page once the change has arrived: the cached one is dropped within 2 s (the first answer after it is drawn anew). */
    const afterChange = async () => {
      let after = await page(path, crawler);
      for (let waited = 0; after.response.headers.get('x-page-cache') === 'hit' && waited < 2_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        after = await page(path, crawler);
      }
      expect(after.response.headers.get('x-page-cache')).toBe('miss');
      return after;
    };
    await page(path, crawler);
    const before = await page(path, crawler);
    expect(before.response.headers.get('x-page-cache')).toBe('hit');
    expect(priceOf(before.html)).toContain(String(locked.point));
    const changed = locked.point + 7;
    sqlite.prepare('UPDATE episode SET point = ? WHERE id = ?').run(changed, locked.episodeId);
    let restored = false;
    try {
      expect(priceOf((await afterChange()).html)).toContain(String(changed));
      expect((await page(path, crawler)).response.headers.get('x-page-cache')).toBe('hit');
      // Putting it back is a change too, which travels the same way.
      sqlite.prepare('UPDATE episode SET point = ? WHERE id = ?').run(locked.point, locked.episodeId);
      restored = true;
      expect(priceOf((await afterChange()).html)).toContain(String(locked.point));
    } finally {
      if (!restored) sqlite.prepare('UPDATE episode SET point = ? WHERE id = ?').run(locked.point, locked.episodeId);
      sqlite.close();
    }
  });
});

describe('compression and HTTP caching (ADR 020)', () => {
  it('sends hashed scripts compressed and immutable, and pages compressed', async () => {
    const { html } = await page('/', { 'user-agent': CRAWLER_USER_AGENT });
    const script = /\/assets\/[A-Za-z0-9_-]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${webUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const raw = await fetch(`${webUrl}/`, {
      headers: { 'user-agent': CRAWLER_USER_AGENT, 'accept-encoding': 'gzip' },
    });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    // fetch hands the page decoded; the size on the wire is the header's (a cached page's gzip).
    const decoded = Buffer.byteLength(await raw.text());
    expect(Number(raw.headers.get('content-length'))).toBeGreaterThan(0);
    expect(Number(raw.headers.get('content-length'))).toBeLessThan(decoded / 4);
  });

  it('compresses the API through the web origin and answers its catalogue calls with an ETag and 304', async () => {
    const proxied = await fetch(`${webUrl}/api/web/top`, { headers: { 'accept-encoding': 'gzip' } });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('content-encoding')).toBe('gzip');
    await fetch(`${apiUrl}/web/top`);
    const first = await fetch(`${apiUrl}/web/top`);
    const etag = first.headers.get('etag');
    expect(first.headers.get('x-manga-cache')).toBe('hit');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${apiUrl}/web/top`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});
