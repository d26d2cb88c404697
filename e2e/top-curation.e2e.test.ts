import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMemberPage } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { makeStaff } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Top page curation in the console (issue 26, ADR 074) on the real service in Chromium: an editor opens
// the Top page tab, pins a published title as today's choice and adds a banner with its image; a visitor
// then sees both on the top page; a moderator gets the 404 page. With E2E_SCREENSHOT_DIR set, the
// screen is saved at 390 and 1280 px in English and Japanese.

const PASSWORD = 'Top-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;
/** A 64×24 PNG: the pipeline cuts it to the banner size (1280×480). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAYCAIAAADF1mwTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAUElEQVRYhe2SQQkAQRDDqqQ6T3F0rIh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C94h8eWzzoeem4QXYAAAAASUVORK5CYII=',
  'base64',
);

describe('top page curation (ADR 074)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function member(prefix: string): Promise<Page> {
    const { context, page, email } = await newMemberPage(browser, prefix, PASSWORD);
    contexts.push(context);
    await makeStaff(email, prefix.includes('moderator') ? 'moderator' : 'editor');
    return page;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it("an editor pins today's choice and adds a banner; a visitor sees both on the top page", {
    timeout: 240_000,
  }, async () => {
    const page = await member('top-editor');
    await page.goto(`${webUrl}/ops/catalogue`);
    await page.getByRole('link', { name: 'Top page', exact: true }).click();
    await page.waitForURL(`${webUrl}/ops/top`);
    await page.getByRole('heading', { level: 1, name: 'Top page curation' }).waitFor();

    // Today's choice: the first published title the search lists, pinned with no window.
    const choice = page.getByTestId('top-choice');
    const select = choice.getByLabel('Title');
    const option = select.locator('option').first();
    const titleId = await option.getAttribute('value');
    const titleName = ((await option.textContent()) ?? '').replace(/ \(#\d+\)$/, '');
    expect(titleId).toMatch(/^\d+$/);
    await select.selectOption(titleId!);
    await choice.getByTestId('top-choice-add').click();
    await choice.getByTestId('top-done').waitFor();
    await choice.getByTestId('top-pick-label').filter({ hasText: titleName }).waitFor();
    expect(await choice.getByTestId('top-choice-source').textContent()).toBe('The top page shows the picks.');

    // A banner: image, alt texts, link and a start in the past.
    const form = page.getByTestId('top-banner-new');
    await form
      .getByTestId('top-banner-new-file')
      .setInputFiles({ name: 'autumn.png', mimeType: 'image/png', buffer: PNG });
    await form.getByLabel('Alt text (English)').fill('Autumn festival');
    await form.getByLabel('Alt text (Japanese)').fill('秋まつり');
    await form.getByLabel('Link target').fill('/ranking');
    await form.getByTestId('top-banner-new-start').fill('2026-01-01T00:00:00');
    await form.getByRole('button', { name: 'Add banner' }).click();
    const banner = page.getByTestId('top-banner').filter({ hasText: 'Autumn festival' });
    await banner.locator('img').waitFor();
    expect(await banner.getByText('Showing now').count()).toBe(1);

    // A bad window is refused with its message, nothing added.
    const picks = await choice.getByTestId('top-pick').count();
    await choice.getByTestId('top-choice-add-start').fill('2030-01-02T00:00:00');
    await choice.getByTestId('top-choice-add-end').fill('2030-01-01T00:00:00');
    await choice.getByTestId('top-choice-add').click();
    await choice.getByTestId('top-failed').waitFor();
    expect(await choice.getByTestId('top-pick').count()).toBe(picks);

    expect(await seriousViolations(page)).toEqual([]);

    if (shots) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const locale of ['en', 'ja'] as const) {
          await page.goto(`${webUrl}/ops/top?lang=${locale}`);
          await page.getByTestId('top-banner').first().locator('img').waitFor();
          await page.screenshot({ path: `${shots}/ops-top-${locale}-${width}.png`, fullPage: true });
        }
      }
    }

    // A visitor, on the next request: the pinned title is today's choice (and the featured title), the
    // banner links to its target with its alt text.
    const context = await newVisitor(browser, { country: 'US', viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await giveAdultConsent(context);
    const visitor = await context.newPage();
    await visitor.goto(`${webUrl}/`);
    const section = visitor
      .locator('section')
      .filter({ has: visitor.getByRole('heading', { level: 2, name: "Today's choice", exact: true }) });
    const first = section.locator(`a[href^="/title/"]`).first();
    expect(await first.getAttribute('href')).toContain(`/title/${titleId}`);
    const link = visitor.getByTestId('top-banner').filter({ has: visitor.getByAltText('Autumn festival') });
    expect(await link.getAttribute('href')).toBe('/ranking');
    if (shots) await visitor.screenshot({ path: `${shots}/top-with-banner-1280.png` });
  });

  it('answers 404 on the top page console to a moderator, who has no Top page tab', { timeout: 120_000 }, async () => {
    const page = await member('top-moderator');
    const response = await page.goto(`${webUrl}/ops/top`);
    expect(response?.status()).toBe(404);
    await page.goto(`${webUrl}/ops`);
    await page.getByRole('link', { name: 'Reports', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Top page', exact: true }).count()).toBe(0);
  });
});
