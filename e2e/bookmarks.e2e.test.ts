import { randomUUID } from 'node:crypto';
import { TitleViewedListResponseSchema, TitleViewedProgressResponseSchema } from '@manga/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { type Chapter, findSpreadChapter, pad, readerPath } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS, openReader } from './reader.ts';
import { uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Bookmarks, private reading and where a place was left (issue 28, ADR 044) on the real service in
// Chromium, with one account on two devices: a desktop Chrome on Linux and a phone (Chrome on
// Android, 390 px). A bookmark made on one shows on the other and opens the viewer at its page;
// private reading shows a badge and leaves nothing in the history API (asked with the reader's own
// cookies); switched off, reading is recorded again, and continue reading says on which device and
// when. With E2E_SCREENSHOT_DIR set, the screens are saved at 390 and 1280 px in English and Japanese.

const PASSWORD = 'Bookmark-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;

interface Device {
  context: BrowserContext;
  page: Page;
}

/** The reader's history as the API tells it to them (their cookies, through the web app's /api). */
async function history(device: Device) {
  const answer = await device.context.request.get(`${webUrl}/api/title/viewed/list`);
  return TitleViewedListResponseSchema.parse(await answer.json()).viewed_title_list;
}

async function progress(device: Device, titleId: number) {
  const answer = await device.context.request.get(`${webUrl}/api/title/viewed/progress?title_id=${titleId}`);
  return TitleViewedProgressResponseSchema.parse(await answer.json()).viewed_title;
}

/** Turns `count` pages and leaves the chapter, so that the debounced progress call goes (or would go). */
async function readPages(page: Page, count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(250);
  }
  // PROGRESS_DEBOUNCE_MS (1.5 s) and then some; leaving sends the last position with keepalive too.
  await page.waitForTimeout(2_500);
  await page.goto(`${webUrl}/my`);
}

async function screenshot(page: Page, name: string, hold?: () => Promise<void>): Promise<void> {
  if (!shots) return;
  const url = new URL(page.url());
  for (const locale of ['en', 'ja'] as const) {
    url.searchParams.set('lang', locale);
    await page.goto(url.toString());
    await hold?.();
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await page.screenshot({ path: `${shots}/${name}-${locale}-${page.viewportSize()?.width}.png` });
  }
  url.searchParams.set('lang', 'en');
  await page.goto(url.toString());
}

