import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi } from './accounts.ts';
import { launchChromium } from './browser.ts';
import {
  type Chapter,
  findChapterBeforeARelease,
  findLockedChapter,
  findSpreadChapter,
  pad,
  readerPath,
} from './demo-chapters.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { canvasPixels, expectedPage, expectUnscrambled } from './page-pixels.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS, openReader } from './reader.ts';
import { giveAdultConsent, newVisitor, type VisitorOptions } from './visitors.ts';

// The viewer in Chromium (issue 12, ADR 016): right-to-left paging by keys and tap zones, spreads
// from stored page sizes with wide pages alone and the per-episode shift, vertical mode kept over a
// reload, zoom reset by a page turn, full screen, the slider and thumbnails, the next chapter, the
// last page with its countdown, retries and refreshed URLs, the canvas against Node's unscrambling,
// and the reading history with continue-reading on a second browser of the same account.

/** The 1-based pages on screen, in DOM order, with their left edges. */
async function shownPages(page: Page): Promise<{ number: number; x: number }[]> {
  const pages = page.locator('[data-testid="reader-view"] [data-testid="reader-page"]');
  const result: { number: number; x: number }[] = [];
  for (const item of await pages.all()) {
    const box = await item.boundingBox();
    result.push({ number: Number(await item.getAttribute('data-page')), x: box?.x ?? 0 });
  }
  return result;
}

/** The pages on screen, right to left (as a right-to-left reader reads them), once they are drawn. */
async function readRightToLeft(page: Page): Promise<number[]> {
  await page.locator('[data-testid="reader-view"] [data-testid="reader-page"][data-state="drawn"]').first().waitFor();
  const pages = await shownPages(page);
  return pages.sort((a, b) => b.x - a.x).map((entry) => entry.number);
}

async function expectShown(page: Page, expected: number[]): Promise<void> {
  await expect.poll(() => readRightToLeft(page), { timeout: 10_000 }).toEqual(expected);
}

/** Clicks the stage at a share of its width (the tap zones), in its vertical middle. */
async function tapStage(page: Page, share: number): Promise<void> {
  const box = await page.getByTestId('reader-stage').boundingBox();
  if (!box) throw new Error('no stage');
  await page.mouse.click(box.x + box.width * share, box.y + box.height / 2);
}

async function openMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('reader-menu');
  if ((await menu.getAttribute('data-open')) === 'true') return;
  await tapStage(page, 0.5);
  await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
}

/** Logs the browser context in through the API: its cookie jar gets the session cookie (same host). */
async function logInContext(context: BrowserContext, email: string, password: string): Promise<void> {
  const response = await context.request.post(`${apiUrl}/web/user/login`, { form: { email, password } });
  expect(await response.json()).toMatchObject({ response_code: 0 });
}

