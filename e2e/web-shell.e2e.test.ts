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

    const cards = page.getByRole('list', { name: 'All titles' }).getByRole('listitem');
    expect(await cards.count()).toBeGreaterThanOrEqual(40);

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
});
