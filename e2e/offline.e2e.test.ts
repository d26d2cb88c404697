import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { findTitleWithRentableChapters, type LockedChapter, pad } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS } from './reader.ts';
import { grantPoints } from './service-cli.ts';
import { expectNoRawKeys } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Offline reading (issue 28, ADR 052) in Chromium with its network really cut (context.setOffline):
// the service worker installs; a free and a bought chapter are downloaded from the title page and the
// viewer, then read with no network (the pages scrambled as stored, drawn by the same reader), the
// progress made offline reaching the API when the network returns; a rental's end removes its pages
// while offline; logging out removes every download. E2E_SHOTS_DIR=dir saves the screens at 390 and
// 1280 px (English and Japanese).

const PASSWORD = 'Offline-pass-2026';
const shotsDir = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

const row = (page: Page, episodeId: number) => page.locator(`#episode-${episodeId}`);

/** The page is controlled by the site's service worker (it claims pages as it activates). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Let the precache finish (the offline page among it).
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).some((name) => name.includes('precache'))))
    .toBe(true);
}

async function download(page: Page, episodeId: number): Promise<void> {
  const button = row(page, episodeId).getByTestId('download');
  await button.click();
  await expect.poll(() => button.getAttribute('data-state'), { timeout: 30_000 }).toBe('downloaded');
}

async function storedState(page: Page): Promise<{ caches: string[]; downloads: number }> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('manga-offline-pages-'));
    const downloads = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('manga-offline');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('downloads')) return resolve(0);
        const count = db.transaction('downloads').objectStore('downloads').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      };
    });
    return { caches: names, downloads };
  });
}

describe('offline reading (issue 28)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function readerWithAccount(locale: 'en-US' | 'ja-JP', points = 0) {
    const email = `offline-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    if (points > 0) await grantPoints(email, points, { reason: 'e2e offline test' });
    const context = await newVisitor(browser, { country: locale === 'ja-JP' ? 'JP' : 'US', locale });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    return { email, context, page };
  }

  async function logInOn(page: Page, email: string, path: string): Promise<void> {
    await page.goto(`${webUrl}/my`);
    // In either language: the login dialog's e-mail and password fields, then its submit button.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(`${webUrl}/my`);
    await page.goto(`${webUrl}${path}`);
  }

  it('downloads a free and a bought chapter, reads them with the network cut, and sends the progress made offline', async () => {
    const { titleId, chapters } = await findTitleWithRentableChapters(2);
    const bought = chapters[0] as LockedChapter;
    const { email, context, page } = await readerWithAccount('en-US', bought.point);
    const titlePath = `/title/${pad(titleId)}`;
    await logInOn(page, email, titlePath);
    await waitForServiceWorker(page);

    // Buy one chapter (the API's word: bought), then download it and the title's free first chapter.
    await row(page, bought.episodeId).getByTestId('episode-buy').click();
    await page.getByTestId('buy-dialog').getByTestId('purchase-confirm').click();
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    // From the viewer: its top bar's button.
    const viewerButton = page.getByTestId('download');
    await viewerButton.click();
    await expect.poll(() => viewerButton.getAttribute('data-state'), { timeout: 30_000 }).toBe('downloaded');
    await page.goto(`${webUrl}${titlePath}`);
    const free = page.locator('[data-testid="episode-row"][data-access="free"]').first();
    const freeId = Number((await free.locator('xpath=ancestor::li[1]').getAttribute('id'))?.replace('episode-', ''));
    await download(page, freeId);
    await expect
      .poll(() => row(page, bought.episodeId).getByTestId('download').getAttribute('data-state'))
      .toBe('downloaded');
    // A locked chapter offers no download.
    const locked = chapters[1] as LockedChapter;
    expect(await row(page, locked.episodeId).getByTestId('download').count()).toBe(0);
    await shot(page, 'offline-title-en');

    // /my lists both with their sizes and the space left, and keeps the library for offline use.
    await page.goto(`${webUrl}/my`);
    const list = page.getByTestId('downloads');
    await expect.poll(() => list.getByTestId('download-row').count(), { timeout: 15_000 }).toBe(2);
    expect(await list.getByTestId('download-size').first().textContent()).toMatch(/^\d[\d.,]* (KB|MB)$/);
    expect(await page.getByTestId('storage-space').textContent()).toMatch(/used of .* available to this site/);
    await expectNoRawKeys(page);
    await page.locator('#my-downloads').scrollIntoViewIfNeeded();
    await shot(page, 'offline-my-en');

    // The network goes away: any page of the site lands on the offline page, which says so.
    await context.setOffline(true);
    // A link followed in the page says it is offline (no server error, no pretending), with the way out.
    await page.locator('a[href="/my/history"]').first().click();
    await page.getByTestId('offline-error').waitFor();
    await page.goto(`${webUrl}${titlePath}`);
    await page.waitForURL((url) => url.pathname === '/offline');
    expect(new URL(page.url()).searchParams.get('from')).toBe(titlePath);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('false');
    await expect.poll(() => page.getByTestId('download-row').count(), { timeout: 15_000 }).toBe(2);
    await page.getByTestId('offline-library').waitFor();
    await expectNoRawKeys(page);
    await shot(page, 'offline-page-en');

    // The bought chapter opens in the reader with no network: pages drawn (descrambled on screen).
    await page.locator(`[data-testid="download-row"][data-episode-id="${bought.episodeId}"] a`).click();
    await page.waitForURL((url) => url.searchParams.get('read') === String(bought.episodeId));
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    const reader = page.getByTestId('reader');
    expect(await reader.getAttribute('data-direction')).toMatch(/^(rtl|ltr|vertical)$/);
    await shot(page, 'offline-reader-en');
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    await expect.poll(() => Number(new URL(page.url()).searchParams.get('page') ?? 1)).toBeGreaterThan(1);
    const reached = Number(new URL(page.url()).searchParams.get('page'));
    // The progress call cannot go out: it waits in the queue (after the reader's 1.5 s debounce).
    await page.waitForTimeout(2_500);
    await page.goto(`${webUrl}/offline`);
    await page.getByTestId('queued-progress').waitFor();

    // The free one too.
    await page.goto(`${webUrl}/offline?read=${freeId}`);
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });

    // Back online: the next page sends the queued progress; the API knows the page reached.
    await context.setOffline(false);
    await page.goto(`${webUrl}/my`);
    await expect
      .poll(
        async () => {
          const answer = await context.request.get(
            `${webUrl}/api/web/episode/viewer?episode_id=${bought.episodeId}&prefetch=1`,
          );
          return ((await answer.json()) as { last_page: number }).last_page;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(reached);
  }, 240_000);

  it('removes a rented chapter when the rental ends, with the network cut (Japanese)', async () => {
    const { titleId, chapters } = await findTitleWithRentableChapters(3);
    const rented = chapters[2] as LockedChapter;
    const { email, context, page } = await readerWithAccount('ja-JP');
    await context.clock.install();
    const titlePath = `/title/${pad(titleId)}`;
    await logInOn(page, email, titlePath);
    await waitForServiceWorker(page);
    await row(page, rented.episodeId).getByTestId('episode-rent').click();
    await page.getByTestId('rent-dialog').getByTestId('rent-title').click();
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    await page.goto(`${webUrl}${titlePath}`);
    await download(page, rented.episodeId);

    await context.setOffline(true);
    await page.goto(`${webUrl}/offline`);
    await expect.poll(() => page.getByTestId('download-row').count()).toBe(1);
    expect(await page.getByTestId('download-row').textContent()).toContain('まで');
    await expectNoRawKeys(page);
    await shot(page, 'offline-page-ja');
    await page.goto(`${webUrl}/offline?read=${rented.episodeId}`);
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });

    // Three days later (the title ticket's 72 hours), still offline: the pages are gone and refused.
    await page.goto(`${webUrl}/offline`);
    await expect.poll(() => page.getByTestId('download-row').count(), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(1_000);
    await page.clock.fastForward(73 * 3_600_000);
    // The page's minute sweep, should the timer for the end have been set before the clock moved.
    await page.waitForTimeout(500);
    await page.clock.fastForward(61_000);
    await expect.poll(() => page.getByTestId('download-row').count(), { timeout: 15_000 }).toBe(0);
    expect(await storedState(page)).toMatchObject({ downloads: 0 });
    const left = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('manga-offline-pages-'));
      let count = 0;
      for (const name of names) count += (await (await caches.open(name)).keys()).length;
      return count;
    });
    expect(left).toBe(0);
    await page.goto(`${webUrl}/offline?read=${rented.episodeId}`);
    await page.getByTestId('offline-reader-missing').getByRole('link').waitFor();
    await shot(page, 'offline-ended-ja');
  }, 240_000);

  it('removes every download at logout', async () => {
    const { titleId } = await findTitleWithRentableChapters(1);
    const { email, page } = await readerWithAccount('en-US');
    const titlePath = `/title/${pad(titleId)}`;
    await logInOn(page, email, titlePath);
    await waitForServiceWorker(page);
    const free = page.locator('[data-testid="episode-row"][data-access="free"]').first();
    const freeId = Number((await free.locator('xpath=ancestor::li[1]').getAttribute('id'))?.replace('episode-', ''));
    await download(page, freeId);
    expect((await storedState(page)).downloads).toBe(1);

    // What the page said, to tell why should a removal not happen (it once did not, on a loaded machine).
    const said: string[] = [];
    page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
    page.on('request', (request) => {
      if (request.isNavigationRequest() || request.url().includes('.data'))
        said.push(`asked ${request.method()} ${request.url()}${request.serviceWorker() ? ' (service worker)' : ''}`);
    });
    page.on('requestfailed', (request) =>
      said.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`),
    );
    page.on('response', (response) => {
      if (response.request().method() !== 'GET' || response.status() >= 400)
        said.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) said.push(`navigated to ${frame.url()}`);
    });
    await page.goto(`${webUrl}/my`);
    // The page once went to /my a second time with the click lost (no logout asked): let it settle first.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('logout').click();
    try {
      await expect.poll(() => storedState(page), { timeout: 15_000 }).toEqual({ caches: [], downloads: 0 });
    } catch (error) {
      throw new Error(`${(error as Error).message}\nthe page said: ${JSON.stringify(said)}`, { cause: error });
    }
    await page.goto(`${webUrl}/offline`);
    await expect.poll(() => page.getByTestId('download-row').count()).toBe(0);
  }, 180_000);
});
