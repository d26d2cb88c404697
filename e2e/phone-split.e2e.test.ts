import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { type Chapter, findSpreadChapter, readerPath } from './demo-chapters.ts';
import { openReader } from './reader.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// The phone split in Chromium (issue 28): on a phone held upright, with the setting on, a double-page
// spread of a right-to-left chapter shows its right half, then its left half, then the next page;
// the live region says which half; with the setting off the spread is shown whole (and zoomable).

const PHONE = { width: 390, height: 844 };

/** The view on screen: its page, the half it shows, and where the page's canvas sits against the view. */
async function shown(page: Page) {
  const view = page.getByTestId('reader-view');
  const pageElement = view.locator('[data-testid="reader-page"]').first();
  await pageElement.and(page.locator('[data-state="drawn"]')).waitFor({ timeout: 15_000 });
  const viewBox = await view.boundingBox();
  const canvasBox = await pageElement.boundingBox();
  return {
    page: Number(await pageElement.getAttribute('data-page')),
    half: await view.getAttribute('data-half'),
    // The canvas is twice the view's width; the right half shifts it left by one view width.
    offset: Math.round(((canvasBox?.x ?? 0) - (viewBox?.x ?? 0)) / (viewBox?.width ?? 1)),
  };
}

async function openMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('reader-menu');
  if ((await menu.getAttribute('data-open')) === 'true') return;
  const box = await page.getByTestId('reader-stage').boundingBox();
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
}

describe('the phone split (issue 28)', () => {
  let browser: Browser;
  let chapter: Chapter;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    chapter = await findSpreadChapter();
    context = await newVisitor(browser, { country: 'US', viewport: PHONE });
    await giveAdultConsent(context);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows a spread as its right half, then its left half, then the next page, in reading order', async () => {
    const wide = chapter.widePages[0]!;
    const page = await context.newPage();
    await openReader(page, readerPath(chapter, `?page=${wide}`));
    // Off (the default): the spread whole.
    expect(await shown(page)).toMatchObject({ page: wide, half: null, offset: 0 });

    await openMenu(page);
    const toggle = page.getByTestId('split-toggle');
    expect(await toggle.getAttribute('aria-label')).toBe('Split double pages on a phone held upright');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await shown(page)).toEqual({ page: wide, half: 'right', offset: -1 });
    await expect.poll(() => page.getByTestId('reader-announcer').textContent()).toContain('right half');

    // Forward in right-to-left reading is ArrowLeft.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await shown(page)).half).toBe('left');
    expect(await shown(page)).toEqual({ page: wide, half: 'left', offset: 0 });
    await expect.poll(() => page.getByTestId('reader-announcer').textContent()).toContain('left half');

    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await shown(page)).page).toBe(wide + 1);
    expect((await shown(page)).half).toBeNull();

    // And back: the left half, then the right half.
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await shown(page)).half).toBe('left');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await shown(page)).half).toBe('right');

    // The setting is kept: a reload opens the spread split again.
    await page.reload();
    await expect.poll(async () => (await shown(page)).half, { timeout: 15_000 }).toBe('right');
  });
});
