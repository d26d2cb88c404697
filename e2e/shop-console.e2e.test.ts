import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMemberPage } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { makeStaff } from './service-cli.ts';

// The shop's products in the console (issue 26, ADR 063) on the real service in Chromium: an editor
// (`npm run operator -- add <email> --role editor`) finds /ops/shop in the console's tabs, changes a
// product's price (a value out of range is refused beside its field, nothing sent), adds a product
// (every missing field named at once), and support staff and plain readers get the 404 page there.
// With E2E_SCREENSHOT_DIR set, the screen is saved at 390 and 1280 px in English and Japanese.

const PASSWORD = 'Shop-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;

/** The seeded US 5,000-point pack ($49.99): changed and put back. */
const PRODUCT_ID = 5;

describe('the shop in the console (ADR 063)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function member(prefix: string): Promise<{ page: Page; email: string }> {
    const { context, page, email } = await newMemberPage(browser, prefix, PASSWORD);
    contexts.push(context);
    return { page, email };
  }

  const productRow = (page: Page): Locator =>
    page.locator(`[data-testid="shop-product"][data-product-id="${PRODUCT_ID}"]`);

  /** The product's change form, its disclosure opened (if it is not open already). */
  async function openEdit(page: Page): Promise<Locator> {
    const details = productRow(page).getByTestId('shop-edit');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    return productRow(page).getByTestId('shop-edit-form');
  }

  async function priceShown(page: Page): Promise<string | null> {
    return productRow(page).locator('dd').first().textContent();
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('an editor changes a product’s price, refused inline when out of range, and adds a product', {
    timeout: 240_000,
  }, async () => {
    const editor = await member('shop-editor');
    await makeStaff(editor.email, 'editor');
    const { page } = editor;
    await page.goto(`${webUrl}/ops/catalogue`);
    await page.getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL(`${webUrl}/ops/shop`);
    await page.getByRole('heading', { level: 1, name: 'Shop products' }).waitFor();
    expect(await page.getByTestId('shop-region').count()).toBe(2);
    await page.getByRole('heading', { level: 2, name: 'United States (USD): 7 products' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Japan (JPY): 7 products' }).waitFor();
    expect(await priceShown(page)).toBe('$49.99');

    const form = await openEdit(page);
    const price = form.getByLabel('Price (cents or yen)');
    expect(await price.inputValue()).toBe('4999');

    // Out of range: said beside the field, nothing sent.
    await price.fill('0');
    await form.getByLabel('Reason (required, kept in the audit log)').fill('Price test');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Enter a number in the range shown.').waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await price.getAttribute('aria-describedby')).toContain('-error');
    // The page with a form open and its errors shown passes axe-core (serious and critical findings).
    expect(await seriousViolations(page)).toEqual([]);

    // A reason is required.
    await price.fill('4899');
    await form.getByLabel('Reason (required, kept in the audit log)').fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Give a reason: it is kept in the audit log.').waitFor();

    await form.getByLabel('Reason (required, kept in the audit log)').fill('Winter price');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Saved. Checkouts started from now use the new values.').waitFor();
    await expect.poll(() => priceShown(page)).toBe('$48.99');
    await page.reload();
    expect(await priceShown(page)).toBe('$48.99');

    // Put the price back.
    const again = await openEdit(page);
    await again.getByLabel('Price (cents or yen)').fill('4999');
    await again.getByLabel('Reason (required, kept in the audit log)').fill('Back to the usual price');
    await again.getByRole('button', { name: 'Save changes' }).click();
    await again.getByText('Saved. Checkouts started from now use the new values.').waitFor();
    await expect.poll(() => priceShown(page)).toBe('$49.99');

    // The API's own refusal is shown beside the form: a forged product id (no such product).
    const forged = await openEdit(page);
    await forged.locator('input[name="product_id"]').evaluate((input) => {
      (input as HTMLInputElement).value = '999999';
    });
    await forged.getByLabel('Reason (required, kept in the audit log)').fill('Forged');
    await forged.getByRole('button', { name: 'Save changes' }).click();
    const refusal = forged.getByTestId('ops-action-failed');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Error code 1001 · No product 999999');

    // Add: every missing choice and field named at once, then a product not on sale.
    const add = page.getByTestId('shop-add');
    await add.getByRole('button', { name: 'Add the product' }).click();
    await add.getByText('Give a reason: it is kept in the audit log.').waitFor();
    expect(await add.getByText('Choose one.').count()).toBe(2);
    expect(await add.getByText('Enter a whole number.').count()).toBe(2);
    await add.getByRole('radio', { name: /^Point pack/ }).check();
    await add.getByRole('radio', { name: /^Japan/ }).check();
    await add.getByLabel('Price (cents or yen)').fill('300');
    await add.getByLabel('Points', { exact: true }).fill('250');
    const name = `Test pack ${randomUUID().slice(0, 6)}`;
    await add.getByLabel('Name in English').fill(name);
    await add.getByLabel('On sale').uncheck();
    await add.getByLabel('Reason (required, kept in the audit log)').fill('A pack to try');
    await add.getByRole('button', { name: 'Add the product' }).click();
    await add.getByText('The product is added.').waitFor();
    const added = page.getByTestId('shop-product').filter({ hasText: name });
    await added.waitFor();
    expect(await added.getByTestId('shop-product-state').textContent()).toBe('Not on sale');
    expect(await added.locator('dd').first().textContent()).toBe('¥300');
    await page.getByRole('heading', { level: 2, name: 'Japan (JPY): 8 products' }).waitFor();

    if (shots) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const locale of ['en', 'ja'] as const) {
          await page.goto(`${webUrl}/ops/shop?lang=${locale}`);
          await productRow(page)
            .getByRole('group')
            .first()
            .waitFor({ state: 'attached' })
            .catch(() => undefined);
          await page.screenshot({ path: `${shots}/ops-shop-${locale}-${width}.png`, fullPage: true });
        }
      }
      await page.goto(`${webUrl}/ops/shop?lang=en`);
    }
  });

  it('answers 404 on the shop screen to support staff and plain readers, and support has no Shop tab', {
    timeout: 240_000,
  }, async () => {
    const support = await member('shop-support');
    await makeStaff(support.email, 'support');
    expect((await support.page.goto(`${webUrl}/ops/shop`))?.status()).toBe(404);
    await support.page.goto(`${webUrl}/ops/support`);
    await support.page.getByRole('link', { name: 'Support', exact: true }).waitFor();
    expect(await support.page.getByRole('link', { name: 'Shop', exact: true }).count()).toBe(0);
    const reader = await member('shop-reader');
    const response = await reader.page.goto(`${webUrl}/ops/shop`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
  });
});
