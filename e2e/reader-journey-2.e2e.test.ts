// The reader's journey of issue 24, second round, in Chromium on a 390×844 touch phone and a 1280×900
// desktop, in English (US) and Japanese (JP): checkout stays on the reader's origin (item 13), and
// buying, renting and topping up on the locked screen (item 7), each language on both layouts.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { findTitleWithRentableChapters, readerPath } from './demo-chapters.ts';
import { twinWebUrl, webUrl } from './e2e-env.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS } from './reader.ts';
import { uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

const PASSWORD = 'Journey-two-2026';

type Kind = 'phone' | 'desktop';

/** The log-in dialog (in English, the helper's words), coming back to `path`. */
const loginTo = (path: string) => `/?lang=en&dialog=login&redirect=${encodeURIComponent(path)}`;
type Language = 'en' | 'ja';

describe("the reader's journey, second round (issue 24)", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A visitor of `site` (one of the service's origins): US English or JP Japanese, phone or desktop. */
  async function visitor(kind: Kind, language: Language, site: string = webUrl): Promise<BrowserContext> {
    const context = await newVisitor(browser, {
      device: kind,
      locale: language === 'ja' ? 'ja-JP' : 'en-US',
      country: language === 'ja' ? 'JP' : 'US',
    });
    await giveAdultConsent(context, site);
    contexts.push(context);
    return context;
  }

  /** A new reader with an account, logged in through the dialog at `path` of `site`. */
  async function loggedIn(context: BrowserContext, site: string, path: string): Promise<{ page: Page; email: string }> {
    const email = `journey2-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const page = await context.newPage();
    await page.goto(`${site}${path}`);
    await logIn(page, email, PASSWORD);
    // Logged in once the dialog is gone (its redirect followed).
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ state: 'detached' });
    return { page, email };
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  describe('item 13: checkout stays on the origin the reader came from', () => {
    it.each([
      ['phone', 'ja', webUrl],
      ['desktop', 'en', webUrl],
      ['phone', 'en', twinWebUrl],
      ['desktop', 'ja', twinWebUrl],
    ] as const)('a %s reader in %s on %s buys points and stays there, logged in', async (kind, language, site) => {
      const context = await visitor(kind, language, site);
      // The log-in dialog in English (the helper's words), then the shop in the reader's language.
      const { page } = await loggedIn(context, site, '/my/shop?lang=en');
      await page.getByTestId('shop-balance').waitFor();
      await page.goto(`${site}/my/shop?lang=${language}`);
      await page.getByTestId('shop-balance').waitFor();
      await page.getByTestId('shop-asset').first().getByRole('button').click();
      await page.waitForURL(/\/my\/shop\/checkout\?session_id=/);
      expect(new URL(page.url()).origin).toBe(site);
      await page.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4242');
      await page.locator('form:has(input[name="card_number"]) button[type="submit"]').click();
      await page.waitForURL(/\/my\/shop\/result\?status=1/);
      expect(new URL(page.url()).origin).toBe(site);
      // Still logged in on the same origin: the balance is the reader's, never the log-in dialog.
      await expect.poll(() => page.getByTestId('result-balance').textContent()).toMatch(/[1-9]/);
      // Cancelling comes back to the same origin too.
      await page.goto(`${site}/my/shop`);
      await page.getByTestId('shop-asset').first().getByRole('button').click();
      await page.waitForURL(/\/my\/shop\/checkout\?session_id=/);
      await page.locator('a[href*="/my/shop/result"]').first().click();
      await page.waitForURL(/\/my\/shop\/result\?status=2/);
      expect(new URL(page.url()).origin).toBe(site);
    });
  });

  describe('item 7: buying, renting and topping up on the locked screen', () => {
    // Each language on both layouts.
    it.each([
      ['phone', 'ja'],
      ['desktop', 'en'],
      ['phone', 'en'],
      ['desktop', 'ja'],
    ] as const)(
      'a %s reader in %s tops up, buys and rents there, then reads on the same page',
      async (kind, language) => {
        const { titleId, chapters } = await findTitleWithRentableChapters(2);
        const [toBuy, toRent] = chapters as [(typeof chapters)[number], (typeof chapters)[number]];
        const buyPath = readerPath({ titleId, episodeId: toBuy.episodeId });
        const rentPath = readerPath({ titleId, episodeId: toRent.episodeId });
        const context = await visitor(kind, language);
        const { page } = await loggedIn(context, webUrl, loginTo(buyPath));
        await page.goto(`${webUrl}${buyPath}?lang=${language}`);
        const locked = page.getByTestId('locked-chapter');
        await locked.waitFor();
        // The balance, and how many points are missing: no buy button that would fail.
        await expect(page.getByTestId('locked-balance').textContent()).resolves.toBe(
          uiText(language, 'catalogue.badge.points_other', { count: 0 }),
        );
        await expect(page.getByTestId('locked-short').textContent()).resolves.toBe(
          uiText(language, 'purchase.short_other', { count: toBuy.point }),
        );
        expect(await page.getByTestId('locked-buy').count()).toBe(0);
        // Top up: the shop comes back to this chapter.
        await page.getByTestId('locked-top-up').click();
        await page.waitForURL(/\/my\/shop\?return=/);
        await page.getByTestId('shop-asset').first().getByRole('button').click();
        await page.waitForURL(/\/my\/shop\/checkout\?session_id=/);
        await page.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4242');
        await page.locator('form:has(input[name="card_number"]) button[type="submit"]').click();
        await page.waitForURL(/\/my\/shop\/result\?status=1/);
        await page.locator(`a[href="${buyPath}"]`).first().click();
        await page.waitForURL((url) => url.pathname === buyPath);
        // Back on the locked screen with the new balance: buy right here, and read on the same page.
        const balance = Number((await page.getByTestId('locked-balance').textContent())?.replace(/[^0-9]/g, ''));
        expect(balance).toBeGreaterThanOrEqual(toBuy.point);
        const before = await page.evaluate(() => history.length);
        await page.getByTestId('locked-buy').click();
        await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
        expect(new URL(page.url()).pathname).toBe(buyPath);
        // The form replaced its history entry: Back leaves the chapter and opens no dialog.
        expect(await page.evaluate(() => history.length)).toBe(before);
        await page.goBack();
        await page.waitForURL((url) => url.pathname !== buyPath);
        expect(new URL(page.url()).searchParams.has('buy')).toBe(false);
        expect(await page.getByRole('dialog').count()).toBe(0);
        // Forward reads the bought chapter again.
        await page.goForward();
        await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });

        // Renting with a free ticket on the next locked chapter, same page too.
        await page.goto(`${webUrl}${rentPath}`);
        await page.getByTestId('locked-rent').click();
        await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
        expect(new URL(page.url()).pathname).toBe(rentPath);
        // A reload keeps it readable (rented, not a one-off answer).
        await page.reload();
        await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
      },
    );

    it('refuses a forged form for another chapter, and a double-submit spends once', async () => {
      const { titleId, chapters } = await findTitleWithRentableChapters(3);
      const [, , target] = chapters as [unknown, unknown, (typeof chapters)[number]];
      const path = readerPath({ titleId, episodeId: target.episodeId });
      const context = await visitor('desktop', 'en');
      const { page, email } = await loggedIn(context, webUrl, loginTo(path));
      await page.getByTestId('locked-chapter').waitFor();
      const { grantPoints } = await import('./service-cli.ts');
      await grantPoints(email, target.point * 3, { paid: true });
      await page.reload();
      // Another chapter's id posted to this chapter's URL changes nothing.
      const forged = await page.request.post(`${webUrl}${path}`, {
        form: { intent: 'buy', episode_id: String(target.episodeId + 1), check_point: String(target.point) },
        headers: { origin: webUrl },
      });
      expect(forged.status()).toBeLessThan(500);
      await page.reload();
      await expect(page.getByTestId('locked-balance').textContent()).resolves.toBe(
        uiText('en', 'catalogue.badge.points_other', { count: target.point * 3 }),
      );
      // Two quick presses of Buy: one purchase.
      await page.getByTestId('locked-buy').dblclick();
      await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
      const point = await page.request.get(`${webUrl}/api/account/point`);
      const body = (await point.json()) as { point: { paid_point: number; free_point: number } };
      expect(body.point.paid_point + body.point.free_point).toBe(target.point * 2);
    });
  });
});