describe('bookmarks on two devices and private reading (ADR 044)', () => {
  let browser: Browser;
  let desktop: Device;
  let phone: Device;
  let chapter: Chapter;
  let other: Chapter;
  const email = `bookmarks-${randomUUID().slice(0, 8)}@example.com`;

  async function device(options: { phone: boolean }): Promise<Device> {
    const context = await newVisitor(browser, {
      country: 'US',
      device: options.phone ? 'phone' : 'desktop',
    });
    await giveAdultConsent(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}/my`);
    await logIn(page, email, PASSWORD);
    await page.getByTestId('bookmark-list').waitFor();
    return { context, page };
  }

  beforeAll(async () => {
    browser = await launchChromium();
    chapter = await findSpreadChapter();
    other = await findSpreadChapter(new Set([chapter.titleId]));
    await createAccountByApi(email, PASSWORD);
    desktop = await device({ phone: false });
    phone = await device({ phone: true });
  });
  afterAll(async () => {
    await desktop?.context.close();
    await phone?.context.close();
    await browser?.close();
  });

  it('a bookmark made in the viewer on one device shows on the other and opens the viewer at its page', {
    timeout: 180_000,
  }, async () => {
    const { page } = desktop;
    // Private reading is off for a new account.
    await openReader(page, readerPath(chapter));
    expect(await page.getByTestId('private-reading-badge').count()).toBe(0);

    // Key b on the page shown after two turns (a spread at 1280 px: the bookmark is its last page).
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
    await page.keyboard.press('b');
    const dialog = page.getByTestId('bookmark-dialog');
    await dialog.waitFor();
    const keyPage = Number((await dialog.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
    expect(keyPage).toBeGreaterThan(1);
    await page.getByTestId('bookmark-note').fill('The duel begins');
    if (shots) await page.screenshot({ path: `${shots}/bookmark-dialog-en-1280.png` });
    await page.getByTestId('bookmark-save').click();
    await page
      .getByTestId('bookmark-saved')
      .getByText(uiText('en', 'reader_features.bookmark.saved', { page: keyPage }))
      .waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Escape closes the dialog and keeps nothing.
    await page.keyboard.press('b');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The button, a few pages on, with no note.
    for (let turn = 0; turn < 2; turn++) await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
    await page.keyboard.press('Tab');
    await page.getByTestId('reader-menu').and(page.locator('[data-open="true"]')).waitFor();
    await page.getByRole('button', { name: uiText('en', 'reader_features.bookmark.button') }).click();
    await dialog.waitFor();
    const buttonPage = Number((await dialog.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
    expect(buttonPage).toBeGreaterThan(keyPage);
    await page.getByTestId('bookmark-save').click();
    await dialog.waitFor({ state: 'detached' });

    // The phone: the title's page lists both in reading order, /my lists both, newest first.
    const mobile = phone.page;
    await mobile.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
    const titleList = mobile.getByTestId('bookmark-list');
    await titleList.getByTestId('bookmark-item').nth(1).waitFor();
    const titleItems = await titleList.getByTestId('bookmark-item').allTextContents();
    expect(titleItems[0]).toContain(uiText('en', 'reader_features.bookmark.page', { page: keyPage }));
    expect(titleItems[0]).toContain('The duel begins');
    expect(titleItems[1]).toContain(uiText('en', 'reader_features.bookmark.page', { page: buttonPage }));
    await screenshot(mobile, 'bookmarks-title', () => titleList.waitFor());

    await mobile.goto(`${webUrl}/my`);
    const myList = mobile.getByTestId('bookmark-list');
    await myList.getByTestId('bookmark-item').nth(1).waitFor();
    expect(await myList.getByTestId('bookmark-item').first().textContent()).toContain(
      uiText('en', 'reader_features.bookmark.page', { page: buttonPage }),
    );
    await screenshot(mobile, 'bookmarks-my', () => myList.waitFor());

    // Opening the noted one starts the viewer at its page.
    const noted = myList.getByTestId('bookmark-item').filter({ hasText: 'The duel begins' }).getByRole('link');
    await noted.click();
    await mobile.waitForURL(
      (url) => url.pathname === readerPath(chapter) && url.searchParams.get('page') === String(keyPage),
    );
    await drawnPageOnScreen(mobile).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    expect((await mobile.getByTestId('reader-announcer').textContent())?.trim()).toBe(
      uiText('en', 'episode.viewer.page_label', { number: keyPage, total: chapter.pageCount }),
    );

    // The same on the desktop's /my (the bookmarks are the account's, not the device's).
    await page.goto(`${webUrl}/my`);
    await page.getByTestId('bookmark-list').getByTestId('bookmark-item').nth(1).waitFor();
    await screenshot(page, 'bookmarks-my', () => page.getByTestId('bookmark-list').waitFor());
    await page.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
    await screenshot(page, 'bookmarks-title', () => page.getByTestId('bookmark-list').waitFor());
  });

  it('private reading shows a badge and leaves no trace in the history API; switched off, reading is recorded with its device and time', {
    timeout: 240_000,
  }, async () => {
    const mobile = phone.page;
    expect(await progress(phone, other.titleId)).toBeNull();

    // On in the viewer (of a chapter already in the history: opening a chapter records it at once):
    // a pressed switch and a badge that says nothing is recorded.
    await openReader(mobile, readerPath(chapter));
    const toggle = mobile.getByTestId('private-reading-toggle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // On a phone the switch is among the less-used tools, under More (ADR 060).
    await mobile.getByTestId('reader-tools-more').click();
    await toggle.click();
    const badge = mobile.getByTestId('private-reading-badge');
    await badge.getByText(uiText('en', 'reader_features.private.badge')).waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    if (shots) {
      for (const device of [phone, desktop]) {
        await openReader(device.page, readerPath(other));
        await device.page.getByTestId('private-reading-badge').waitFor();
        await screenshot(device.page, 'private-reading-viewer', async () => {
          await drawnPageOnScreen(device.page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
          await device.page.getByTestId('private-reading-badge').waitFor();
        });
      }
    }
    await openReader(mobile, readerPath(other));
    await badge.waitFor();

    // The account's switch: the desktop's viewer shows the badge too.
    await openReader(desktop.page, readerPath(other));
    await desktop.page.getByTestId('private-reading-badge').waitFor();

    // Reading now records nothing: no history entry, no progress, nothing to continue on /my.
    await readPages(mobile, 4);
    expect(await progress(phone, other.titleId)).toBeNull();
    expect((await history(phone)).map((entry) => entry.title_id)).not.toContain(other.titleId);
    const recordedBefore = (await history(phone)).length;
    await mobile.getByTestId('bookmark-list').waitFor();
    await mobile.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const continueOther = mobile.locator(`[data-testid="history-entry"] a[href*="/title/${pad(other.titleId)}"]`);
    expect(await continueOther.count()).toBe(0);
    expect(await progress(desktop, other.titleId)).toBeNull();

    // The settings page shows it on, and switches it off.
    await mobile.goto(`${webUrl}/my/setting`);
    const settingSwitch = mobile.getByTestId('private-reading-switch');
    await settingSwitch.waitFor();
    expect(await settingSwitch.getAttribute('aria-checked')).toBe('true');
    await screenshot(mobile, 'private-reading-setting', () => settingSwitch.waitFor());
    await mobile.getByTestId('private-reading-switch').click();
    await expect.poll(() => mobile.getByTestId('private-reading-switch').getAttribute('aria-checked')).toBe('false');

    // Off again: the same reading is recorded, with the phone's name and the time.
    await openReader(mobile, readerPath(other));
    expect(await mobile.getByTestId('private-reading-badge').count()).toBe(0);
    await readPages(mobile, 3);
    await expect
      .poll(async () => (await progress(phone, other.titleId))?.page ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(1);
    const place = await progress(phone, other.titleId);
    expect(place?.device_name).toBe('Chrome on Android');
    expect(place?.page_time).not.toBeNull();
    expect((await history(phone)).length).toBe(recordedBefore + 1);
    await mobile.goto(`${webUrl}/my`);
    await continueOther.first().waitFor();

    // The desktop's continue reading says where and when the place was left.
    await desktop.page.goto(`${webUrl}/my`);
    const left = desktop.page.getByTestId('history-left').first();
    await left.waitFor();
    const leftText = (await left.textContent()) ?? '';
    const phoneLabel = uiText('en', 'settings.device_on', { browser: 'Chrome', system: 'Android' });
    expect(leftText.startsWith(uiText('en', 'reader_features.device.left_on', { device: phoneLabel, time: '' }))).toBe(
      true,
    );
    expect(leftText).toMatch(/\d/);
    await screenshot(desktop.page, 'continue-reading-device', () => left.waitFor());
    await mobile.goto(`${webUrl}/my`);
    await screenshot(mobile, 'continue-reading-device', () => mobile.getByTestId('history-left').first().waitFor());
  });
});
