import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { launchChromium } from './browser.ts';
import { serviceEnv, webUrl } from './e2e-env.ts';
import { importChapter } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// New-chapter alerts in Chromium (issue 28, ADR 065): a chapter of a followed title released after
// the follow shows in the header bell, opened and closed with the keyboard and then marked seen; the
// mail switch on /my/setting is kept with the account; the mail's unsubscribe page works without
// login and refuses a tampered link; a followed title's own switch on its page, with and without
// JavaScript, disabled with the way to the settings while the account's mail is off. The chapter is
// imported with `npm run import` (released at once), as an editor's import would be.

const PASSWORD = 'Correct-Horse-9';
const dataDir = serviceEnv.MANGA_DATA_DIR ?? '';
const shots = process.env.E2E_SCREENSHOT_DIR;

/** With E2E_SCREENSHOT_DIR set: the page's head with the alert switch, 390 and 1280 px, English and Japanese. */
async function shootTitleAlert(page: Page, name: string): Promise<void> {
  if (!shots) return;
  const url = new URL(page.url());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    for (const locale of ['en', 'ja'] as const) {
      url.searchParams.set('lang', locale);
      await page.goto(url.toString());
      await page.getByTestId('title-alert').waitFor();
      await page.screenshot({ path: `${shots}/${name}-${locale}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  url.searchParams.set('lang', 'en');
  await page.goto(url.toString());
}

describe('new-chapter alerts (issue 28)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let db: Database.Database;
  const email = `alerts-${Date.now().toString(36)}@example.test`;
  let userId = 0;
  let followed = { id: 0, name_en: '', episodeId: 0 };

  beforeAll(async () => {
    browser = await launchChromium();
    db = new Database(join(dataDir, 'manga.db'), { timeout: 10_000 });
    await createAccountByApi(email, PASSWORD);
    userId = (db.prepare('select id from "user" where email = ?').get(email) as { id: number }).id;
    context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    page = await context.newPage();
  });
  afterAll(async () => {
    db?.close();
    await context?.close();
    await browser?.close();
  });

  it('lists a chapter released after the follow in the bell, keyboard operable, then marks it seen', async () => {
    const now = Date.now();
    const title = db
      .prepare('select id, name_en from title where age_rating = 0 and published_at <= ? order by id limit 1')
      .get(now) as { id: number; name_en: string };
    db.prepare('insert into favorite_title (user_id, title_id, created_at) values (?, ?, ?)').run(
      userId,
      title.id,
      now - 60_000,
    );
    const episodeId = (db.prepare('select max(id) + 1 as id from episode').get() as { id: number }).id;
    await importChapter({ titleId: title.id, episodeId, name: 'Alert Test Chapter' });
    followed = { ...title, episodeId };

    await page.goto(`${webUrl}/`);
    await page.getByTestId('header-login').click();
    await logIn(page, email, PASSWORD);
    const bell = page.getByTestId('new-chapter-bell');
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('1 new chapter of titles you follow');
    expect(await page.getByTestId('new-chapter-count').textContent()).toBe('1');

    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('new-chapter-panel');
    await panel.waitFor();
    expect(await bell.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getByTestId('new-chapter-item').first().textContent()).toContain('Alert Test Chapter');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('new-chapter-bell');

    // Seen on the account: a reload shows no count.
    await expect
      .poll(() => db.prepare('select new_chapters_seen_at as t from "user" where id = ?').get(userId))
      .not.toEqual({ t: null });
    await page.reload();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('New chapters of titles you follow');
    expect(await page.getByTestId('new-chapter-count').count()).toBe(0);
  });

  it('keeps the alert mail switch of /my/setting with the account', async () => {
    await page.goto(`${webUrl}/my/setting`);
    const toggle = page.getByTestId('chapter-alert-switch');
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByTestId('chapter-alert-switch').getAttribute('aria-checked')).toBe('true');
    expect(db.prepare('select chapter_alert_mail as on_ from "user" where id = ?').get(userId)).toEqual({ on_: 1 });
  });

  it('unsubscribes from the mail link without login, and refuses a tampered link', async () => {
    const secret = readFileSync(join(dataDir, 'secrets', 'mail-link-secret'), 'utf8').trim();
    const signature = createHmac('sha256', secret).update(`chapter-alert-unsubscribe:v1:${userId}`).digest('base64url');
    const token = `${userId}.${signature}`;
    const stranger = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(stranger);
    const visit = await stranger.newPage();

    const tampered = await visit.goto(`${webUrl}/mail/unsubscribe?token=${userId}.${'A'.repeat(43)}`);
    expect(tampered?.status()).toBe(400);
    expect(await visit.getByTestId('unsubscribe').getAttribute('data-state')).toBe('invalid');

    await visit.goto(`${webUrl}/mail/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await visit.getByTestId('unsubscribe').getAttribute('data-state')).toBe('confirm');
    expect(db.prepare('select chapter_alert_mail as on_ from "user" where id = ?').get(userId)).toEqual({ on_: 1 });
    await visit.getByTestId('unsubscribe-confirm').click();
    await visit.locator('[data-testid="unsubscribe"][data-state="done"]').waitFor();
    expect(db.prepare('select chapter_alert_mail as on_ from "user" where id = ?').get(userId)).toEqual({ on_: 0 });
    await stranger.close();
  });

  it('switches one followed title’s mail on its page, with and without JavaScript', { timeout: 240_000 }, async () => {
    const titleAlertOf = () =>
      db
        .prepare('select alert_mail as on_ from favorite_title where user_id = ? and title_id = ?')
        .get(userId, followed.id);
    // The account's mail is off (unsubscribed above): the switch is disabled, with the way to turn it on.
    await page.goto(`${webUrl}/title/${followed.id}`);
    const form = page.getByTestId('title-alert');
    await expect.poll(() => form.getAttribute('data-state'), { timeout: 15_000 }).toBe('blocked');
    const toggle = page.getByRole('switch', { name: 'E-mail me new chapters' });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const note = page.getByTestId('title-alert-blocked');
    expect(await note.textContent()).toBe('New-chapter e-mails are off for your account. Turn them on in Settings');
    expect(await toggle.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    expect(await note.getByRole('link').getAttribute('href')).toBe('/my/setting#chapter-alerts');
    expect(await seriousViolations(page)).toEqual([]);
    await shootTitleAlert(page, 'title-alert-blocked');

    // A title the reader does not follow has no switch: the follow button is the first step.
    const other = db
      .prepare('select id from title where age_rating = 0 and published_at <= ? and id <> ? order by id limit 1')
      .get(Date.now(), followed.id) as { id: number };
    await page.goto(`${webUrl}/title/${other.id}`);
    await expect.poll(() => page.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('title-alert').count()).toBe(0);

    // The account's mail on again (the settings' switch), the title's switch is on and turns off.
    await page.goto(`${webUrl}/my/setting`);
    const account = page.getByTestId('chapter-alert-switch');
    await expect.poll(() => account.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    await account.click();
    await expect.poll(() => account.getAttribute('aria-checked')).toBe('true');
    await page.goto(`${webUrl}/title/${followed.id}`);
    await expect.poll(() => form.getAttribute('data-state'), { timeout: 15_000 }).toBe('on');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await shootTitleAlert(page, 'title-alert-on');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(titleAlertOf).toEqual({ on_: 0 });
    await page.reload();
    await expect.poll(() => form.getAttribute('data-state'), { timeout: 15_000 }).toBe('off');
    expect(new URL(page.url()).pathname).toBe(`/title/${followed.id}`);

    // Without JavaScript: a form post, and the page drawn again shows the new state. (A logged-in
    // title page without a query is the shared member shell, ADR 048, which draws no one's switch.)
    const plain = await newVisitor(browser, { country: 'US', javaScriptEnabled: false });
    await plain.addCookies(await context.cookies(webUrl));
    const plainPage = await plain.newPage();
    await plainPage.goto(`${webUrl}/title/${followed.id}?comments=${followed.episodeId}`);
    const plainForm = plainPage.getByTestId('title-alert');
    expect(await plainForm.getAttribute('data-state')).toBe('off');
    await plainPage.getByRole('switch', { name: 'E-mail me new chapters' }).click();
    await plainPage.waitForLoadState('load');
    await expect.poll(titleAlertOf).toEqual({ on_: 1 });
    expect(await plainPage.getByTestId('title-alert').getAttribute('data-state')).toBe('on');
    expect(await plainPage.getByRole('switch', { name: 'E-mail me new chapters' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // A forged value changes nothing and says why.
    const forged = await plain.request.post(`${webUrl}/title/${followed.id}?comments=${followed.episodeId}`, {
      form: { intent: 'title_alert', alert_mail: 'yes' },
      headers: { origin: webUrl },
    });
    expect(forged.status()).toBe(200);
    expect(await forged.text()).toContain('Error code 1001');
    expect(titleAlertOf()).toEqual({ on_: 1 });
    await plain.close();
  });
});
