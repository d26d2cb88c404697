import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { cookiePrefix, webUrl } from './e2e-env.ts';
import { setMaintenance } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

describe('web frame', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the 404 page for a 4-digit titleId, with the exact message', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    const page = await context.newPage();

    const response = await page.goto(`${webUrl}/title/1234`);

    expect(response?.status()).toBe(404);
    expect(page.url()).toBe(`${webUrl}/title/1234`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Error');
    expect(await page.getByText('404', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('not-found-message').textContent()).toBe('Page Not Found: /title/1234');
    const home = page.getByRole('link', { name: 'Go to home' });
    expect(await home.getAttribute('href')).toBe('/');
    expect(await page.title()).toMatch(/^Page not found \| /);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    // The full-viewer layout: no site header or footer.
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    await context.close();
  });

  it('shows the 404 page for other invalid parameters and unknown paths', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    for (const path of [
      '/title/10001/episode/-1',
      '/ranking/abc',
      '/search/category/1.5',
      '/assets/missing.js',
      '/nope',
    ]) {
      const response = await page.goto(`${webUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByTestId('not-found-message').textContent()).toBe(`Page Not Found: ${path}`);
    }
    await context.close();
  });

  it('redirects to /maintenance while the API is in maintenance', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    await setMaintenance(true);
    try {
      await page.goto(`${webUrl}/`);
      expect(new URL(page.url()).pathname).toBe('/maintenance');
      expect(await page.getByTestId('maintenance-heading').textContent()).toBe('We’re doing some maintenance');
    } finally {
      await setMaintenance(false);
    }
    await page.goto(`${webUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('switches the UI language and remembers it', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();

    await page.goto(`${webUrl}/article/help`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Help');

    await page.getByRole('contentinfo').getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(`${webUrl}/article/help`);
    await page.getByRole('heading', { level: 1, name: 'ヘルプ' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.getByTestId('header-login').textContent()).toBe('ログイン');
    expect((await context.cookies(webUrl)).find((c) => c.name === `${cookiePrefix}locale`)?.value).toBe('ja');

    await page.goto(`${webUrl}/ranking`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ランキング');

    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ranking' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('keeps the login state in local storage and syncs it between two tabs', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${webUrl}/article/help`);
    await second.goto(`${webUrl}/article/help`);
    await second.getByTestId('header-login').waitFor();
    // The header renders on the server; local storage is written after hydration.
    await expect.poll(() => second.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('false');

    // Logging in sets the uwt cookie; the first tab learns it from the server.
    await context.addCookies([{ name: `${cookiePrefix}uwt`, value: 'e2e-token', url: webUrl }]);
    await first.reload();
    await first.getByTestId('header-my-page').waitFor();
    // The header renders on the server; local storage is written after hydration.
    await expect.poll(() => first.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
    // The second tab follows without a reload.
    await second.getByTestId('header-my-page').waitFor({ timeout: 5_000 });

    await context.clearCookies({ name: `${cookiePrefix}uwt` });
    await first.reload();
    await first.getByTestId('header-login').waitFor();
    await second.getByTestId('header-login').waitFor({ timeout: 5_000 });
    // The header renders on the server; local storage is written after hydration.
    await expect.poll(() => second.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('false');
    await context.close();
  });
});
