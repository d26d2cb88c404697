import {
  deriveScrambleSeed,
  SearchTitleResponseSchema,
  TitleListResponseSchema,
  tileRects,
  WebViewerResponseSchema,
} from '@manga/contracts';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Catalogue and discovery in the browser: top → ranking → title → a free chapter drawn unscrambled,
// search in English and Japanese, genre search, the locked-chapter screen and pages without JavaScript.

/** GET on the API as the web client calls it (the `x-manga-hash` header picks the Magapoke seed alphabets). */
async function apiGet(path: string, locale: 'en' | 'ja'): Promise<unknown> {
  const response = await fetch(`${apiUrl}${path}`, {
    headers: { 'x-manga-hash': 'e2e', 'accept-language': locale, cookie: `dev_locale=${locale}` },
  });
  return response.json();
}

type Raw = { data: Buffer; width: number; height: number };

async function rgb(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of one rectangle of two same-sized RGB images. */
function regionDifference(a: Raw, b: Raw, x0: number, y0: number, w: number, h: number): number {
  let sum = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
      }
    }
  }
  return sum / (w * h * 3);
}

/** The scrambled page as the API serves it, and what it looks like with its tiles put back. */
async function expectedPage(titleId: number, episodeId: number): Promise<{ scrambled: Raw; unscrambled: Raw }> {
  const viewer = WebViewerResponseSchema.parse(await apiGet(`/web/episode/viewer?episode_id=${episodeId}`, 'en'));
  const first = new URL(viewer.page_list[0] ?? '');
  const bytes = Buffer.from(await (await fetch(new URL(`${first.pathname}${first.search}`, apiUrl))).arrayBuffer());
  const scrambled = await rgb(bytes);
  const unscrambled = { ...scrambled, data: Buffer.from(scrambled.data) };
  const seed = deriveScrambleSeed(viewer.scramble_seed, titleId, episodeId, 'magapoke');
  for (const r of tileRects(scrambled.width, scrambled.height, seed, viewer.scramble_ver === 2 ? 'v2' : 'v1')) {
    for (let y = 0; y < r.h; y++) {
      const from = ((r.sy + y) * scrambled.width + r.sx) * 3;
      scrambled.data.copy(unscrambled.data, ((r.dy + y) * scrambled.width + r.dx) * 3, from, from + r.w * 3);
    }
  }
  return { scrambled, unscrambled };
}

async function firstDrawnPage(page: Page) {
  const first = page.getByTestId('reader-page').first();
  await first.and(page.locator('[data-state="drawn"]')).waitFor({ timeout: 20_000 });
  return first;
}

