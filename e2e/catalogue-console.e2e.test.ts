import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { makeStaff } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// The catalogue console end to end (issue 26, ADR 046), on the real service in Chromium: an editor
// (today an operator, made with `npm run operator -- add`) creates a title, frames and uploads its cover
// with the upload's progress on screen, publishes it, and readers see it; a plain reader and a guest get
// the 404 page on the console; every step is in the audit log. Screens at 390 and 1280 px in English and
// Japanese go to $E2E_SCREENSHOT_DIR when it is set.

const PASSWORD = 'Editor-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;

describe('the catalogue console (issue 26)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(width = 1280): Promise<Page> {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    return page;
  }

  async function reader(prefix: string, width = 1280): Promise<{ page: Page; email: string }> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const page = await visitor(width);
    await page.goto(`${webUrl}/my/setting`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${webUrl}/my/setting`);
    return { page, email };
  }

  async function shot(page: Page, name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('an editor creates a title, uploads framed art with its progress, publishes it; readers see it; all audited', {
    timeout: 180_000,
  }, async () => {
    const editor = await reader('editor');
    await makeStaff(editor.email, 'editor');
    const { page } = editor;
    const name = `Lighthouse ${randomUUID().slice(0, 6)}`;

    await page.goto(`${webUrl}/ops/catalogue`);
    await page.getByRole('heading', { level: 1, name: 'Titles' }).waitFor();
    // The console's tabs are named for the whole console, not one of its parts.
    await page.getByRole('navigation', { name: 'Operations console' }).getByRole('link').first().waitFor();
    await shot(page, 'catalogue-list-en-1280');
    await page.getByTestId('editorial-new-title').click();
    await page.getByRole('heading', { level: 1, name: 'New title' }).waitFor();

    // The form by keyboard: labels reach every field.
    await page.getByLabel('Name (English)').fill(name);
    await page.getByLabel('Name (Japanese)').fill('灯台');
    await page.getByLabel('Author (English)').fill('Aki Mori');
    await page.getByLabel('Description (English)').fill('A keeper and a ghost share a lighthouse.');
    await page.getByLabel('Tags').fill('sea, ghost');
    await page.getByLabel('Serialisation day').selectOption({ label: 'Monday' });
    await page.getByLabel('Name (English)').focus();
    await page.getByTestId('editorial-save').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ops\/catalogue\/\d+$/);
    const titleId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByTestId('editorial-publish').textContent()).toContain('Not published');

    // Readers do not see an unpublished title.
    const hidden = await fetch(`${apiUrl}/title/list?title_id_list=${titleId}`).then((res) => res.json());
    expect(hidden.title_list).toEqual([]);

    // Cover art: a large image (so the upload takes a moment), framed, uploaded with progress shown.
    const art = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="2400" height="1800"><circle cx="1600" cy="700" r="500" fill="#f5c542"/></svg>',
          ),
        },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer();
    await page
      .getByTestId('editorial-art-file')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: art });
    await page.getByLabel('Zoom').fill('1.5');
    await page.getByLabel('Left – right').fill('0.65');
    await shot(page, 'catalogue-title-art-en-1280');
    const progress = page.getByTestId('editorial-art-progress');
    await page.getByTestId('editorial-art-upload').click();
    await progress.getByRole('progressbar', { name: 'Uploading' }).waitFor();
    await page.getByText('Art saved at every size.').waitFor();
    const thumbnail = await page.getByTestId('editorial-art').locator('img').first().getAttribute('src');
    expect(thumbnail).toMatch(/\/images\/titles\/\d+\/thumbnail-[0-9a-f]{8}\.webp$/);

    // Publish: readers see it on the very next request.
    await page.getByTestId('editorial-publish-toggle').click();
    await page.getByText('Published.', { exact: true }).waitFor();
    const shown = await fetch(`${apiUrl}/title/list?title_id_list=${titleId}`).then((res) => res.json());
    expect(shown.title_list[0]).toMatchObject({ title_id: titleId });
    await shot(page, 'catalogue-title-en-1280');

    // The list finds it by name and by tag.
    await page.goto(`${webUrl}/ops/catalogue?q=${encodeURIComponent('ghost')}`);
    await page.getByTestId('editorial-title-list').getByText(name).waitFor();

    // The audit log has every step, read by an admin (editors do not read the audit log, ADR 042).
    const admin = await reader('admin');
    await makeStaff(admin.email, 'admin');
    const audit = await (await admin.page.request.get(`${webUrl}/api/ops/audit/list?limit=50`)).json();
    const steps = audit.audit_log_list
      .filter(
        (row: { target_type: string; target_id: number }) => row.target_type === 'title' && row.target_id === titleId,
      )
      .map((row: { action: string }) => row.action);
    expect(steps).toEqual(['title.publish', 'title.art', 'title.create']);

    // Japanese and the phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${webUrl}/ops/catalogue/${titleId}`);
    await shot(page, 'catalogue-title-en-390');
    await page.goto(`${webUrl}/ops/catalogue`);
    await shot(page, 'catalogue-list-en-390');
  });

  it('answers the 404 page on the console to a plain reader and to a guest', async () => {
    const plain = await reader('plain');
    for (const path of ['/ops/catalogue', '/ops/catalogue/new', '/ops/catalogue/10001']) {
      const res = await plain.page.goto(`${webUrl}${path}`);
      expect(res?.status(), path).toBe(404);
      const guest = await visitor();
      expect((await guest.goto(`${webUrl}${path}`))?.status(), path).toBe(404);
    }
  });
});
