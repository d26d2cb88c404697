// The reader's journey of issue 24 in Chromium, on a 390×844 touch phone and a 1280×900 desktop:
// the viewer owns horizontal gestures (a swipe past the end card never leaves the reader), and the
// page is never lost (a reload, Back and Forward, reopening a chapter, logging in from a locked one).
import { randomUUID } from 'node:crypto';
import { parseWireDateTime, TitleListResponseSchema } from '@manga/contracts';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, linkFromMail, logIn, outboxIds } from './accounts.ts';
import { launchChromium } from './browser.ts';
import {
  type Chapter,
  findLockedChapter,
  findSpreadChapter,
  findTitleWithRentableChapters,
  pad,
  readerPath,
} from './demo-chapters.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { apiGet } from './page-pixels.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS, openReader } from './reader.ts';
import { grantPoints } from './service-cli.ts';
import { uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

/** The 1-based pages on screen (paged mode). */
async function shownPages(page: Page): Promise<number[]> {
  await page.locator('[data-testid="reader-view"] [data-testid="reader-page"]').first().waitFor();
  const pages = await page.locator('[data-testid="reader-view"] [data-testid="reader-page"]').all();
  const numbers = await Promise.all(pages.map(async (item) => Number(await item.getAttribute('data-page'))));
  return numbers.sort((a, b) => a - b);
}

async function expectFirstShown(page: Page, first: number): Promise<void> {
  await expect.poll(async () => (await shownPages(page))[0], { timeout: 10_000 }).toBe(first);
}

/** A finger dragged across the phone's screen (CDP touch events: the browser's own gesture handling runs). */
async function swipe(cdp: CDPSession, from: number, to: number): Promise<void> {
  const y = 420;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 10; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from + ((to - from) * step) / 10, y }],
    });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await new Promise((resolve) => setTimeout(resolve, 250));
}

/** The fifth chapter of title 10001, the one the issue was found on, with its page count. */
async function chapterFiveOf10001(): Promise<{ titleId: number; episodeId: number; pageCount: number }> {
  const { title_list } = TitleListResponseSchema.parse(await apiGet('/title/list?title_id_list=10001'));
  const episodeId = title_list[0]?.episode_id_list[4];
  if (episodeId === undefined) throw new Error('title 10001 has no fifth chapter');
  const viewer = (await apiGet(`/web/episode/viewer?episode_id=${episodeId}&prefetch=1`)) as { page_list: string[] };
  return { titleId: 10_001, episodeId, pageCount: viewer.page_list.length };
}

