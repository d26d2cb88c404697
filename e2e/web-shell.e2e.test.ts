import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, VISITOR_USER_AGENT } from './browser.ts';
import { webUrl } from './e2e-env.ts';

describe('web shell: top page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders the demo catalogue as title cards, marked noindex, and hydrates without errors', async () => {
    const page = await browser.newPage({ userAgent: VISITOR_USER_AGENT, viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) pageErrors.push(message.text());
    });

    const response = await page.goto(`${webUrl}/`, { waitUntil: 'load' });

    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    // The first screen's titles only (ADR 020); the rest are a link away.
    const cards = page.getByRole('list', { name: 'All titles' }).getByRole('listitem');
    expect(await cards.count()).toBe(24);
    expect(await page.getByRole('link', { name: 'Browse all titles' }).getAttribute('href')).toBe('/search');

    const first = cards.first();
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/title\/\d{5}$/);
    expect((await first.getByRole('heading').textContent())?.trim()).not.toBe('');
    const cover = first.locator('img');
    expect(await cover.getAttribute('loading')).toBe('lazy');
    expect(Number(await cover.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await cover.getAttribute('height'))).toBeGreaterThan(0);

    await page.waitForLoadState('networkidle');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('sends hashed scripts and styles compressed (brotli or gzip, as accepted), the same bytes as raw', async () => {
    const html = await (await fetch(`${webUrl}/`, { headers: { 'user-agent': VISITOR_USER_AGENT } })).text();
    const asset = html.match(/href="(\/assets\/[^"]+\.js)"/)?.[1];
    if (!asset) throw new Error('no script asset on the top page');
    const raw = await fetch(`${webUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } });
    const rawBytes = Buffer.from(await raw.arrayBuffer());
    expect(raw.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${webUrl}${asset}`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(response.headers.get('content-length'))).toBeLessThan(rawBytes.length);
      // fetch decodes the body itself; the decoded bytes are the file.
      expect(Buffer.from(await response.arrayBuffer()).equals(rawBytes)).toBe(true);
    }
  });
});