describe('catalogue and discovery', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from the top page to the ranking, a title, and reads a free chapter drawn unscrambled', async () => {
    const context = await newVisitor(browser, { country: 'US', viewport: { width: 1280, height: 900 } });
    await giveAdultConsent(context);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${webUrl}/`);
    for (const name of [
      'Bonus episodes',
      'Ranking',
      "Today's choice",
      "Today's updates",
      'Genre ranking',
      'All titles',
    ]) {
      await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    }
    await page.getByRole('link', { name: /on X$/ }).first().waitFor();

    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Ranking' }).click();
    await page.waitForURL(`${webUrl}/ranking`);
    await page.getByRole('heading', { level: 1, name: 'Ranking' }).waitFor();
    expect(await page.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current')).toBe('page');
    const ranked = page.getByTestId('ranked-title');
    expect(await ranked.count()).toBeGreaterThanOrEqual(10);

    const titleName = (await ranked.first().locator('span.line-clamp-2').textContent())?.trim() ?? '';
    await ranked.first().click();
    await page.waitForURL(/\/title\/\d{5}$/);
    await page.getByRole('heading', { level: 1, name: titleName }).waitFor();
    await page.getByRole('heading', { name: 'Free tickets' }).waitFor();
    await page.getByRole('heading', { name: 'Comments' }).waitFor();
    expect(await page.getByLabel('Link to this series').inputValue()).toMatch(/\/title\/\d{5}$/);
    const rows = page.getByTestId('episode-row');
    expect(await rows.count()).toBeGreaterThan(1);
    // Newest first by default; "Oldest first" puts chapter 1 on top.
    await page.getByRole('link', { name: 'Oldest first' }).click();
    await page.waitForURL(/\?sort=asc$/);
    const free = page.locator('[data-testid="episode-row"][data-access="free"]').first();
    expect(await free.textContent()).toContain('Free');

    await free.click();
    await page.waitForURL(/\/title\/\d{5}\/episode\/\d+$/);
    const [, titleId, episodeId] = new URL(page.url()).pathname.match(/^\/title\/(\d{5})\/episode\/(\d+)$/) ?? [];
    const drawn = await firstDrawnPage(page);
    expect(await drawn.locator('canvas').getAttribute('aria-label')).toMatch(/^Page 1 of \d+$/);
    // Previous and next chapters are links when they exist.
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    await chapters
      .getByRole('link', { name: /Previous chapter/ })
      .or(chapters.getByText('This is the first chapter'))
      .waitFor();
    await chapters
      .getByRole('link', { name: /Next chapter/ })
      .or(chapters.getByText('No next chapter yet'))
      .waitFor();

    // The canvas shows the page with its tiles put back: each tile matches the expected unscrambled
    // image, and tiles that moved do not match the scrambled one.
    const { scrambled, unscrambled } = await expectedPage(Number(titleId), Number(episodeId));
    // A full-page capture keeps the sticky reader bar above the page instead of over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await drawn.locator('canvas').boundingBox();
    if (!box) throw new Error('the first page has no box');
    const shot = await rgb(await page.screenshot({ fullPage: true, clip: box }));
    expect([shot.width, shot.height]).toEqual([unscrambled.width, unscrambled.height]);
    const tileW = unscrambled.width / 4;
    const tileH = unscrambled.height / 4;
    let moved = 0;
    for (let tile = 0; tile < 16; tile++) {
      const [x, y] = [(tile % 4) * tileW, Math.floor(tile / 4) * tileH];
      const toExpected = regionDifference(shot, unscrambled, x, y, tileW, tileH);
      const toScrambled = regionDifference(shot, scrambled, x, y, tileW, tileH);
      expect(toExpected).toBeLessThan(6);
      if (regionDifference(unscrambled, scrambled, x, y, tileW, tileH) > 10) {
        moved++;
        expect(toScrambled).toBeGreaterThan(toExpected + 5);
      }
    }
    expect(moved).toBeGreaterThanOrEqual(4);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('searches in English from the header search box', async () => {
    const title = TitleListResponseSchema.parse(await apiGet('/title/list?title_id_list=10003', 'en')).title_list[0];
    const word = (title?.title_name ?? '').split(/\s+/).sort((a, b) => b.length - a.length)[0] ?? '';
    const context = await newVisitor(browser, { country: 'US', locale: 'en-US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}/`);

    await page.locator('#site-search').fill(word);
    await page.locator('#site-search').press('Enter');
    await page.waitForURL(`${webUrl}/search/${encodeURIComponent(word)}`);
    await page.getByRole('heading', { level: 1, name: `Results for “${word}”` }).waitFor();
    const results = page.getByRole('list', { name: `Results for “${word}”` });
    await results.getByRole('heading', { name: title?.title_name }).waitFor();
    expect(await page.getByTestId('result-count').textContent()).toMatch(/^\d+ titles?$/);

    await page.goto(`${webUrl}/search/${encodeURIComponent('zzqx no such title')}`);
    await page.getByRole('heading', { name: 'No titles found' }).waitFor();
    await context.close();
  });

  it('searches in Japanese, with Japanese titles and interface', async () => {
    const title = TitleListResponseSchema.parse(await apiGet('/title/list?title_id_list=10003', 'ja')).title_list[0];
    const name = title?.title_name ?? '';
    const keyword = name.slice(0, 2);
    const context = await newVisitor(browser, { country: 'JP', locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${webUrl}/search`);
    await page.getByRole('heading', { level: 1, name: 'さがす' }).waitFor();

    await page.locator('#search-page-field').fill(keyword);
    await page.locator('#search-page-field').press('Enter');
    await page.waitForURL(`${webUrl}/search/${encodeURIComponent(keyword)}`);
    await page.getByRole('heading', { level: 1, name: `「${keyword}」の検索結果` }).waitFor();
    await page.getByRole('main').getByRole('heading', { name, exact: true }).waitFor();
    expect(await page.getByTestId('result-count').textContent()).toMatch(/^\d+作品$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await context.close();
  });

  it('browses a genre from the search page', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}/search`);
    const tile = page.getByTestId('genre-tile').first();
    const genreName = (await tile.textContent())?.trim() ?? '';
    await tile.click();
    await page.waitForURL(/\/search\/genre\/\d+$/);
    await page.getByRole('heading', { level: 1, name: genreName }).waitFor();

    const genreId = new URL(page.url()).pathname.split('/').at(-1);
    const expected = SearchTitleResponseSchema.parse(
      await apiGet(`/search/title?genre_id=${genreId}&sort=popular&limit=30`, 'en'),
    );
    const cards = page.getByRole('list', { name: genreName }).getByTestId('title-card');
    expect(await cards.count()).toBe(expected.title_list.length);
    expect(await cards.first().getAttribute('href')).toBe(
      `/title/${String(expected.title_list[0]?.title_id).padStart(5, '0')}`,
    );

    // Another sort order is a link and keeps the genre.
    await page.getByRole('link', { name: 'Title A–Z' }).click();
    await page.waitForURL(/\/search\/genre\/\d+\?sort=name$/);
    await page.getByRole('link', { name: 'Title A–Z' }).and(page.locator('[aria-current="page"]')).waitFor();
    expect(await page.request.get(`${webUrl}/search/genre/999999`).then((r) => r.status())).toBe(404);
    await context.close();
  });

  it('shows series by weekday with today first', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}/series`);
    const tabs = page.getByRole('navigation', { name: 'Days of the week' }).getByRole('link');
    expect(await tabs.count()).toBe(7);
    expect(await tabs.first().getAttribute('aria-current')).toBe('page');
    expect(await tabs.first().textContent()).toContain('Today');
    await tabs.nth(1).click();
    await page.waitForURL(/\/series\?day=[1-7]$/);
    await tabs.nth(1).and(page.locator('[aria-current="page"]')).waitFor();
    expect(await tabs.first().getAttribute('aria-current')).toBeNull();
    await context.close();
  });

  it('shows a locked chapter as "needs to be unlocked" with its price, not a broken reader', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}/title/10003`);
    const paid = page.locator('[data-testid="episode-row"][data-access="paid"]').first();
    const price = await paid.getByTestId('episode-price').textContent();
    await paid.click();
    await page.getByTestId('locked-chapter').waitFor();
    await page.getByRole('heading', { name: 'This chapter needs to be unlocked' }).waitFor();
    expect(await page.getByTestId('locked-price').textContent()).toBe(price);
    expect(await page.getByTestId('reader-page').count()).toBe(0);
    await context.close();
  });

  it('renders catalogue screens without JavaScript, and the reader says it needs it', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'cloudfront-viewer-country': 'US' },
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      locale: 'en-US',
    });
    await giveAdultConsent(context);
    const page = await context.newPage();
    for (const [path, heading] of [
      ['/ranking', 'Ranking'],
      ['/series', 'Series'],
      ['/search', 'Search'],
    ] as const) {
      const response = await page.goto(`${webUrl}${path}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.goto(`${webUrl}/title/10003`);
    expect(await page.getByTestId('episode-row').count()).toBeGreaterThan(1);
    await page.locator('[data-testid="episode-row"][data-access="free"]').last().click();
    await page.waitForURL(/\/episode\/\d+$/);
    expect(await page.content()).toContain('The reader needs JavaScript to draw the pages.');
    // Every page keeps its place (aspect ratio) before it is drawn: no layout shift.
    const style = await page.getByTestId('reader-page').first().getAttribute('style');
    expect(style).toMatch(/aspect-ratio/);
    await context.close();
  });
});
