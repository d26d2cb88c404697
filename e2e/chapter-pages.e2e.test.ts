import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { makeStaff } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// A chapter's pages in the console end to end (issue 26, ADR 061 addendum), on the real service in
// Chromium: an editor uploads three pages of different heights, moves page 2 up with the keyboard,
// saves the order, replaces the last page with a taller image, and then reads the chapter in the real
// viewer, whose pages come in the new order (told apart by their shapes). Screens of the pages editor
// at 390 and 1280 px in English and Japanese go to $E2E_SCREENSHOT_DIR when it is set.

const PASSWORD = 'Editor-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;
const WIRE_ZONE = 'Asia/Tokyo';
const RELEASE_AHEAD_MS = 25_000;
const WIDTH = 320;

function japanInput(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: WIRE_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

const pageImage = (height: number, shade: number) =>
  sharp({ create: { width: WIDTH, height, channels: 3, background: { r: shade, g: 80, b: 160 } } })
    .png()
    .toBuffer();

describe('a chapter’s pages in the console (issue 26)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function signedIn(prefix: string): Promise<{ page: Page; email: string }> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${webUrl}/my/setting`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${webUrl}/my/setting`);
    return { page, email };
  }

  async function shot(page: Page, name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.getByTestId('chapter-pages').screenshot({ path: `${shots}/${name}.png` });
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function openPagesEditor(page: Page) {
    const row = page.getByTestId('chapter-row').first();
    await row.locator('summary').first().click();
    await row.getByTestId('chapter-pages-toggle').locator('summary').click();
    await row.getByTestId('chapter-page-preview').nth(2).waitFor({ timeout: 30_000 });
    return row;
  }

  it('an editor reorders two pages and replaces one; the viewer shows the new order', {
    timeout: 300_000,
  }, async () => {
    const editor = await signedIn('pages-editor');
    await makeStaff(editor.email, 'editor');
    const { page } = editor;

    await page.goto(`${webUrl}/ops/catalogue/new`);
    await page.getByLabel('Name (English)').fill(`Paper Lanterns ${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Name (Japanese)').fill('紙の灯籠');
    await page.getByTestId('editorial-save').click();
    await page.waitForURL(/\/ops\/catalogue\/\d+$/);
    const titleId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('editorial-publish-toggle').click();
    await page.getByText('Published.', { exact: true }).waitFor();

    // Three pages told apart by their heights: 448, 576 and 704 px.
    const cbz = Buffer.from(
      zipSync(
        {
          'p1.png': await pageImage(448, 60),
          'p2.png': await pageImage(576, 140),
          'p3.png': await pageImage(704, 220),
        },
        { level: 0 },
      ),
    );
    const cbzPath = join(tmpdir(), `pages-${randomUUID()}.cbz`);
    writeFileSync(cbzPath, cbz);
    await page.getByTestId('chapter-name-en').fill('Lanterns');
    await page.getByTestId('chapter-name-ja').fill('灯籠');
    await page.getByTestId('chapter-file').setInputFiles(cbzPath);
    await page.getByTestId('chapter-upload-submit').click();
    await page.getByTestId('chapter-upload-done').waitFor({ timeout: 60_000 });
    const row = page.getByTestId('chapter-row').first();
    await row.waitFor();
    const episodeId = Number(await row.getAttribute('data-episode-id'));

    // Released shortly (chapter 1 is free by the title's free-first rule).
    const release = Date.now() + RELEASE_AHEAD_MS;
    await row.locator('summary').first().click();
    await row.getByTestId('chapter-start').fill(japanInput(release));
    await row.getByTestId('chapter-access-save').click();
    await row.getByTestId('chapter-access-done').waitFor();
    await page.reload();

    const editorRow = await openPagesEditor(page);
    const items = editorRow.getByTestId('chapter-page');
    expect(await items.count()).toBe(3);
    const idsBefore = await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-page-id')));

    // Page 2 up, with the keyboard; the moved page keeps the focus.
    await items.nth(1).getByTestId('chapter-page-up').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-page-id'))))
      .toEqual([idsBefore[1], idsBefore[0], idsBefore[2]]);
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('[data-page-id]')?.getAttribute('data-page-id'),
    );
    expect(focused).toBe(idsBefore[1]);
    await editorRow.getByTestId('chapter-pages-save').click();
    await editorRow.getByText('Order saved.').waitFor();

    // The last page replaced by a taller one (832 px).
    const replacement = join(tmpdir(), `page-${randomUUID()}.png`);
    writeFileSync(replacement, await pageImage(832, 250));
    await items.nth(2).getByTestId('chapter-page-replace').setInputFiles(replacement);
    await editorRow.getByText('Page 3 replaced.').waitFor({ timeout: 30_000 });
    // A file that is not an image is refused in the row, naming it.
    const textFile = join(tmpdir(), `notes-${randomUUID()}.txt`);
    writeFileSync(textFile, 'hello');
    await items.nth(0).getByTestId('chapter-page-replace').setInputFiles(textFile);
    await editorRow.getByTestId('chapter-pages-error').waitFor();
    expect(await editorRow.getByTestId('chapter-pages-error').textContent()).toContain('notes-');

    await page.reload();
    await openPagesEditor(page);
    await shot(page, 'chapter-pages-en-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'chapter-pages-en-390');
    await page.goto(`${webUrl}/ops/catalogue/${titleId}?lang=ja`);
    await openPagesEditor(page);
    await shot(page, 'chapter-pages-ja-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'chapter-pages-ja-1280');

    // The real viewer, once the chapter is out: pages in the new order, the third one the replacement.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, release - Date.now()) + 1_000));
    const readerSide = await signedIn('pages-reader');
    await readerSide.page.goto(`${webUrl}/title/${titleId}/episode/${episodeId}?lang=en`);
    const ratios: number[] = [];
    for (const number of [1, 2, 3]) {
      const drawn = readerSide.page.locator(`[data-testid="reader-page"][data-page="${number}"][data-state="drawn"]`);
      // A paged viewer keeps the pages beside the one shown drawn but hidden.
      await drawn.waitFor({ state: 'attached', timeout: 30_000 });
      ratios.push(await drawn.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.height / canvas.width));
    }
    expect(ratios.map((ratio) => Math.round(ratio * 10) / 10)).toEqual([1.8, 1.4, 2.6]);
  });
});