describe('the viewer (issue 12)', () => {
  let browser: Browser;
  let spread: Chapter;
  const contexts: BrowserContext[] = [];

  async function visitor(options: VisitorOptions = {}): Promise<BrowserContext> {
    // A 1280×900 desktop unless `device: 'phone'` (a 390×844 touch phone).
    const context = await newVisitor(browser, { country: 'US', ...options });
    await giveAdultConsent(context);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium();
    spread = await findSpreadChapter();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('pages right to left with the keys and the tap zones, pairs pages and shows a wide page alone', async () => {
    expect(spread.widePages).toEqual([6]);
    const page = await (await visitor()).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openReader(page, readerPath(spread));
    const reader = page.getByTestId('reader');
    expect(await reader.getAttribute('data-direction')).toBe('rtl');
    expect(await reader.getAttribute('data-spreads')).toBe('on');
    // The cover alone, then pairs: the lower page on the right, as a right-to-left book.
    await expectShown(page, [1]);
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [2, 3]);
    expect(await page.getByTestId('reader-announcer').textContent()).toBe(`Pages 2 and 3 of ${spread.pageCount}`);
    await page.keyboard.press('ArrowRight');
    await expectShown(page, [1]);
    await page.keyboard.press('Space');
    await expectShown(page, [2, 3]);
    // Tap zones: the left side goes on, the right side goes back.
    await tapStage(page, 0.1);
    await expectShown(page, [4, 5]);
    await tapStage(page, 0.9);
    await expectShown(page, [2, 3]);
    await tapStage(page, 0.1);
    await tapStage(page, 0.1);
    // Page 6 is a double-page spread (wider than tall): always alone.
    await expectShown(page, [6]);
    const wide = await page.locator('[data-testid="reader-view"] [data-testid="reader-page"]').boundingBox();
    expect((wide?.width ?? 0) > (wide?.height ?? 0)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [7, 8]);
    await page.keyboard.press('End');
    await expectShown(page, [spread.pageCount - 1, spread.pageCount]);
    await page.keyboard.press('Home');
    await expectShown(page, [1]);
    expect(errors).toEqual([]);
  });

  it('draws pages unscrambled, the wide spread too, exactly as Node puts the tiles back', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread, '?page=6'));
    await expectShown(page, [6]);
    const wide = page.locator('[data-testid="reader-page"][data-page="6"]');
    const expected = await expectedPage(spread.titleId, spread.episodeId, 5);
    expect(expected.unscrambled.width).toBeGreaterThan(expected.unscrambled.height);
    expectUnscrambled(await canvasPixels(wide), expected);
    await page.keyboard.press('Home');
    await expectShown(page, [1]);
    expectUnscrambled(
      await canvasPixels(page.locator('[data-testid="reader-page"][data-page="1"]')),
      await expectedPage(spread.titleId, spread.episodeId, 0),
    );
  });

  it('paints the first page from the inline boot script under the nonce CSP, before the app scripts', async () => {
    const context = await visitor();
    /** CSP violations the page reports, and console errors. */
    const watch = async (page: Page) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      return problems;
    };
    // The app's scripts never arrive: whatever draws the page is the inline script, and it must run.
    const bare = await context.newPage();
    const bareProblems = await watch(bare);
    await bare.route(/\/assets\/[^?]+\.js(\?.*)?$/, (route) => route.abort());
    const response = await bare.goto(`${webUrl}${readerPath(spread)}`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const boot = bare.getByTestId('reader-boot-page');
    await expect.poll(() => boot.getAttribute('data-state'), { timeout: 20_000 }).toBe('drawn');
    expect(await bare.evaluate(() => performance.getEntriesByName('manga:first-page-painted').length)).toBe(1);
    expectUnscrambled(await canvasPixels(boot.locator('..')), await expectedPage(spread.titleId, spread.episodeId));
    // Only the blocked scripts failed; nothing was refused by the policy.
    expect(bareProblems.filter((problem) => !/net::ERR_FAILED/.test(problem))).toEqual([]);

    // With its scripts the reader takes over from the boot page, with no violation or error either.
    const full = await context.newPage();
    const fullProblems = await watch(full);
    await openReader(full, readerPath(spread));
    await boot.page().close();
    expect(await full.getByTestId('reader-boot-page').count()).toBe(0);
    expect(fullProblems).toEqual([]);
  });

  it('shifts the pairing by one page for this episode only, and keeps it after a reload', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread));
    await openMenu(page);
    const shift = page.getByTestId('shift-toggle');
    expect(await shift.getAttribute('aria-pressed')).toBe('false');
    await shift.click();
    expect(await shift.getAttribute('aria-pressed')).toBe('true');
    await expectShown(page, [1, 2]);
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [3, 4]);
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [5]);
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [6]);
    await page.reload();
    // The reload comes back to the page (issue 24), and the pairing is still shifted from the start.
    await expectShown(page, [6]);
    await page.keyboard.press('Home');
    await expectShown(page, [1, 2]);
    await openMenu(page);
    expect(await page.getByTestId('shift-toggle').getAttribute('aria-pressed')).toBe('true');
    // Another episode keeps its own (unshifted) pairing.
    if (spread.nextEpisodeId !== undefined) {
      await openReader(page, readerPath({ titleId: spread.titleId, episodeId: spread.nextEpisodeId }));
      await expectShown(page, [1]);
    }
  });

  it('shows one page at a time on a touch phone, and a swipe and a tap turn pages', async () => {
    const context = await visitor({ device: 'phone' });
    const page = await context.newPage();
    await openReader(page, readerPath(spread));
    expect(await page.getByTestId('reader').getAttribute('data-spreads')).toBe('off');
    await expectShown(page, [1]);
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [2]);
    // A finger swiped to the right turns forward in a right-to-left chapter (CDP touch events: the
    // browser's own gesture handling runs, as on a phone).
    const box = await page.getByTestId('reader-stage').boundingBox();
    if (!box) throw new Error('no stage');
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + 300;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + 100, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: box.x + 100 + step * 20, y }],
      });
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expectShown(page, [3]);
    // And a tap on the left of the stage turns forward too.
    await page.touchscreen.tap(box.x + box.width * 0.12, box.y + box.height / 2);
    await expectShown(page, [4]);
  });

  it('keeps vertical (scroll) mode after a reload, with every page in its place', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread));
    await openMenu(page);
    await page.getByTestId('mode-toggle').click();
    const reader = page.getByTestId('reader');
    await expect.poll(() => reader.getAttribute('data-mode')).toBe('vertical');
    await page.reload();
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    expect(await reader.getAttribute('data-mode')).toBe('vertical');
    expect(await page.getByTestId('reader-page').count()).toBe(spread.pageCount);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('viewerSettings') ?? '{}').isVertical)).toBe(true);
    // Scrolling down moves the page counter.
    await page.locator('[data-testid="reader-page"][data-page="5"]').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect
      .poll(async () => Number((await page.getByTestId('page-counter').textContent())?.split(' ')[0]))
      .toBeGreaterThan(3);
  });

  it('zooms in with the button and a double tap, and a page turn resets the zoom', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread));
    const view = page.getByTestId('reader-view');
    expect(await view.getAttribute('data-zoom')).toBe('1.00');
    await openMenu(page);
    await page.getByTestId('zoom-in').click();
    await expect.poll(() => view.getAttribute('data-zoom')).toBe('1.50');
    await page.getByTestId('zoom-in').click();
    await expect.poll(() => view.getAttribute('data-zoom')).toBe('2.00');
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [2, 3]);
    expect(await page.getByTestId('reader-view').getAttribute('data-zoom')).toBe('1.00');
    // A double tap in the middle zooms to 2×, another one back.
    const box = await page.getByTestId('reader-stage').boundingBox();
    if (!box) throw new Error('no stage');
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('reader-view').getAttribute('data-zoom')).toBe('2.00');
    // ctrl+wheel zooms too, and a drag pans while zoomed.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('reader-view').getAttribute('data-zoom')).toBe('1.00');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await expect
      .poll(async () => Number(await page.getByTestId('reader-view').getAttribute('data-zoom')))
      .toBeGreaterThan(2);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('reader-view').getAttribute('data-zoom')).toBe('1.00');
  });

  it('goes full screen and back with the button and the F key, for the session', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread));
    await openMenu(page);
    await page.getByTestId('fullscreen-toggle').click();
    const reader = page.getByTestId('reader');
    await expect.poll(() => reader.getAttribute('data-fullscreen')).toBe('on');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('viewerFullscreen'))).toBe('1');
    await page.keyboard.press('f');
    await expect.poll(() => reader.getAttribute('data-fullscreen')).toBe('off');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });

  it('jumps with the slider and the thumbnails', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread));
    await openMenu(page);
    await page.getByTestId('page-slider').fill('9');
    await expectShown(page, [9, 10]);
    expect(await page.getByTestId('page-counter').textContent()).toBe(`9–10 / ${spread.pageCount}`);
    await openMenu(page);
    await page.getByTestId('thumbnails-toggle').click();
    const thumbnail = page.getByRole('button', { name: 'Go to page 12' });
    await thumbnail.scrollIntoViewIfNeeded();
    await thumbnail.click();
    await expectShown(page, [11, 12]);
  });

  it('ends the chapter on the last page (lastpage, then finish) and goes on to the next chapter', async () => {
    const page = await (await visitor()).newPage();
    await openReader(page, readerPath(spread));
    const lastPageCall = page.waitForRequest((request) => request.url().includes('/episode/viewer/lastpage'));
    await page.keyboard.press('End');
    const lastPage = new URL((await lastPageCall).url());
    expect(lastPage.searchParams.get('episode_id')).toBe(String(spread.episodeId));
    expect([lastPage.searchParams.get('viewer_scroll'), lastPage.searchParams.get('viewing_direction')]).toEqual([
      '0',
      '1',
    ]);
    const finishCall = page.waitForRequest((request) => request.url().includes('/episode/viewer/finish'));
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('last-page').waitFor();
    expect(new URL((await finishCall).url()).searchParams.get('episode_id')).toBe(String(spread.episodeId));
    await page.getByRole('heading', { name: 'You might also like' }).waitFor();
    expect(await page.getByTestId('last-page-title').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Go to home' }).last().waitFor();
    const next = page.getByTestId('next-chapter');
    await next.getByText('Free').waitFor();
    await next.click();
    await page.waitForURL(`${webUrl}${readerPath({ titleId: spread.titleId, episodeId: spread.nextEpisodeId ?? 0 })}`);
    await page.locator('[data-testid="reader-page"][data-page="1"][data-state="drawn"]').waitFor();
    // Back from the last page with the key that goes back.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('last-page').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('reader-view').waitFor();
  });

  it('counts down to the next chapter in the reader’s own time zone', async () => {
    const chapter = await findChapterBeforeARelease();
    const context = await visitor({ locale: 'en-US' });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openReader(page, readerPath(chapter));
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('last-page').waitFor();
    const countdown = page.getByTestId('next-countdown');
    await countdown.waitFor();
    expect(await countdown.getAttribute('aria-label')).toMatch(/^Out in (\d+ days? )?(\d+ hours? )?\d+ minutes?/);
    expect(await page.getByTestId('next-update').textContent()).toMatch(/Next: /);
    expect(await page.getByTestId('next-chapter').count()).toBe(0);
  });

  it('announces the page in Japanese too', async () => {
    const context = await newVisitor(browser, { device: 'phone', country: 'JP', locale: 'ja-JP' });
    contexts.push(context);
    const page = await context.newPage();
    await openReader(page, readerPath(spread));
    expect(await page.getByTestId('reader-announcer').textContent()).toBe(`${spread.pageCount}ページ中1ページ目`);
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.getByTestId('reader-announcer').textContent())
      .toBe(`${spread.pageCount}ページ中2ページ目`);
  });

  it("gives a logged-in reader the header's account menu in the top bar, and a guest none", async () => {
    const guest = await (await visitor({ device: 'phone' })).newPage();
    await openReader(guest, readerPath(spread));
    expect(await guest.getByTestId('reader-top-bar').getByRole('button', { name: 'Account' }).count()).toBe(0);

    const email = `viewer-menu-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Viewer-pass-2026';
    await createAccountByApi(email, password);
    const context = await visitor({ device: 'phone' });
    await logInContext(context, email, password);
    const page = await context.newPage();
    await openReader(page, readerPath(spread));
    await openMenu(page);
    const trigger = page.getByTestId('reader-top-bar').getByRole('button', { name: 'Account' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['My page', 'Settings', 'Log out']);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
  });

  it("carries a guest's place in a chapter to the account once they log in", async () => {
    const context = await visitor();
    const page = await context.newPage();
    await openReader(page, readerPath(spread));
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, [2, 3]);
    const guestEntry = () =>
      page.evaluate(
        (episodeId) =>
          (
            JSON.parse(localStorage.getItem('readingProgress') ?? '[]') as { episodeId: number; guest?: boolean }[]
          ).find((entry) => entry.episodeId === episodeId),
        spread.episodeId,
      );
    await expect.poll(guestEntry).toMatchObject({ page: 3, guest: true });

    const email = `guest-progress-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Guest-pass-2026';
    await createAccountByApi(email, password);
    await logInContext(context, email, password);
    const progress = async () =>
      (await (await context.request.get(`${apiUrl}/title/viewed/progress?title_id=${spread.titleId}`)).json())
        .viewed_title;
    expect(await progress()).toBeNull();
    // Any page once logged in: the chapter goes to the account, and the browser's mark comes off.
    await page.goto(`${webUrl}/my`);
    await expect.poll(progress, { timeout: 10_000 }).toMatchObject({ episode_id: spread.episodeId, page: 3 });
    await expect.poll(guestEntry).not.toHaveProperty('guest');
  });

  it('refreshes a refused page URL silently, and offers a retry when a page cannot load', async () => {
    const context = await visitor();
    const page = await context.newPage();
    // Each page image is refused once (as an expired signature would be): the reader asks for fresh
    // URLs (a prefetch of the viewer call) and draws the page without the reader noticing.
    const refused = new Set<string>();
    let prefetches = 0;
    await page.route(/\/web\/episode\/viewer\?.*prefetch=1/, async (route) => {
      prefetches++;
      await route.continue();
    });
    await page.route(/\/images\/episodes\//, async (route) => {
      const key = new URL(route.request().url()).pathname;
      if (refused.has(key)) return route.continue();
      refused.add(key);
      return route.fulfill({ status: 403, body: 'expired' });
    });
    await openReader(page, readerPath(spread));
    expect(prefetches).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.unrouteAll();

    // A page that keeps failing shows a retry, never a blank; the retry draws it.
    const broken = await (await visitor()).newPage();
    let failing = true;
    await broken.route(/\/images\/episodes\//, (route) => (failing ? route.abort() : route.continue()));
    await broken.goto(`${webUrl}${readerPath(spread)}`);
    const retry = broken.getByRole('button', { name: 'Try again' });
    await retry.waitFor({ timeout: 20_000 });
    expect(await broken.getByText('Page 1 could not be loaded.').count()).toBe(1);
    failing = false;
    await retry.click();
    await broken.locator('[data-testid="reader-page"][data-page="1"][data-state="drawn"]').waitFor();
  });

  it('shows a locked chapter: its price, logging in first with a way back, or where to buy or rent it', async () => {
    const locked = await findLockedChapter();
    const guest = await (await visitor()).newPage();
    await guest.goto(`${webUrl}${readerPath(locked)}`);
    await guest.getByRole('heading', { name: 'This chapter is locked' }).waitFor();
    expect(await guest.getByTestId('locked-price').textContent()).toBe(`${locked.point} pt`);
    // The API answers visitors a full stock of tickets: the screen says what logging in gives.
    expect(await guest.getByTestId('locked-ticket').textContent()).toContain(
      'Log in to use this series’ free ticket: it comes back 23 hours after you use it, and a rental lasts 3 days.',
    );
    const login = guest.getByRole('link', { name: 'Log in to buy or rent' });
    const href = new URL((await login.getAttribute('href')) ?? '', webUrl);
    expect(href.searchParams.get('dialog')).toBe('login');
    expect(href.searchParams.get('redirect')).toBe(readerPath(locked));
    await guest.getByRole('link', { name: 'See it on the series page' }).click();
    await guest.waitForURL(`${webUrl}/title/${pad(locked.titleId)}#episode-${locked.episodeId}`);
    await guest.locator(`#episode-${locked.episodeId}`).waitFor();
  });

  it('tells a logged-in reader the free tickets they hold, and when the next one comes once used', async () => {
    const locked = await findLockedChapter();
    const email = `tickets-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Tickets-pass-2026';
    await createAccountByApi(email, password);
    const context = await visitor();
    await logInContext(context, email, password);
    const page = await context.newPage();
    await page.goto(`${webUrl}${readerPath(locked)}`);
    const ticket = page.getByTestId('locked-ticket');
    expect(await ticket.textContent()).toContain('You have 1 free ticket for this series.');
    expect(await ticket.textContent()).toContain('A rental lasts 3 days.');
    // No points yet: no buy button that would fail, the shop coming back here instead (ADR 050);
    // the ticket in hand rents right on this screen, a form posting to this very page.
    expect(await page.getByTestId('locked-buy').count()).toBe(0);
    const shop = new URL((await page.getByTestId('locked-top-up').getAttribute('href')) ?? '', webUrl);
    expect(shop.pathname).toBe('/my/shop');
    expect(shop.searchParams.get('return')).toBe(readerPath(locked));
    const rent = page.getByTestId('locked-rent');
    expect(await rent.getAttribute('type')).toBe('submit');
    expect(await rent.evaluate((button) => (button as HTMLButtonElement).form?.method)).toBe('post');

    // The ticket rents another chapter of the series; this one then waits for the next ticket.
    const list = await context.request.get(`${apiUrl}/title/ticket/list?title_id_list=${locked.titleId}`);
    const [entry] = (await list.json()).title_ticket_list as { ticket_info: { target_episode_id_list: number[] } }[];
    const other = entry?.ticket_info.target_episode_id_list.find((id) => id !== locked.episodeId);
    expect(other).toBeDefined();
    const rental = await context.request.post(`${apiUrl}/episode/rental/ticket`, {
      form: { episode_id: String(other), ticket_type: '1', ticket_version: '1' },
    });
    expect(await rental.json()).toMatchObject({ response_code: 0 });
    await page.reload();
    expect(await ticket.textContent()).toMatch(/Your next free ticket arrives in 2[23] hours( \d+ minutes?)?\./);
    expect(await ticket.textContent()).not.toContain('You have');
    // Nothing to rent with until then: no Rent button, the countdown says when.
    expect(await page.getByTestId('locked-rent').count()).toBe(0);
  });

  describe('reading history and continue-reading (an account on two browsers)', () => {
    const email = `viewer-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Viewer-pass-2026';
    let other: Chapter;

    beforeAll(async () => {
      await createAccountByApi(email, password);
      other = await findSpreadChapter(new Set([spread.titleId]));
    });

    it('continues on a second browser from the page reached on the first', async () => {
      const first = await visitor({ device: 'phone' });
      await logInContext(first, email, password);
      const page = await first.newPage();
      await openReader(page, readerPath(spread));
      // Watched from before the page turns: the save follows the last turn by a short quiet time,
      // which a slow machine may spend on drawing page 5 before the test looks.
      const saved = page.waitForResponse(
        async (response) =>
          response.url().includes('/episode/viewer/progress') &&
          response.status() === 200 &&
          (await response.json()).page === 5,
      );
      for (let turn = 0; turn < 4; turn++) await page.keyboard.press('ArrowLeft');
      await expectShown(page, [5]);
      expect(await (await saved).json()).toMatchObject({ episode_id: spread.episodeId, page: 5 });

      const second = await visitor({ device: 'phone' });
      await logInContext(second, email, password);
      const other = await second.newPage();
      await other.goto(`${webUrl}/title/${pad(spread.titleId)}`);
      const resume = other.getByTestId('continue-reading');
      const index = (
        await other.locator(`#episode-${spread.episodeId} [data-testid="episode-row"] span`).first().textContent()
      )?.trim();
      expect(await resume.textContent()).toBe(`Continue chapter ${index}`);
      expect(await other.getByTestId('continue-progress').textContent()).toContain('Page 5 of');
      await resume.click();
      await other.waitForURL(`${webUrl}${readerPath(spread, '?page=5')}`);
      await expectShown(other, [5]);
    });

    it('lists the titles read, deletes one, then all after confirming', async () => {
      const context = await visitor();
      await logInContext(context, email, password);
      const page = await context.newPage();
      await openReader(page, readerPath(other));
      await page.goto(`${webUrl}/my/history`);
      const entries = page.getByTestId('history-entry');
      await expect.poll(() => entries.count()).toBe(2);
      // The most recent first, each with its way back in.
      expect(await entries.first().getByTestId('history-continue').getAttribute('href')).toBe(readerPath(other));
      expect(await entries.nth(1).getByTestId('history-continue').textContent()).toBe('Continue from page 5');

      // The top page shows the same history.
      await page.goto(`${webUrl}/`);
      await page.getByRole('heading', { level: 2, name: 'Continue reading' }).waitFor();
      expect(await page.getByTestId('history-entry').count()).toBe(2);

      await page.goto(`${webUrl}/my/history`);
      await entries.first().getByTestId('history-remove').click();
      await expect.poll(() => entries.count()).toBe(1);
      await page.getByTestId('history-clear').click();
      const dialog = page.getByRole('alertdialog', { name: 'Clear your reading history?' });
      await dialog.waitFor();
      await dialog.getByRole('link', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await entries.count()).toBe(1);
      await page.getByTestId('history-clear').click();
      await dialog.getByRole('button', { name: 'Clear history' }).click();
      await page.getByTestId('history-empty').waitFor();
      // The other browser's title page no longer offers to continue.
      await page.goto(`${webUrl}/title/${pad(spread.titleId)}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('continue-reading').count()).toBe(0);
    });
  });
});
