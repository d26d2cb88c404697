import { randomUUID } from 'node:crypto';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, listOutbox } from './accounts.ts';
import { launchChromium, VISITOR_USER_AGENT } from './browser.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { newNamedClient } from './named-client.ts';
import { CRAWLER_USER_AGENT, giveAdultConsent, newVisitor } from './visitors.ts';

// Issue 9 in the browser and against the running web server (ADR 015): the web's security headers
// and nonce-based CSP (with no violation on real pages), an age-rated episode never served to a
// crawler, the outbox pages for this machine only, the trusted hop never taken from a visitor, and
// the mail and login limits of the running service (each on a client of its own, named over the hop).

/** Episode 1 of the demo's 18+ title (10009), free: only the age rule can close it. */
const AGE_RATED = { titleId: 10009, episodeId: 100201 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const visitorHeaders = { 'user-agent': VISITOR_USER_AGENT, 'cloudfront-viewer-country': 'JP' };

describe('security headers of the web server', () => {
  it('sends a nonce-based CSP, frame-ancestors, nosniff and a referrer policy with every page', async () => {
    const response = await fetch(`${webUrl}/ranking`, { headers: visitorHeaders });
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeDefined();
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Every inline script carries this page's nonce, and a second page gets another one.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) if (!/\ssrc=/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
    // The reader's own inline script (the boot page, ADR 016) too.
    const reader = await fetch(`${webUrl}/title/10001/episode/100001`, { headers: visitorHeaders });
    const readerNonce = /'nonce-([^']+)'/.exec(reader.headers.get('content-security-policy') ?? '')?.[1];
    const readerHtml = await reader.text();
    expect(readerHtml).toContain('data-testid="reader-boot-page"');
    for (const [tag] of readerHtml.matchAll(/<script\b[^>]*>/g)) {
      if (!/\ssrc=/.test(tag)) expect(tag).toContain(`nonce="${readerNonce}"`);
    }
    const again = await fetch(`${webUrl}/ranking`, { headers: visitorHeaders });
    expect(again.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    if (asset) expect((await fetch(`${webUrl}${asset}`)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('runs the pages without a single CSP violation: top, title, reader (canvas) and the outbox', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    // Every violation the pages report, including refusals nothing logs (a caught `new Function`).
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // A mail in the outbox, whose HTML the message page shows in a sandboxed frame.
    const email = `csp-${Date.now()}@example.test`;
    await fetch(`${apiUrl}/web/account/presave`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    for (const path of ['/', `/title/${AGE_RATED.titleId}`, '/dev/outbox']) {
      await page.goto(`${webUrl}${path}`, { waitUntil: 'networkidle' });
    }
    await page.locator(`a[href^="/dev/outbox/"]`, { hasText: email }).first().click();
    await page.waitForSelector('iframe');
    await page.goto(`${webUrl}/title/10001/episode/100001`, { waitUntil: 'networkidle' });
    await page.waitForSelector('canvas', { timeout: 30_000 });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('answers a URL over 16 KB in the envelope', async () => {
    const response = await fetch(`${webUrl}/api/title/list?title_id_list=${'1,'.repeat(9000)}1`);
    expect([414, 431]).toContain(response.status);
    expect(await response.json()).toMatchObject({ status: 'error', response_code: 1001 });
  });
});

describe('an age-rated episode and crawlers', () => {
  it('is never served to a crawler, through the web viewer or the API, whatever headers it sends', async () => {
    const crawler = await newVisitor(browser, { userAgent: CRAWLER_USER_AGENT, country: 'US' });
    const page = await crawler.newPage();
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/images/episodes/${AGE_RATED.episodeId}/`)) images.push(request.url());
    });
    await page.goto(`${webUrl}/title/${AGE_RATED.titleId}/episode/${AGE_RATED.episodeId}`, {
      waitUntil: 'networkidle',
    });
    const html = await page.content();
    expect(html).not.toContain(`/images/episodes/${AGE_RATED.episodeId}/`);
    expect(await page.locator('canvas').count()).toBe(0);
    expect(images).toEqual([]);
    // The crawler still sees the title page (metadata).
    await page.goto(`${webUrl}/title/${AGE_RATED.titleId}`);
    expect(await page.title()).not.toBe('');
    await crawler.close();

    for (const header of ['x-manga-is-crawler', 'x-kmanga-is-crawler', 'x-bambi-is-crawler']) {
      const answer = await fetch(`${apiUrl}/web/episode/viewer?episode_id=${AGE_RATED.episodeId}`, {
        headers: { [header]: 'true', cookie: `dev_birthday=${encodeURIComponent('{"value":"1990-01","expires":1}')}` },
      });
      expect((await answer.json()).response_code, header).toBe(2016);
    }
  });

  it('opens for an adult visitor in the browser (the gate still works for people)', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    // The demo's adult cookie says 2000-01: 25 or more, enough for 18+.
    await page.goto(`${webUrl}/title/${AGE_RATED.titleId}/episode/${AGE_RATED.episodeId}`);
    await page.waitForSelector('canvas', { timeout: 30_000 });
    await context.close();
  });
});

describe('development outbox and the trusted hop', () => {
  it('shows the outbox to this machine, in the web app and from the API', async () => {
    expect((await fetch(`${webUrl}/dev/outbox`, { headers: visitorHeaders })).status).toBe(200);
    expect((await fetch(`${apiUrl}/dev/outbox`)).status).toBe(200);
  });

  it('hides it from a request a proxy relays, and never believes a visitor naming its own address', async () => {
    const relayed = { ...visitorHeaders, 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${webUrl}/dev/outbox`, { headers: relayed })).status).toBe(404);
    expect((await fetch(`${webUrl}/api/dev/outbox`, { headers: relayed })).status).toBe(404);
    const forged = { 'x-manga-client-ip': '127.0.0.1', 'x-manga-proxy-secret': 'guess'.repeat(10) };
    expect(
      (await fetch(`${apiUrl}/dev/outbox`, { headers: { ...forged, 'x-forwarded-for': '203.0.113.9' } })).status,
    ).toBe(404);
  });
});

describe('account mails and password guessing, per client (the limits the service runs with)', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  /** The most requests a test makes before it expects a refusal: far above any default limit. */
  const MAX_ATTEMPTS = 30;

  it('stops mailing one address past its limit: 429 with Retry-After, and nothing more in the outbox', async () => {
    const client = await newNamedClient();
    const email = `limited-${randomUUID().slice(0, 8)}@example.test`;
    let accepted = 0;
    let refused: Response | undefined;
    while (!refused && accepted < MAX_ATTEMPTS) {
      const response = await fetch(`${apiUrl}/web/account/presave`, form({ email }, client));
      if (response.status === 429) refused = response;
      else {
        expect((await response.json()).response_code).toBe(0);
        accepted += 1;
      }
    }
    expect(refused?.status, `${accepted} mails to one address were all accepted`).toBe(429);
    expect(accepted).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused?.json()).toMatchObject({ status: 'error', response_code: 1001 });
    expect((await listOutbox()).filter((message) => message.to === email)).toHaveLength(accepted);
  });

  it('slows down guesses at one account from one client, while its owner logs in from another at once', async () => {
    const email = `guessed-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'Owner-pass-2026';
    await createAccountByApi(email, password);
    const guesser = await newNamedClient();
    let refused: Response | undefined;
    for (let n = 0; !refused && n < MAX_ATTEMPTS; n++) {
      const response = await fetch(`${apiUrl}/web/user/login`, form({ email, password: `Guess-${n}-2026` }, guesser));
      if (response.status === 429) refused = response;
      else expect((await response.json()).response_code).toBe(2002);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused?.json()).toMatchObject({ response_code: 2002 });
    // No lockout: the owner, on their own client, gets in with the right password straight away.
    const owner = await fetch(`${apiUrl}/web/user/login`, form({ email, password }, await newNamedClient()));
    expect(await owner.json()).toMatchObject({ response_code: 0 });
    expect(owner.headers.getSetCookie().some((cookie) => /uwt=/.test(cookie))).toBe(true);
  });
});
