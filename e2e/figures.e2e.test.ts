import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMemberPage } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { findTitleWithRentableChapters, pad } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { grantPoints, makeStaff } from './service-cli.ts';

// The figures in the console (issue 26, ADR 072) on the real service in Chromium: a reader buys a
// chapter on the title page; an analyst opens /ops/figures from the console's tabs and sees that
// purchase counted today and the title listed, and downloads the CSV with it; a moderator and a plain
// reader get the 404 page there.

const PASSWORD = 'Figures-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;

describe('the figures in the console (ADR 072)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function member(prefix: string): Promise<{ page: Page; email: string }> {
    const { context, page, email } = await newMemberPage(browser, prefix, PASSWORD);
    contexts.push(context);
    return { page, email };
  }

  /** Today's purchases as the figures screen's table says (the last day of the default range is today). */
  async function purchasesToday(page: Page): Promise<number> {
    const table = page.getByTestId('figures-chart-chapters').locator('tbody tr').last();
    return Number((await table.locator('td').first().textContent())?.replace(/\D/g, ''));
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('counts a reader’s purchase today on the analyst’s screen and in the CSV', { timeout: 240_000 }, async () => {
    const analyst = await member('figures-analyst');
    await makeStaff(analyst.email, 'analyst');
    await analyst.page.goto(`${webUrl}/ops/figures`);
    await analyst.page.getByRole('heading', { level: 1, name: 'Figures' }).waitFor();
    const before = await purchasesToday(analyst.page);

    const { titleId, titleName, chapters } = await findTitleWithRentableChapters(1);
    const chapter = chapters[0]!;
    const reader = await member('figures-reader');
    await grantPoints(reader.email, chapter.point + 100, { reason: 'e2e figures test' });
    await reader.page.goto(`${webUrl}/title/${pad(titleId)}?buy=${chapter.episodeId}`);
    const buy = reader.page.getByTestId('buy-dialog');
    await buy.waitFor();
    await buy.getByTestId('purchase-confirm').click();
    await reader.page.waitForURL(`${webUrl}/title/${pad(titleId)}/episode/${chapter.episodeId}`);

    // The analyst reaches the screen through the console's tabs.
    await analyst.page.goto(`${webUrl}/ops/figures`);
    await analyst.page.getByRole('link', { name: 'Figures', exact: true }).click();
    await analyst.page.waitForURL(`${webUrl}/ops/figures`);
    expect(await purchasesToday(analyst.page)).toBe(before + 1);
    const titleRow = analyst.page.getByTestId('figures-title').filter({ hasText: titleName });
    expect(Number(await titleRow.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);

    const [download] = await Promise.all([
      analyst.page.waitForEvent('download'),
      analyst.page.getByTestId('figures-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^figures-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    expect(csv).toContain('date,points_sold,points_spent,purchases,rentals,new_readers,follows');
    expect(csv).toContain(`${titleId},`);

    if (shots) {
      for (const width of [390, 1280]) {
        await analyst.page.setViewportSize({ width, height: 900 });
        for (const locale of ['en', 'ja'] as const) {
          await analyst.page.goto(`${webUrl}/ops/figures?lang=${locale}`);
          await analyst.page.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
          await analyst.page.screenshot({ path: `${shots}/ops-figures-${locale}-${width}.png`, fullPage: true });
        }
      }
    }
  });

  it('shows a moderator and a plain reader the 404 page', { timeout: 120_000 }, async () => {
    const moderator = await member('figures-moderator');
    await makeStaff(moderator.email, 'moderator');
    const reader = await member('figures-plain');
    for (const { page } of [moderator, reader]) {
      const res = await page.goto(`${webUrl}/ops/figures`);
      expect(res?.status()).toBe(404);
    }
  });
});
