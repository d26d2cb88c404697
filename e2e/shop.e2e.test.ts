import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { findLockedChapter, readerPath } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { openReader } from './reader.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// The shop in test mode (ADR 019): a US reader buys points with Stripe's test card 4242… on our own
// checkout page (the embedded test provider, completing through the signed webhook), sees the result
// screen and the points, spends them on a chapter and reads it; a declined card changes nothing; a
// Japanese reader sees yen.

const PASSWORD = 'Shop-pass-2026';

describe('shop (product §2, ADR 019)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function loggedIn(country: 'US' | 'JP', locale: string, path: string): Promise<Page> {
    const email = `shop-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const context = await newVisitor(browser, { country, locale });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}${path}`);
    await logIn(page, email, PASSWORD);
    await page.getByTestId('shop-balance').waitFor();
    return page;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('buys points with 4242…, sees them, spends them on a chapter and reads it; 4000…0002 is declined', async () => {
    const chapter = await findLockedChapter();
    const back = readerPath(chapter);
    const page = await loggedIn('US', 'en-US', `/my/shop?return=${encodeURIComponent(back)}`);
    await expect(page.getByTestId('shop-balance').textContent()).resolves.toContain('You have 0 points');
    const pack = page.getByRole('button', { name: '500 points $4.99', exact: true });
    await expect(pack.textContent()).resolves.toBe('$4.99');

    // A declined card: the checkout page says so; nothing is credited.
    await pack.click();
    await page.waitForURL(/\/my\/shop\/checkout\?session_id=/);
    await expect(page.getByTestId('checkout-price').textContent()).resolves.toBe('$4.99');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.getByRole('alert').filter({ hasText: 'declined' }).waitFor();
    await page.goto(`${webUrl}/my/shop`);
    await expect(page.getByTestId('shop-balance').textContent()).resolves.toContain('You have 0 points');

    // 4242…: the result screen with the points, and the way back to the chapter.
    await page.goto(`${webUrl}/my/shop?return=${encodeURIComponent(back)}`);
    await page.getByRole('button', { name: '500 points $4.99', exact: true }).click();
    await page.waitForURL(/\/my\/shop\/checkout/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.waitForURL(/\/my\/shop\/result\?status=1/);
    await expect(page.getByTestId('result-balance').textContent()).resolves.toContain('You have 500 points');
    const backLink = page.getByRole('link', { name: 'Back to the chapter' });
    await expect(backLink.getAttribute('href')).resolves.toBe(back);

    // Spend them on the chapter (POST /episode/paid through the web app's API proxy), then read it.
    const bought = await page.request.post(`${webUrl}/api/episode/paid`, {
      form: { episode_id: String(chapter.episodeId), check_point: String(chapter.point) },
    });
    expect(await bought.json()).toMatchObject({ response_code: 0, account_point: 500 - chapter.point });
    await backLink.click();
    await openReader(page, back);
  });

  it('shows a visitor from Japan the yen prices and the monthly plans', async () => {
    // Logged in through the English dialog: the region (JP, from the country header) sets the currency.
    const page = await loggedIn('JP', 'en-US', '/my/shop');
    const english = await page.getByTestId('shop-asset').getByRole('button').allTextContents();
    expect(english.every((price) => price.startsWith('¥'))).toBe(true);
    await page.goto(`${webUrl}/my/shop?lang=ja`);
    await page.getByTestId('shop-balance').filter({ hasText: '保有ポイント' }).waitFor();
    const prices = await page.getByTestId('shop-asset').getByRole('button').allTextContents();
    expect(prices).toContain('¥120');
    expect(prices.every((price) => price.startsWith('¥'))).toBe(true);
    await page.goto(`${webUrl}/my/shop?tab=plan&lang=ja`);
    const plans = await page.getByTestId('shop-asset').getByRole('button').allTextContents();
    expect(plans).toContain('月額¥600');
  });
});
