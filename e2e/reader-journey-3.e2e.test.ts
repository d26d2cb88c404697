// The reader's journey of issue 24, third round, in Chromium on a 390×844 touch phone and a 1280×900
// desktop, in English (US) and Japanese (JP): the login bonus calendar offered after login and on /my
// (item 8), report reasons from the report form to the moderation queue, where a moderator removes
// the commenter's nickname (item 10, ADR 066's addendum), and the catch-up whose page figure and
// dialog agree, with a chosen range and its points-back line, the title page's "Read chapter N"
// (item 6's words) and the guest's end card (item 12). Each on a phone and a desktop, in English and
// Japanese. E2E_SHOTS_DIR=dir saves screenshots of each new screen at 390 and 1280 px.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { openLastPage } from './reader.ts';
import { grantPoints, makeStaff } from './service-cli.ts';
import { uiText } from './ui-text.ts';
import { DESKTOP_VIEWPORT, giveAdultConsent, newVisitor } from './visitors.ts';

const PASSWORD = 'Journey-three-2026';
/** A journey logs in one to three readers on a machine shared with other work. */
const JOURNEY_MS = 240_000;
const shotsDir = process.env.E2E_SHOTS_DIR;

type Kind = 'phone' | 'desktop';
type Language = 'en' | 'ja';

/** The log-in dialog (in English, the helper's words), coming back to `path`. */
const loginTo = (path: string) => `/?lang=en&dialog=login&redirect=${encodeURIComponent(path)}`;

/** `name` at 390 and 1280 px (the page's own size again afterwards). */
async function shot(page: Page, name: string, target?: Locator): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP_VIEWPORT;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.waitForTimeout(150);
    await target?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

/** The four pairings of layout and language, each language on both layouts. */
const EVERY_PAIRING = [
  ['desktop', 'en'],
  ['phone', 'ja'],
  ['phone', 'en'],
  ['desktop', 'ja'],
] as const;

