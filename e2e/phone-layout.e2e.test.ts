import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { type Chapter, findSpreadChapter, pad, readerPath } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { openReader } from './reader.ts';
import { expectNoRawKeys, type UiLocale, uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor, PHONE_VIEWPORT } from './visitors.ts';

// The phone as the first-class layout (issue 24 item 9, ADR 060): on a 390×844 touch phone the title
// page's chapters start on the first screen with their thumbnails, a bottom tab bar leads to home,
// search, library and account (none on a desktop or in the viewer), and the viewer's tools row fits.

const PASSWORD = 'phone-layout-Pass1';

const LANGUAGES: readonly { locale: UiLocale; acceptLanguage: string; country: 'US' | 'JP' }[] = [
  { locale: 'en', acceptLanguage: 'en-US', country: 'US' },
  { locale: 'ja', acceptLanguage: 'ja-JP', country: 'JP' },
];

describe.each(LANGUAGES)('the phone layout in $locale (issue 24 item 9)', ({ locale, acceptLanguage, country }) => {
  let browser: Browser;
  let chapter: Chapter;
  let email: string;
  const contexts: BrowserContext[] = [];
  const text = (key: string, values?: Record<string, string | number>) => uiText(locale, key, values);

  /** A touch phone held upright, past the age gate. */
  async function phone(): Promise<Page> {
    const context = await newVisitor(browser, { device: 'phone', locale: acceptLanguage, country });
    await giveAdultConsent(context);
    contexts.push(context);
    return context.newPage();
  }

  function tabBar(page: Page) {
    return page.getByRole('navigation', { name: text('phone.tab_bar.label') });
  }

  function tab(page: Page, key: 'home' | 'search' | 'library' | 'account') {
    return tabBar(page).getByRole('link', { name: text(`phone.tab_bar.${key}`), exact: true });
  }

  /** The tabs marked current, by their words. */
  async function currentTabs(page: Page): Promise<string[]> {
    return tabBar(page)
      .locator('a[aria-current="page"]')
      .evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''));
  }

  beforeAll(async () => {
    browser = await launchChromium();
    chapter = await findSpreadChapter();
    email = `phone-layout-${locale}-${Date.now()}@example.com`;
    await createAccountByApi(email, PASSWORD);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('starts the chapter list on the first screen of a title page, each chapter with a thumbnail that loads', async () => {
    const page = await phone();
    await page.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
    const firstRow = page.getByTestId('episode-row').first();
    await firstRow.waitFor();
    const box = await firstRow.boundingBox();
    const bar = await tabBar(page).boundingBox();
    if (!box || !bar) throw new Error('no chapter row or tab bar');
    // Whole, on the first screen, above the tab bar.
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    expect(bar.y + bar.height).toBeLessThanOrEqual(PHONE_VIEWPORT.height);

    // The story is two lines until "More" opens the rest.
    const story = page.locator('#introduction-text');
    const clamp = () => story.evaluate((element) => getComputedStyle(element).webkitLineClamp);
    expect(await clamp()).toBe('2');
    const more = page.locator('label[for="introduction-more"]');
    // biome-ignore lint/performance/useDomNodeTextContent: the words shown, not the hidden other ones
    expect((await more.innerText()).trim()).toBe(text('phone.title.more'));
    await more.click();
    await expect.poll(clamp).toBe('none');
    expect(await page.getByTestId('introduction-more').isChecked()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the words shown, not the hidden other ones
    expect((await more.innerText()).trim()).toBe(text('phone.title.less'));

    // Every chapter has a thumbnail with its box set, lazy, and each one loads once scrolled to.
    const thumbnails = page.getByTestId('episode-thumbnail');
    const count = await thumbnails.count();
    expect(count).toBe(await page.getByTestId('episode-row').count());
    for (let index = 0; index < count; index++) {
      const image = thumbnails.nth(index);
      expect(await image.getAttribute('loading')).toBe('lazy');
      expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
          timeout: 10_000,
        })
        .toBe(true);
    }

    // At the bottom, the page's last words are above the tab bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerEnd = await page.getByRole('contentinfo').evaluate((footer) => footer.getBoundingClientRect().bottom);
    const barTop = (await tabBar(page).boundingBox())?.y ?? 0;
    expect(footerEnd).toBeLessThanOrEqual(barTop + 1);
    await expectNoRawKeys(page);
  });

  it('leads the tab bar to home, search, library and account, marking the current tab, by touch and keyboard', async () => {
    const page = await phone();
    await page.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
    await tabBar(page).waitFor();
    expect(await tabBar(page).isVisible()).toBe(true);
    // A title page is in no tab.
    await expect.poll(() => currentTabs(page)).toEqual([]);

    await tab(page, 'search').tap();
    await page.waitForURL(`${webUrl}/search`);
    await expect.poll(() => currentTabs(page)).toEqual([text('phone.tab_bar.search')]);

    await tab(page, 'home').tap();
    await page.waitForURL(`${webUrl}/`);
    await expect.poll(() => currentTabs(page)).toEqual([text('phone.tab_bar.home')]);

    // A visitor's account tab opens the login in place; logged in, it is /my.
    await tab(page, 'account').tap();
    await page.waitForURL((url) => url.searchParams.get('dialog') === 'login');
    const dialog = page.getByRole('dialog', { name: text('dialog.login.title') });
    await dialog.getByLabel(text('account.fields.email')).fill(email);
    await dialog.getByLabel(text('account.fields.password'), { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: text('dialog.login.submit') }).click();
    await dialog.waitFor({ state: 'hidden' });

    await tab(page, 'library').tap();
    await page.waitForURL(`${webUrl}/my/history`);
    await expect.poll(() => currentTabs(page)).toEqual([text('phone.tab_bar.library')]);

    // From the keyboard: focus the tab and press Enter.
    await tab(page, 'account').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${webUrl}/my`);
    await expect.poll(() => currentTabs(page)).toEqual([text('phone.tab_bar.account')]);
    await expectNoRawKeys(page);
  });

  it('has no tab bar on a 1280 px desktop, nor in the viewer on a phone', async () => {
    const desktop = await newVisitor(browser, { country, locale: acceptLanguage });
    contexts.push(desktop);
    await giveAdultConsent(desktop);
    const page = await desktop.newPage();
    await page.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
    await page.getByTestId('episode-row').first().waitFor();
    expect(await page.getByTestId('phone-tab-bar').isVisible()).toBe(false);

    const onPhone = await phone();
    await openReader(onPhone, readerPath(chapter));
    expect(await onPhone.getByTestId('phone-tab-bar').count()).toBe(0);
  });

  it('fits the viewer’s tools row in 390 px, the less-used tools under a labelled More', async () => {
    const page = await phone();
    // Logged in: the row's widest form (bookmark and private reading too).
    await page.goto(`${webUrl}/?dialog=login`);
    const dialog = page.getByRole('dialog', { name: text('dialog.login.title') });
    await dialog.getByLabel(text('account.fields.email')).fill(email);
    await dialog.getByLabel(text('account.fields.password'), { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: text('dialog.login.submit') }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openReader(page, readerPath(chapter));
    const menu = page.getByTestId('reader-menu');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
    const row = page.getByTestId('reader-tools-row');
    const fits = () =>
      row.evaluate((element) => ({
        row: element.scrollWidth <= element.clientWidth,
        page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      }));
    expect(await fits()).toEqual({ row: true, page: true });
    // Every tool in the row has a name.
    const names = await row
      .locator('button:visible, a:visible')
      .evaluateAll((controls) => controls.map((control) => control.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(4);
    expect(names.every((name) => name.length > 0)).toBe(true);

    // The rest open under More, with their words, and work from there.
    const more = page.getByRole('button', { name: text('phone.viewer.more_tools') });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('zoom-in').isVisible()).toBe(false);
    await more.tap();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const zoomIn = page.getByRole('button', { name: text('episode.viewer.tools.zoom_in'), exact: true });
    expect(await zoomIn.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: text('reader_features.private.switch') }).isVisible()).toBe(true);
    expect(await page.getByTestId('fullscreen-toggle').isVisible()).toBe(true);
    const panel = await page.getByTestId('reader-tools-rest').boundingBox();
    expect(panel && panel.x >= 0 && panel.x + panel.width <= PHONE_VIEWPORT.width).toBe(true);
    await zoomIn.tap();
    await expect.poll(() => page.getByTestId('reader-view').getAttribute('data-zoom')).toBe('1.50');
    expect(await fits()).toEqual({ row: true, page: true });
    // Escape closes the panel and leaves the menu open.
    await page.keyboard.press('Escape');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getAttribute('data-open')).toBe('true');
  });
});