describe("the reader's journey (issue 24)", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(kind: 'phone' | 'desktop', locale: 'en-US' | 'ja-JP' = 'en-US'): Promise<BrowserContext> {
    const context = await newVisitor(browser, {
      device: kind,
      locale,
      country: locale === 'ja-JP' ? 'JP' : 'US',
    });
    await giveAdultConsent(context);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  describe('a swipe past the last page', () => {
    it('keeps a touch phone on the end card, from the title page and from a shared link alike', async () => {
      const chapter = await chapterFiveOf10001();
      const context = await visitor('phone');
      // Opened from the title page (Back would lead there) …
      const page = await context.newPage();
      await page.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
      await openReader(page, readerPath(chapter));
      const cdp = await context.newCDPSession(page);
      // Right to left: a finger dragged to the right turns forward.
      for (let turn = 0; turn < chapter.pageCount; turn++) {
        if ((await page.getByTestId('last-page').count()) > 0) break;
        await swipe(cdp, 60, 330);
      }
      await page.getByTestId('last-page').waitFor();
      await swipe(cdp, 60, 330);
      await swipe(cdp, 60, 330);
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(readerPath(chapter));
      expect(await page.getByTestId('last-page').isVisible()).toBe(true);
      // A swipe back on the end card is the reader's own too: back to the last page.
      await swipe(cdp, 330, 60);
      await expectFirstShown(page, chapter.pageCount);
      // The end card offers the next chapter with a button a guest sees on a phone too.
      await swipe(cdp, 60, 330);
      await page.getByTestId('next-chapter-action').waitFor();
      expect(await page.getByTestId('next-chapter-action').isVisible()).toBe(true);

      // … and a shared link opened in a fresh tab (nothing to go Back to: about:blank before the fix).
      const shared = await context.newPage();
      await shared.goto(`${webUrl}${readerPath(chapter, `?page=${chapter.pageCount}`)}`);
      await shared
        .locator('[data-testid="reader-view"] [data-testid="reader-page"][data-state="drawn"]')
        .first()
        .waitFor({ timeout: 20_000 });
      const sharedCdp = await context.newCDPSession(shared);
      await swipe(sharedCdp, 60, 330);
      await shared.getByTestId('last-page').waitFor();
      await swipe(sharedCdp, 60, 330);
      await swipe(sharedCdp, 60, 330);
      await shared.waitForTimeout(500);
      expect(new URL(shared.url()).pathname).toBe(readerPath(chapter));
      expect(await shared.getByTestId('last-page').isVisible()).toBe(true);
    });

    it('keeps a desktop reader on the end card with the keys and a sideways wheel', async () => {
      const chapter = await chapterFiveOf10001();
      const page = await (await visitor('desktop')).newPage();
      await page.goto(`${webUrl}/title/${pad(chapter.titleId)}`);
      await openReader(page, readerPath(chapter));
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.getByTestId('last-page').waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      const end = await page.getByTestId('reader-end').boundingBox();
      if (!end) throw new Error('no end card');
      await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2);
      await page.mouse.wheel(-600, 0);
      await page.mouse.wheel(600, 0);
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(readerPath(chapter));
      expect(await page.getByTestId('last-page').isVisible()).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overscrollBehaviorX)).toBe('none');
    });
  });

  for (const [kind, locale] of [
    ['phone', 'en-US'],
    ['desktop', 'en-US'],
    ['phone', 'ja-JP'],
  ] as const) {
    it(`shows every bonus episode card of the top page with its cover and its title (${kind}, ${locale})`, async () => {
      const page = await (await visitor(kind, locale)).newPage();
      await page.goto(`${webUrl}/`);
      const cards = page.locator('section[aria-labelledby="bonus-episodes"] li');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThan(0);
      for (const card of await cards.all()) {
        expect(await card.locator('img').count()).toBe(1);
        expect(await card.locator('img').getAttribute('src')).toMatch(/\/images\/titles\//);
        expect((await card.locator('h3').textContent())?.trim()).not.toBe('');
      }
    });
  }

  // A reader far from the region's usual zone: a US reader in Los Angeles on a desktop, a JP reader
  // in New York on a phone; the comment's time and the point history's in the reader's own zone.
  it.each([
    ['desktop', 'en-US', 'US', 'America/Los_Angeles'],
    ['phone', 'ja-JP', 'JP', 'America/New_York'],
  ] as const)(
    "shows times in the reader's own zone, on the server render and after hydration (%s, %s)",
    async (kind, locale, country, timezoneId) => {
      const chapter = await findSpreadChapter();
      const email = `zone-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Zone-pass-2026';
      await createAccountByApi(email, password);
      const context = await newVisitor(browser, { device: kind, locale, timezoneId, country });
      contexts.push(context);
      await giveAdultConsent(context);
      const login = await context.request.post(`${apiUrl}/web/user/login`, { form: { email, password } });
      expect(await login.json()).toMatchObject({ response_code: 0 });
      await context.request.get(`${apiUrl}/web/episode/viewer?episode_id=${chapter.episodeId}`);
      const text = `Time zone check ${randomUUID().slice(0, 6)}`;
      const posted = await context.request.post(`${apiUrl}/episode/comment/post`, {
        form: { episode_id: String(chapter.episodeId), comment: text },
      });
      expect(await posted.json()).toMatchObject({ response_code: 0 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const time = page.getByTestId('comment').filter({ hasText: text }).locator('time');
      const shown = (iso: string, timeZone: string) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
      // First visit: rendered in the region's usual zone, then the browser's own after hydration.
      const path = `/title/${pad(chapter.titleId)}?comments=${chapter.episodeId}`;
      await page.goto(`${webUrl}${path}`);
      await time.waitFor();
      const iso = (await time.getAttribute('datetime')) ?? '';
      await expect.poll(() => time.textContent(), { timeout: 10_000 }).toBe(shown(iso, timezoneId));
      expect(shown(iso, timezoneId)).not.toBe(shown(iso, 'Asia/Tokyo'));
      // The zone is remembered: the server renders it, and hydration agrees (no mismatch).
      const html = await (await context.request.get(`${webUrl}${path}`)).text();
      expect(html).toContain(shown(iso, timezoneId));
      await page.reload();
      await expect.poll(() => time.textContent()).toBe(shown(iso, timezoneId));

      // The point history's times too.
      await grantPoints(email, 100, { reason: 'e2e time zone' });
      await page.goto(`${webUrl}/my/setting/point`);
      const moved = page.locator('main time[datetime]').first();
      await moved.waitFor();
      const movedAt = (await moved.getAttribute('datetime')) ?? '';
      expect(await moved.textContent()).toBe(shown(movedAt, timezoneId));
      expect(shown(movedAt, timezoneId)).not.toBe(shown(movedAt, 'Asia/Tokyo'));

      // A rental's end in the ticket history: the wire's Japan time, shown in the reader's zone.
      const { titleId, chapters } = await findTitleWithRentableChapters(1);
      const rentable = chapters[0];
      if (!rentable) throw new Error('no rentable chapter');
      const list = await context.request.get(`${apiUrl}/title/ticket/list?title_id_list=${titleId}`);
      const [entry] = (await list.json()).title_ticket_list as {
        ticket_info: { title_ticket_info: { ticket_type: number; ticket_version: number } | null };
      }[];
      const own = entry?.ticket_info.title_ticket_info;
      if (!own) throw new Error('the title has no ticket of its own');
      const rented = await context.request.post(`${apiUrl}/episode/rental/ticket`, {
        form: {
          episode_id: String(rentable.episodeId),
          ticket_type: String(own.ticket_type),
          ticket_version: String(own.ticket_version),
        },
      });
      const rental = (await rented.json()) as { response_code: number; rental_finish_time: string | null };
      expect(rental.response_code).toBe(0);
      const ends = parseWireDateTime(rental.rental_finish_time, 'Asia/Tokyo');
      if (!ends) throw new Error('no rental end');
      await page.goto(`${webUrl}/my/setting/ticket`);
      const used = page.locator('[data-testid="ticket-movement"][data-event="used"]').first();
      await used.waitFor();
      const language = locale === 'ja-JP' ? 'ja' : 'en';
      expect(await used.textContent()).toContain(
        uiText(language, 'wallet.rental_until', { date: shown(ends.toISOString(), timezoneId) }),
      );
      expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
    },
  );

  describe('search', () => {
    it('finds "starshp" (one typo) and suggests titles as the reader types, by keyboard (desktop)', async () => {
      const page = await (await visitor('desktop')).newPage();
      await page.goto(`${webUrl}/search/starshp`);
      await expect.poll(() => page.getByTestId('title-card').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect((await page.getByTestId('title-card').allTextContents()).join(' ')).toMatch(/Starship/);

      const field = page.locator('#search-page-field');
      await field.fill('');
      await field.pressSequentially('starsh', { delay: 30 });
      const list = page.getByRole('listbox', { name: 'Suggested titles' });
      await list.waitFor();
      expect(await field.getAttribute('aria-expanded')).toBe('true');
      const options = list.getByRole('option');
      expect((await options.allTextContents()).some((name) => name.includes('Starship'))).toBe(true);
      await page.keyboard.press('ArrowDown');
      const first = options.first();
      expect(await first.getAttribute('aria-selected')).toBe('true');
      expect(await field.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      const name = (await first.locator('span span').first().textContent()) ?? '';
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/title\/\d{5}$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    });

    it('suggests on a touch phone from the search page, in Japanese, and Escape closes the list', async () => {
      const page = await (await visitor('phone', 'ja-JP')).newPage();
      await page.goto(`${webUrl}/search`);
      const field = page.locator('#search-page-field');
      await field.tap();
      await field.pressSequentially('星間', { delay: 30 });
      const list = page.getByRole('listbox', { name: uiText('ja', 'search.suggestions_label') });
      await list.waitFor();
      expect(await list.getByRole('option').count()).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      await field.press('ArrowDown');
      await list.waitFor();
      await list.getByRole('option').first().tap();
      await page.waitForURL(/\/title\/\d{5}$/);
    });
  });

  for (const kind of ['phone', 'desktop'] as const) {
    it(`counts the same catch-up on the title page and in its dialog (${kind})`, async () => {
      const email = `catch-up-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Catch-up-pass-2026';
      await createAccountByApi(email, password);
      const context = await visitor(kind);
      const login = await context.request.post(`${apiUrl}/web/user/login`, { form: { email, password } });
      expect(await login.json()).toMatchObject({ response_code: 0 });
      const page = await context.newPage();
      await page.goto(`${webUrl}/title/10001`);
      const figure = page.getByTestId('catch-up');
      const [, count, points] = (await figure.textContent())?.match(/(\d+) unread chapters · ([\d,]+) pt/) ?? [];
      await figure.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`${count} paid chapters you haven’t read yet, oldest first:`).waitFor();
      expect(await dialog.locator('ul').first().locator('li').count()).toBe(Number(count));
      expect(await dialog.textContent()).toContain(`${points} pt`);
    });
  }

  describe('e-mailed links and words', () => {
    it('says at once that a sign-up link was used, and offers to log in or get a new link (desktop)', async () => {
      const email = `used-link-${randomUUID().slice(0, 8)}@example.com`;
      const seen = await outboxIds();
      await createAccountByApi(email, 'Used-link-2026');
      const link = await linkFromMail(email, '/account/save', seen);
      const page = await (await visitor('desktop')).newPage();
      await page.goto(`${webUrl}${link}`);
      const state = page.getByTestId('email-link-state');
      await state.waitFor();
      expect(await state.getAttribute('data-state')).toBe('used');
      await page.getByRole('heading', { name: uiText('en', 'account.link_state.used_title') }).waitFor();
      // No password form to fill in first.
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Get a new sign-up link' }).getAttribute('href')).toBe(
        '/account/presave',
      );
      await state.getByRole('link', { name: uiText('en', 'account.link_state.log_in') }).click();
      await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    });

    it('says at once that a wrong password reset link does not work, in Japanese (phone)', async () => {
      const page = await (await visitor('phone', 'ja-JP')).newPage();
      await page.goto(`${webUrl}/account/password/reset?token=not-a-real-token`);
      await page.getByRole('heading', { name: uiText('ja', 'account.link_state.invalid_title') }).waitFor();
      expect(await page.getByTestId('email-link-state').getAttribute('data-state')).toBe('invalid');
      expect(
        await page.getByRole('button', { name: uiText('ja', 'account.confirm.password_reset.submit') }).count(),
      ).toBe(0);
      await page.getByRole('link', { name: uiText('ja', 'account.token_missing.restart_reset') }).waitFor();
    });

    // Every e-mailed link (issue 24 item 5): a wrong one says so at once, with no form to fill in first
    // and a way to get a new link, on a desktop in English and a phone in Japanese.
    it.each([
      ['desktop', 'en', '/account/email/save', 'account.confirm.email_save.submit', 'restart_email'],
      ['phone', 'ja', '/account/email/save', 'account.confirm.email_save.submit', 'restart_email'],
      ['desktop', 'ja', '/account/password/save', 'account.confirm.password_save.submit', 'restart_password'],
      ['phone', 'en', '/account/password/save', 'account.confirm.password_save.submit', 'restart_password'],
      ['desktop', 'en', '/account/password/reset', 'account.confirm.password_reset.submit', 'restart_reset'],
    ] as const)(
      'says at once that a wrong link does not work (%s, %s, %s)',
      async (kind, language, path, submit, restart) => {
        const page = await (await visitor(kind, language === 'ja' ? 'ja-JP' : 'en-US')).newPage();
        await page.goto(`${webUrl}${path}?token=not-a-real-token`);
        await page.getByRole('heading', { name: uiText(language, 'account.link_state.invalid_title') }).waitFor();
        expect(await page.getByTestId('email-link-state').getAttribute('data-state')).toBe('invalid');
        expect(await page.getByRole('button', { name: uiText(language, submit) }).count()).toBe(0);
        // Words, not a raw code.
        expect(await page.locator('main').textContent()).not.toMatch(/\b20\d\d\b/);
        await page.getByRole('link', { name: uiText(language, `account.token_missing.${restart}`) }).waitFor();
      },
    );

    it('says at once that a sign-up link was used, in Japanese on a phone', async () => {
      const email = `used-link-ja-${randomUUID().slice(0, 8)}@example.com`;
      const seen = await outboxIds();
      await createAccountByApi(email, 'Used-link-2026');
      const link = await linkFromMail(email, '/account/save', seen);
      const page = await (await visitor('phone', 'ja-JP')).newPage();
      await page.goto(`${webUrl}${link}`);
      await page.getByRole('heading', { name: uiText('ja', 'account.link_state.used_title') }).waitFor();
      expect(await page.getByTestId('email-link-state').getAttribute('data-state')).toBe('used');
      expect(await page.getByLabel(uiText('ja', 'account.fields.password'), { exact: true }).count()).toBe(0);
      const state = page.getByTestId('email-link-state');
      await state.getByRole('link', { name: uiText('ja', 'account.link_state.new_signup_link') }).waitFor();
      await state.getByRole('link', { name: uiText('ja', 'account.link_state.log_in') }).waitFor();
    });

    // The length rule as the sign-up form says it, in words that agree with its hint (symbols allowed).
    it.each([
      ['desktop', 'en'],
      ['phone', 'ja'],
    ] as const)('says the password length rule plainly on the sign-up form (%s, %s)', async (kind, language) => {
      const email = `rule-${randomUUID().slice(0, 8)}@example.com`;
      const seen = await outboxIds();
      const presave = await fetch(`${apiUrl}/account/presave`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password: 'Rule-pass-2026' }).toString(),
      });
      expect(await presave.json()).toMatchObject({ response_code: 0 });
      const link = await linkFromMail(email, '/account/save', seen);
      const page = await (await visitor(kind, language === 'ja' ? 'ja-JP' : 'en-US')).newPage();
      await page.goto(`${webUrl}${link}`);
      await page.getByLabel(uiText(language, 'account.fields.password'), { exact: true }).fill('Sh0rt!');
      await page.getByLabel(uiText(language, 'account.fields.password_confirmation'), { exact: true }).fill('Sh0rt!');
      await page.getByRole('button', { name: uiText(language, 'account.save.submit') }).click();
      await page.getByText(uiText(language, 'password_error.short_or_too_long_characters')).first().waitFor();
      expect(await page.locator('main').textContent()).not.toMatch(/much be|alphanumeric/);
    });

    it('says a new account is a member for less than a day, not "0 days" (desktop, then phone in Japanese)', async () => {
      const email = `new-member-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'New-member-2026';
      await createAccountByApi(email, password);
      for (const [kind, locale, expected] of [
        ['desktop', 'en-US', 'Less than a day'],
        ['phone', 'ja-JP', '1日未満'],
      ] as const) {
        const context = await visitor(kind, locale);
        const login = await context.request.post(`${apiUrl}/web/user/login`, { form: { email, password } });
        expect(await login.json()).toMatchObject({ response_code: 0 });
        const page = await context.newPage();
        await page.goto(`${webUrl}/my/setting`);
        await page.getByText(expected, { exact: true }).waitFor();
        expect(await page.getByText(/0 days|0日/).count()).toBe(0);
      }
    });

    it('asks a JP reader for the consent at sign-up (no gate there), and states the length rule plainly (phone)', async () => {
      const page = await (await visitor('phone', 'ja-JP')).newPage();
      await page.goto(`${webUrl}/account/presave`);
      expect(await page.getByRole('checkbox').count()).toBe(2);
      expect(await page.getByTestId('signup-consent-given').count()).toBe(0);
      expect(uiText('ja', 'password_error.short_or_too_long_characters')).toBe(
        'パスワードは10〜64文字で入力してください。',
      );
      expect(uiText('en', 'password_error.short_or_too_long_characters')).toBe(
        'Your password must be 10 to 64 characters long.',
      );
    });
  });

  describe('the page is never lost', () => {
    let spread: Chapter;
    beforeAll(async () => {
      spread = await findSpreadChapter();
    });

    for (const kind of ['phone', 'desktop'] as const) {
      it(`comes back to the page after a reload and after Back then Forward (${kind})`, async () => {
        const page = await (await visitor(kind)).newPage();
        await page.goto(`${webUrl}/title/${pad(spread.titleId)}`);
        await openReader(page, readerPath(spread));
        await expectFirstShown(page, 1);
        // A phone shows one page at a time; a desktop pairs them after the cover.
        const target = kind === 'phone' ? 7 : 6;
        while (((await shownPages(page))[0] ?? 0) < target) await page.keyboard.press('ArrowLeft');
        await expectFirstShown(page, target);
        await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(String(target));

        await page.reload();
        await page
          .locator('[data-testid="reader-view"] [data-testid="reader-page"][data-state="drawn"]')
          .first()
          .waitFor();
        await expectFirstShown(page, target);

        await page.goBack();
        await page.waitForURL(`${webUrl}/title/${pad(spread.titleId)}`);
        await page.goForward();
        await page.waitForURL((url) => url.pathname === readerPath(spread));
        await expectFirstShown(page, target);
        expect(await page.getByTestId('resume-notice').count()).toBe(0);
      });
    }

    it('reopens a chapter where a guest stopped, with a way to start over (phone, Japanese)', async () => {
      const context = await visitor('phone', 'ja-JP');
      const page = await context.newPage();
      await openReader(page, readerPath(spread));
      for (let turn = 0; turn < 4; turn++) await page.keyboard.press('ArrowLeft');
      await expectFirstShown(page, 5);
      // Reopened from anywhere without a page: the place this browser kept.
      await page.goto(`${webUrl}/title/${pad(spread.titleId)}`);
      await openReader(page, readerPath(spread));
      await expectFirstShown(page, 5);
      const notice = page.getByTestId('resume-notice');
      expect(await notice.getByRole('status').textContent()).toBe(
        uiText('ja', 'episode.viewer.resume.notice', { page: 5 }),
      );
      await notice.getByRole('button', { name: uiText('ja', 'episode.viewer.resume.start_over') }).click();
      await expectFirstShown(page, 1);
      await expect.poll(() => notice.count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    });

    it.each(['desktop', 'phone'] as const)(
      'returns a reader who logs in from a locked chapter to the page their history says (%s)',
      async (kind) => {
        const locked = await findLockedChapter();
        const email = `resume-${randomUUID().slice(0, 8)}@example.com`;
        const password = 'Resume-pass-2026';
        await createAccountByApi(email, password);
        await grantPoints(email, locked.point + 100);
        // The account bought the chapter and read it to page 6 on another device.
        const account = await visitor('desktop');
        const login = await account.request.post(`${apiUrl}/web/user/login`, { form: { email, password } });
        expect(await login.json()).toMatchObject({ response_code: 0 });
        const bought = await account.request.post(`${apiUrl}/episode/paid`, {
          form: { episode_id: String(locked.episodeId), check_point: String(locked.point) },
        });
        expect(await bought.json()).toMatchObject({ response_code: 0 });
        const progress = await account.request.post(`${apiUrl}/episode/viewer/progress`, {
          form: { episode_id: String(locked.episodeId), page: '6' },
        });
        expect(await progress.json()).toMatchObject({ response_code: 0, page: 6 });

        const page = await (await visitor(kind)).newPage();
        await page.goto(`${webUrl}${readerPath(locked)}`);
        await page.getByRole('link', { name: 'Log in to buy or rent' }).click();
        await logIn(page, email, password);
        await page.waitForURL((url) => url.pathname === readerPath(locked));
        await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
        await expectFirstShown(page, 6);
        await page.getByTestId('resume-notice').waitFor();
      },
    );
  });
});
