import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMemberPage } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { makeStaff } from './service-cli.ts';

// Staff roles in the console (ADR 042) on the real service in Chromium: an admin (made with
// `npm run operator -- add <email> --role admin`) gives a reader the support role at /ops/staff and
// takes it away again, each step in the audit log; a moderator and a plain reader get the 404 page
// there. With E2E_SCREENSHOT_DIR set, the staff page is saved at 390 and 1280 px.

const PASSWORD = 'Staff-pass-2026';

describe('staff roles in the console (ADR 042)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function member(prefix: string): Promise<{ page: Page; email: string }> {
    const { context, page, email } = await newMemberPage(browser, prefix, PASSWORD);
    contexts.push(context);
    return { page, email };
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('an admin gives a reader a role and takes it away, and both are in the audit log', {
    timeout: 240_000,
  }, async () => {
    const admin = await member('admin');
    await makeStaff(admin.email, 'admin');
    const reader = await member('helper');
    const page = admin.page;
    await page.goto(`${webUrl}/ops/staff`);
    await page.getByRole('heading', { level: 1, name: 'Staff roles' }).waitFor();
    // An admin's tabs open every console screen, the staff screen included.
    for (const tab of ['Reports', 'NG words', 'Audit log', 'Staff']) {
      await page.getByRole('link', { name: tab, exact: true }).waitFor();
    }
    const mine = page.getByTestId('ops-staff-member').filter({ hasText: admin.email });
    expect(await mine.getByTestId('ops-staff-role').textContent()).toContain('Admin');

    // Grant by keyboard: e-mail, role, reason, submit.
    const form = page.getByTestId('ops-staff-grant');
    await form.getByLabel('E-mail address').fill(reader.email);
    await form.getByRole('radio', { name: /^Support/ }).check();
    await form.getByLabel('Note (optional, kept in the audit log)').fill('Joins the help desk');
    await form.getByLabel('Note (optional, kept in the audit log)').press('Tab');
    await page.keyboard.press('Enter');
    await form.getByText('The role is given.').waitFor();
    await page.reload();
    const helper = page.getByTestId('ops-staff-member').filter({ hasText: reader.email });
    expect(await helper.getByTestId('ops-staff-role').textContent()).toContain('Support');

    const shots = process.env.E2E_SCREENSHOT_DIR;
    if (shots) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/ops-staff-en-${width}.png`, fullPage: true });
      }
    }

    // The new support member may open the console, but not the staff screen nor the report queue.
    expect((await reader.page.goto(`${webUrl}/ops/staff`))?.status()).toBe(404);

    await helper.getByText('Take “Support”').click();
    await helper.getByRole('button', { name: 'Take the role' }).click();
    // With no role left the account leaves the list (the page reloads its data after the action).
    await helper.waitFor({ state: 'detached' });
    await page.reload();
    expect(await page.getByTestId('ops-staff-member').filter({ hasText: reader.email }).count()).toBe(0);

    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.waitForURL(`${webUrl}/ops/audit`);
    const rows = page.getByTestId('ops-audit-row');
    expect(await rows.nth(0).textContent()).toContain('Took a staff role');
    expect(await rows.nth(1).textContent()).toContain('Gave a staff role');
    expect(await rows.nth(1).textContent()).toContain('Joins the help desk');
  });

  it('answers 404 on the staff screen to a moderator and a plain reader', { timeout: 240_000 }, async () => {
    const moderator = await member('moderator');
    await makeStaff(moderator.email, 'moderator');
    const reader = await member('reader');
    for (const { page } of [moderator, reader]) {
      const response = await page.goto(`${webUrl}/ops/staff`);
      expect(response?.status()).toBe(404);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await page.getByText('Page Not Found: /ops/staff').waitFor();
    }
    // The moderator's console has no Staff tab.
    await moderator.page.goto(`${webUrl}/ops`);
    await moderator.page.getByRole('heading', { level: 1, name: 'Report queue' }).waitFor();
    expect(await moderator.page.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);
  });
});