/** A pattern for `key`'s text in `language` with `{{name}}` standing for `part` (a pattern itself). */
function textPattern(language: Language, key: string, name: string, part: string): RegExp {
  const [before = '', after = ''] = uiText(language, key, { [name]: '\u0000' }).split('\u0000');
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(before)}${part}${literal(after)}$`);
}

/** Whole numbers in a text, grouping separators dropped ("Catch up: 14 unread chapters · 1,470 pt" → [14, 1470]). */
const numbersIn = (text: string) => [...text.replace(/(\d),(\d)/g, '$1$2').matchAll(/\d+/g)].map((m) => Number(m[0]));

describe("the reader's journey, third round (issue 24)", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(kind: Kind, language: Language): Promise<BrowserContext> {
    const context = await newVisitor(browser, {
      device: kind,
      locale: language === 'ja' ? 'ja-JP' : 'en-US',
      country: language === 'ja' ? 'JP' : 'US',
    });
    await giveAdultConsent(context, webUrl);
    contexts.push(context);
    return context;
  }

  /** A new reader with an account, logged in through the dialog, then at `path`. */
  async function loggedIn(context: BrowserContext, path: string, prefix = 'journey3') {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const page = await context.newPage();
    await page.goto(`${webUrl}${loginTo(path)}`);
    await logIn(page, email, PASSWORD);
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ state: 'detached' });
    // The redirect (a `lang` parameter is taken into a cookie and dropped from the address).
    const target = new URL(path, webUrl).pathname;
    await page.waitForURL((url) => url.pathname === target && !url.search.includes('dialog='));
    return { page, email };
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  describe('item 8: the login bonus', () => {
    it.each([
      ['phone', 'en'],
      ['desktop', 'ja'],
      ['phone', 'ja'],
      ['desktop', 'en'],
    ] as const)(
      'a %s reader in %s is offered the calendar once after login and claims day 1',
      async (kind, language) => {
        const context = await visitor(kind, language);
        const { page } = await loggedIn(context, `/search?lang=${language}`);
        const offer = page.getByTestId('login-bonus-offer');
        await offer.waitFor();
        expect(await offer.getByRole('heading', { level: 2 }).textContent()).toBe(
          uiText(language, 'login_bonus.heading'),
        );
        const days = offer.getByTestId('login-bonus-day');
        expect(await days.count()).toBe(7);
        // Day 1 is today and not received yet; day 7 gives a premium ticket too.
        expect(await days.nth(0).getAttribute('data-today')).toBe('1');
        expect(await days.nth(0).getAttribute('data-received')).toBe('0');
        expect(await days.nth(0).getAttribute('aria-current')).toBe('date');
        expect(await days.nth(6).textContent()).toContain(uiText(language, 'login_bonus.day', { index: 7 }));
        await shot(page, `login-bonus-offer-${language}`, offer);

        // Claimed by keyboard: the answer and the new balance in place, day 1 ticked.
        const claim = offer.getByTestId('login-bonus-claim');
        await claim.focus();
        await page.keyboard.press('Enter');
        const received = offer.getByTestId('login-bonus-received');
        await received.waitFor();
        expect(await received.textContent()).toContain(uiText(language, 'login_bonus.day', { index: 1 }));
        expect(numbersIn((await offer.getByTestId('login-bonus-balance').textContent()) ?? '')).toEqual([10]);
        expect(await days.nth(0).getAttribute('data-received')).toBe('1');
        expect(await offer.getByTestId('login-bonus-claim').count()).toBe(0);
        await shot(page, `login-bonus-claimed-${language}`, offer);

        // Once a day: another page does not offer it again; /my shows the calendar as claimed.
        await page.goto(`${webUrl}/ranking?lang=${language}`);
        await page.waitForTimeout(1500);
        expect(await page.getByTestId('login-bonus-offer').count()).toBe(0);
        await page.goto(`${webUrl}/my?lang=${language}`);
        const card = page.locator('section[aria-labelledby="my-login-bonus"]');
        await card.getByTestId('login-bonus-done').waitFor();
        expect(await card.getByTestId('login-bonus-done').textContent()).toBe(
          uiText(language, 'login_bonus.done', { next: 2 }),
        );
        expect(await card.getByTestId('login-bonus-claim').count()).toBe(0);
        expect(await page.getByTestId('login-bonus-offer').count()).toBe(0);
        await shot(page, `login-bonus-my-${language}`, card);
      },
      JOURNEY_MS,
    );

    it(
      'claims from /my with its form; Close puts the offer away for the day',
      async () => {
        const context = await visitor('desktop', 'en');
        const { page } = await loggedIn(context, '/my?lang=en');
        // /my shows the calendar itself: no offer on top of it.
        const card = page.locator('section[aria-labelledby="my-login-bonus"]');
        await card.getByTestId('login-bonus-waiting').waitFor();
        expect(await page.getByTestId('login-bonus-offer').count()).toBe(0);
        await card.getByTestId('login-bonus-claim').click();
        await card.getByTestId('login-bonus-received').waitFor();
        expect(numbersIn((await card.getByTestId('login-bonus-balance').textContent()) ?? '')).toEqual([10]);

        // A second reader closes the offer: no claim, and no offer on the next page today.
        const other = await loggedIn(await visitor('phone', 'en'), '/search?lang=en');
        const offer = other.page.getByTestId('login-bonus-offer');
        await offer.waitFor();
        await offer.getByRole('button', { name: 'Close the login bonus' }).click();
        await offer.waitFor({ state: 'detached' });
        await other.page.goto(`${webUrl}/ranking?lang=en`);
        await other.page.waitForTimeout(1500);
        expect(await other.page.getByTestId('login-bonus-offer').count()).toBe(0);
        await other.page.goto(`${webUrl}/my?lang=en`);
        await other.page.getByTestId('login-bonus-waiting').waitFor();
      },
      JOURNEY_MS,
    );
  });

  describe('item 10: report reasons reach the moderation queue, which can remove a nickname', () => {
    it.each(EVERY_PAIRING)(
      'a %s reader in %s reports with a reason and a note; the queue shows both; a moderator removes the nickname',
      async (kind, language) => {
        const titlePath = '/title/10003';
        // The author, with a nickname, comments on a free chapter (in English: the words of this part are not new).
        const authorContext = await visitor('desktop', 'en');
        const author = await loggedIn(authorContext, `${titlePath}?lang=en`, 'author3');
        const nickname = `Rude ${randomUUID().slice(0, 6)}`;
        const set = await authorContext.request.post(`${apiUrl}/user/nickname`, { form: { nickname } });
        expect(await set.json()).toMatchObject({ response_code: 0, nickname });
        const free = author.page.locator('[data-testid="episode-row"][data-access="free"]').first();
        const chapterPath = (await free.getAttribute('href')) ?? '';
        const text = `Chapter thoughts ${randomUUID().slice(0, 8)}`;
        const mine = (await openLastPage(author.page, chapterPath)).getByTestId('episode-comments');
        await mine.scrollIntoViewIfNeeded();
        await mine.getByRole('textbox', { name: 'Your comment' }).fill(text);
        await mine.getByRole('button', { name: 'Post', exact: true }).click();
        await mine.getByText(text, { exact: true }).waitFor();

        const reporter = await loggedIn(await visitor(kind, language), `/search?lang=${language}`, 'reporter3');
        const section = (await openLastPage(reporter.page, `${chapterPath}?lang=${language}`)).getByTestId(
          'episode-comments',
        );
        await section.scrollIntoViewIfNeeded();
        const comment = section.getByTestId('comment').filter({ hasText: text });
        await comment.getByTestId('comment-report').click();
        const confirm = comment.getByTestId('comment-report-confirm');
        const reasons = confirm.getByTestId('comment-report-reasons');
        await reasons.waitFor();
        // The form opens on its first reason, and every reason is a radio with its words.
        expect(await reporter.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
          'spam',
        );
        for (const reason of ['spam', 'spoiler', 'harassment', 'offensive', 'other']) {
          await reasons.getByRole('radio', { name: uiText(language, `comments.report_reason.${reason}`) }).waitFor();
        }
        await reasons.getByRole('radio', { name: uiText(language, 'comments.report_reason.spoiler') }).check();
        const note = `Ending of the chapter ${randomUUID().slice(0, 4)}`;
        await confirm.getByTestId('comment-report-note').fill(note);
        await shot(reporter.page, `report-reasons-${language}`, confirm);
        await confirm.getByRole('button', { name: uiText(language, 'comments.report_confirm.submit') }).click();
        await comment.getByTestId('comment-reported').waitFor();

        // A moderator's queue names the reason and shows the note.
        const moderator = await loggedIn(await visitor(kind, language), `/search?lang=${language}`, 'mod3');
        await makeStaff(moderator.email, 'moderator');
        await moderator.page.goto(`${webUrl}/ops?lang=${language}`);
        const entry = moderator.page.getByTestId('ops-report').filter({ hasText: text });
        await entry.waitFor();
        const shown = entry.getByTestId('ops-report-reasons');
        expect(await shown.textContent()).toContain(`${uiText(language, 'comments.report_reason.spoiler')} × 1`);
        expect(await shown.textContent()).toContain(note);
        await shot(moderator.page, `ops-report-reasons-${language}`, entry);

        // The commenter's nickname is removed from the card, with a reason: the card and the
        // comment show the reader code again, and the audit log has it.
        const name = entry.getByTestId('ops-report-author');
        expect(await name.textContent()).toBe(nickname);
        const reset = entry.getByTestId('ops-reset_nickname');
        await reset.locator('summary').click();
        const form = entry.getByTestId('ops-form-reset_nickname');
        // What it does, naming the nickname removed.
        expect(await reset.textContent()).toContain(nickname);
        await shot(moderator.page, `ops-reset-nickname-${language}`, entry);
        const submit = form.getByRole('button', { name: uiText(language, 'ops.reports.reset_nickname_submit') });
        // A reason is required: the browser keeps the empty form.
        await submit.click();
        expect(
          await form
            .locator('textarea[name="reason"]')
            .evaluate((field) => (field as HTMLTextAreaElement).validity.valueMissing),
        ).toBe(true);
        await form.locator('textarea[name="reason"]').fill('Offensive nickname');
        await submit.click();
        await expect
          .poll(() => moderator.page.getByTestId('ops-announcement').textContent())
          .toBe(uiText(language, 'ops.reports.reset_nickname_done'));
        await expect
          .poll(() => name.textContent())
          .toMatch(textPattern(language, 'comments.reader_name', 'tag', '[0-9A-Z]{6}'));
        expect(await entry.getByTestId('ops-reset_nickname').count()).toBe(0);
        await shot(moderator.page, `ops-nickname-removed-${language}`, entry);
        const own = (await openLastPage(author.page, `${chapterPath}?lang=en`)).getByTestId('episode-comments');
        await own.scrollIntoViewIfNeeded();
        const authored = own.getByTestId('comment').filter({ hasText: text });
        await expect.poll(() => authored.getByTestId('comment-author').textContent()).toMatch(/^Reader [0-9A-Z]{6}$/);
        await moderator.page.goto(`${webUrl}/ops/audit?lang=${language}`);
        // The log is a table on a desktop and a list on a phone: the one shown names the action.
        await moderator.page
          .getByText(uiText(language, 'ops.audit.actions.nickname_reset'))
          .locator('visible=true')
          .first()
          .waitFor();
      },
      JOURNEY_MS,
    );
  });

  describe('item 12: the catch-up and the guest end card', () => {
    it.each(EVERY_PAIRING)(
      'a %s reader in %s sees one figure on the page and in the dialog, with the range ends and points back',
      async (kind, language) => {
        const context = await visitor(kind, language);
        const path = `/title/10001?lang=${language}`;
        const { page, email } = await loggedIn(context, path, 'catchup3');
        await grantPoints(email, 5000, { reason: 'e2e catch-up range' });
        await page.reload();
        // Item 6: the newest chapter the reader can open is named by its number ("Read chapter 4"),
        // never "Latest free chapter"; on a phone the list just below starts with it instead.
        const latest = page.getByRole('link', {
          name: textPattern(language, 'catalogue.read_latest_readable', 'index', '\\d+'),
        });
        if (kind === 'desktop') {
          const index = Number(/\d+/.exec((await latest.textContent()) ?? '')?.[0]);
          const href = (await latest.getAttribute('href')) ?? '';
          const row = page.locator(`[data-testid="episode-row"][href="${href}"]`);
          expect(await row.getAttribute('data-access')).not.toBe('locked');
          expect(await row.textContent()).toContain(String(index));
        } else {
          expect(await latest.isVisible()).toBe(false);
        }
        const figure = page.getByTestId('catch-up');
        await figure.waitFor();
        const [count = 0, total = 0] = numbersIn((await figure.textContent()) ?? '');
        await figure.click();
        const dialog = page.getByTestId('bulk-dialog');
        await dialog.waitFor();
        const listed = dialog.getByTestId('bulk-episodes').locator('li');
        expect(await listed.count()).toBe(count);
        expect(numbersIn((await dialog.getByTestId('purchase-price').textContent()) ?? '')).toEqual([total]);

        // Every unread chapter can be a range end (the range itself is covered by purchase.server.test.ts).
        const options = await dialog.getByTestId('bulk-from').locator('option').count();
        expect(options).toBe(count);
        // A range: from the 4th unread chapter, then to the 6th; the list and the total follow it.
        if (count >= 6) {
          const ends = await dialog
            .getByTestId('bulk-from')
            .locator('option')
            .evaluateAll((list) => list.map((option) => (option as HTMLOptionElement).value));
          await dialog.getByTestId('bulk-from').selectOption(ends[3] as string);
          await page.waitForURL((url) => url.searchParams.get('from') === ends[3]);
          await expect.poll(() => listed.count()).toBe(count - 3);
          await dialog.getByTestId('bulk-to').selectOption(ends[5] as string);
          await page.waitForURL((url) => url.searchParams.get('to') === ends[5]);
          await expect.poll(() => listed.count()).toBe(3);
          const [rangeTotal = 0] = numbersIn((await dialog.getByTestId('purchase-price').textContent()) ?? '');
          expect(rangeTotal).toBeLessThan(total);
          expect(rangeTotal).toBeGreaterThan(0);
          // Item 6: under 1,000 pt the points-back line says from when it applies, not "None".
          expect(rangeTotal).toBeLessThan(1000);
          const back = dialog.getByTestId('purchase-point-back');
          expect(await back.textContent()).toBe(uiText(language, 'purchase.point_back_none'));
          expect(await back.evaluate((cell) => cell.previousElementSibling?.textContent)).toBe(
            uiText(language, 'purchase.point_back'),
          );
        }
        await shot(page, `catch-up-range-${language}`, dialog);
      },
      JOURNEY_MS,
    );

    it.each(EVERY_PAIRING)(
      'a %s guest in %s has Read next on the end card, and Unlock next before a paid chapter',
      async (kind, language) => {
        const context = await visitor(kind, language);
        const page = await context.newPage();
        const free = await openLastPage(page, `/title/10001/episode/100001?lang=${language}`);
        const next = free.getByTestId('next-chapter-action');
        expect(await next.textContent()).toBe(uiText(language, 'episode.viewer.end.read_next'));
        expect(await next.isVisible()).toBe(true);
        const beforePaid = await openLastPage(page, `/title/10001/episode/100005?lang=${language}`);
        expect(await beforePaid.getByTestId('next-chapter-action').textContent()).toBe(
          uiText(language, 'episode.viewer.end.unlock_next'),
        );
      },
      JOURNEY_MS,
    );
  });
});
