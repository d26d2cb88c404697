import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { type Chapter, findSpreadChapter, readerPath } from './demo-chapters.ts';
import { cookiePrefix, webUrl } from './e2e-env.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS, openReader } from './reader.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// The data saver in Chromium (issue 28, ADR 055): a browser sending `Save-Data: on` gets the light
// tier from the first page (fewer bytes, the same pages drawn), the viewer says so, and the reader's
// setting overrides the browser either way, kept over a reload.

const PAGE_IMAGE = /\/images\/episodes\/\d+\/s[0-9a-f]{8}\/(light\/)?(\d{3})\.jpg\?/;

interface PageFetch {
  light: boolean;
  page: number;
  bytes: number;
}

/** Every page image the page fetches, with its tier and size. */
function recordPageImages(page: Page): PageFetch[] {
  const fetched: PageFetch[] = [];
  page.on('response', async (response) => {
    const match = PAGE_IMAGE.exec(response.url());
    if (!match || response.status() !== 200) return;
    const body = await response.body().catch(() => undefined);
    if (body) fetched.push({ light: match[1] !== undefined, page: Number(match[2]), bytes: body.length });
  });
  return fetched;
}

describe('the data saver (issue 28)', () => {
  let browser: Browser;
  let chapter: Chapter;
  const contexts: BrowserContext[] = [];

  async function visitor(saveData: boolean): Promise<BrowserContext> {
    const context = await newVisitor(browser, { country: 'US' });
    await context.setExtraHTTPHeaders({
      'cloudfront-viewer-country': 'US',
      ...(saveData ? { 'save-data': 'on' } : {}),
    });
    await giveAdultConsent(context);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium();
    chapter = await findSpreadChapter();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('serves the light tier to a browser sending Save-Data: on, in fewer bytes, and says so', async () => {
    const standardPage = await (await visitor(false)).newPage();
    const standardFetches = recordPageImages(standardPage);
    await openReader(standardPage, readerPath(chapter));
    await expect.poll(() => standardFetches.some((f) => f.page === 1)).toBe(true);
    expect(await standardPage.getByTestId('data-saver-toggle').getAttribute('data-quality')).toBe('standard');

    const lightPage = await (await visitor(true)).newPage();
    const lightFetches = recordPageImages(lightPage);
    await openReader(lightPage, readerPath(chapter));
    await expect.poll(() => lightFetches.some((f) => f.page === 1)).toBe(true);
    const toggle = lightPage.getByTestId('data-saver-toggle');
    expect(await toggle.getAttribute('data-quality')).toBe('light');
    expect(await toggle.getAttribute('data-setting')).toBe('auto');
    expect(await toggle.getAttribute('aria-label')).toContain('Data saver');
    expect(lightFetches.every((f) => f.light)).toBe(true);
    expect(standardFetches.every((f) => !f.light)).toBe(true);

    const firstLight = lightFetches.find((f) => f.page === 1)!;
    const firstStandard = standardFetches.find((f) => f.page === 1)!;
    expect(firstLight.bytes).toBeLessThan(firstStandard.bytes * 0.6);
    // The light pages are drawn (descrambled on the canvas) like standard ones.
    await drawnPageOnScreen(lightPage).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
  });

  it('lets the setting override Save-Data: off serves standard pages, kept over a reload; on serves light ones without it', async () => {
    const context = await visitor(true);
    const page = await context.newPage();
    const fetches = recordPageImages(page);
    await openReader(page, readerPath(chapter));
    const toggle = page.getByTestId('data-saver-toggle');
    await page.getByTestId('reader-stage').click({ position: { x: 200, y: 200 } });
    await page.getByTestId('reader-menu').waitFor();
    if ((await page.getByTestId('reader-menu').getAttribute('data-open')) !== 'true') {
      await page.getByTestId('reader-stage').click({ position: { x: 600, y: 400 } });
    }
    await toggle.click(); // auto → on: still light
    expect(await toggle.getAttribute('data-setting')).toBe('on');
    expect(await toggle.getAttribute('data-quality')).toBe('light');
    const before = fetches.length;
    await toggle.click(); // on → off: standard although the browser asks to save data
    await expect.poll(() => toggle.getAttribute('data-quality')).toBe('standard');
    expect(await toggle.getAttribute('data-setting')).toBe('off');
    await expect.poll(() => fetches.slice(before).some((f) => !f.light)).toBe(true);
    expect(fetches.slice(before).every((f) => !f.light)).toBe(true);
    const cookies = await context.cookies(webUrl);
    expect(cookies.find((c) => c.name === `${cookiePrefix}data_saver`)?.value).toBe('off');

    const reloaded: PageFetch[] = recordPageImages(page);
    await page.reload();
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    expect(await toggle.getAttribute('data-quality')).toBe('standard');
    expect(reloaded.length).toBeGreaterThan(0);
    expect(reloaded.every((f) => !f.light)).toBe(true);

    // Without Save-Data, the setting on serves the light tier from the first page.
    const plain = await visitor(false);
    await plain.addCookies([{ name: `${cookiePrefix}data_saver`, value: 'on', url: webUrl }]);
    const onPage = await plain.newPage();
    const onFetches = recordPageImages(onPage);
    await openReader(onPage, readerPath(chapter));
    await expect.poll(() => onFetches.length).toBeGreaterThan(0);
    expect(onFetches.every((f) => f.light)).toBe(true);
    expect(await onPage.getByTestId('data-saver-toggle').getAttribute('data-setting')).toBe('on');
  });
});
