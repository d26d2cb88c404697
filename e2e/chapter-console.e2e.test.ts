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
import { apiUrl, webUrl } from './e2e-env.ts';
import { drawnPageOnScreen, FIRST_DRAW_TIMEOUT_MS } from './reader.ts';
import { grantPoints, makeStaff } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// The console's chapters end to end (issue 26, ADR 061), on the real service in Chromium: an editor
// uploads a five-page .cbz (built here with fflate from pages drawn by sharp) with the upload's
// progress on screen, sets 30 points and a release a few seconds ahead in Japan time; a reader does not
// see the chapter before that time, then buys and reads it; the audit log lists the steps. Screens at
// 390 and 1280 px in English and Japanese go to $E2E_SCREENSHOT_DIR when it is set. Before the release
// the editor previews the chapter in the real reader and reads who could open it (ADR 073); after the
// sale, the figures screen counts it (ADR 072).

const PASSWORD = 'Editor-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;
const WIRE_ZONE = 'Asia/Tokyo';
/** How far ahead the release is set: long enough to save the form and look before it. */
const RELEASE_AHEAD_MS = 60_000;

/** `at` as a datetime-local value (with seconds) in Japan time. */
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

/** A .cbz of `count` pages, uncompressed PNGs large enough for the upload to take a moment. */
async function cbz(count: number, size = { width: 720, height: 1024 }): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (let index = 1; index <= count; index++) {
    files[`page-${String(index).padStart(2, '0')}.png`] = await sharp({
      create: { ...size, channels: 3, background: { r: 40 * index, g: 80, b: 160 } },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg width="${size.width}" height="${size.height}"><text x="80" y="300" font-size="200" fill="#fff">${index}</text></svg>`,
          ),
        },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  return Buffer.from(zipSync(files, { level: 0 }));
}

describe('chapters in the console (issue 26)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function reader(prefix: string, width = 1280): Promise<{ page: Page; email: string }> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${webUrl}/my/setting`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${webUrl}/my/setting`);
    return { page, email };
  }

  /** Today's purchases as the figures screen's table says (as figures.e2e.test.ts reads it). */
  async function purchasesToday(page: Page): Promise<number> {
    const table = page.getByTestId('figures-chart-chapters').locator('tbody tr').last();
    return Number((await table.locator('td').first().textContent())?.replace(/\D/g, ''));
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

  /** Uploads a .cbz through the console; true when the upload's progress bar was on screen. */
  async function uploadChapter(page: Page, file: Buffer, nameEn: string): Promise<boolean> {
    await page.getByTestId('chapter-name-en').fill(nameEn);
    await page.getByTestId('chapter-name-ja').fill(`${nameEn}（日本語）`);
    // From a file on disk: the browser reads it itself (a buffer would cross the protocol in base64).
    const path = join(tmpdir(), `chapter-${randomUUID()}.cbz`);
    writeFileSync(path, file);
    await page.getByTestId('chapter-file').setInputFiles(path);
    // Watch for the bar from before the click: on loopback the upload may be over in a moment.
    await page.evaluate(() => {
      const w = window as unknown as { sawUploadBar: boolean };
      w.sawUploadBar = false;
      const seen = () => {
        if (document.querySelector('[data-testid="chapter-upload-progress"] [role="progressbar"]'))
          w.sawUploadBar = true;
      };
      new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('chapter-upload-submit').click();
    await page.getByTestId('chapter-upload-done').waitFor({ timeout: 60_000 });
    return page.evaluate(() => (window as unknown as { sawUploadBar: boolean }).sawUploadBar);
  }

  async function setAccess(page: Page, row: number, access: { point: number; release: number }) {
    const chapter = page.getByTestId('chapter-row').nth(row);
    await chapter.locator('summary').first().click();
    await chapter.getByTestId('chapter-point').fill(String(access.point));
    await chapter.getByTestId('chapter-start').fill(japanInput(access.release));
    await chapter.getByTestId('chapter-single-sale').check();
    await chapter.getByTestId('chapter-access-save').click();
    await chapter.getByTestId('chapter-access-done').waitFor();
  }

  it('an editor uploads a .cbz with progress and schedules it at 30 points; a reader buys and reads it at its time', {
    timeout: 420_000,
  }, async () => {
    const editor = await reader('chapter-editor');
    await makeStaff(editor.email, 'editor');
    const { page } = editor;
    const name = `Night Ferry ${randomUUID().slice(0, 6)}`;

    await page.goto(`${webUrl}/ops/catalogue/new`);
    await page.getByLabel('Name (English)').fill(name);
    await page.getByLabel('Name (Japanese)').fill('夜の船');
    await page.getByTestId('editorial-save').click();
    await page.waitForURL(/\/ops\/catalogue\/\d+$/);
    const titleId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('editorial-publish-toggle').click();
    await page.getByText('Published.', { exact: true }).waitFor();

    // Chapter 1 is free by the title's free-first rule; chapter 2 is the one sold for 30 points.
    await uploadChapter(page, await cbz(2, { width: 320, height: 448 }), 'Departure');
    await page.getByTestId('chapter-row').nth(0).waitFor();
    const sawBar = await uploadChapter(page, await cbz(5), 'The Crossing');
    expect(sawBar).toBe(true);
    await page.getByTestId('chapter-row').nth(1).waitFor();
    const episodeId = Number(await page.getByTestId('chapter-row').nth(1).getAttribute('data-episode-id'));
    expect(await page.getByTestId('chapter-row').nth(1).textContent()).toContain('5 pages');
    await shot(page, 'chapters-uploaded-en-1280');

    // The buyer is made first: on a busy machine that takes a while, and the release must still be ahead.
    const buyer = await reader('chapter-buyer');
    await grantPoints(buyer.email, 30);
    const release = Date.now() + RELEASE_AHEAD_MS;
    await setAccess(page, 0, { point: 0, release });
    await setAccess(page, 1, { point: 30, release });
    await page.reload();
    const row = page.getByTestId('chapter-row').nth(1);
    expect(await row.textContent()).toContain('Scheduled');
    expect(await row.textContent()).toContain('30 pt');
    await row.locator('summary').first().click();
    // The release in Japan time, with the editor's own time beside it (the browser's zone, UTC here).
    await row.getByText('(Asia/Tokyo)').first().waitFor();
    await shot(page, 'chapters-scheduled-en-1280');

    // A reader before the time: the chapter is not listed, and its page answers as not found.
    const listed = async () =>
      (
        await fetch(`${apiUrl}/episode/list`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `episode_id_list=${episodeId}`,
        }).then((res) => res.json())
      ).episode_list ?? [];
    expect(Date.now()).toBeLessThan(release);
    expect(await listed()).toEqual([]);
    const viewerPath = `/title/${titleId}/episode/${episodeId}`;
    expect((await buyer.page.goto(`${webUrl}${viewerPath}`))?.status()).toBe(404);

    // The editor previews it in the real reader before its time (ADR 073): a page is drawn, the
    // notice says readers cannot see it yet, and a guest would wait for it; a reader gets the 404 page.
    const previewPath = `/ops/catalogue/${titleId}/episode/${episodeId}/preview`;
    await page.goto(`${webUrl}/ops/catalogue/${titleId}`);
    await page.getByTestId('chapter-row').nth(1).getByTestId('chapter-preview').click();
    await page.waitForURL(`${webUrl}${previewPath}`);
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    expect(Date.now()).toBeLessThan(release);
    expect(await page.getByTestId('preview-notice').getAttribute('data-released')).toBe('false');
    expect(await page.getByTestId('preview-status').textContent()).toContain('not yet visible to readers');
    await page.getByTestId('preview-access-toggle').click();
    const accessRow = (who: string) => page.locator(`[data-testid="access-preview-row"][data-reader="${who}"]`);
    expect(await accessRow('guest').getAttribute('data-state')).toBe('not_released');
    expect(await accessRow('guest').textContent()).toContain('Waits for the release');
    await shot(page, 'preview-scheduled-en-1280');
    expect((await buyer.page.goto(`${webUrl}${previewPath}`))?.status()).toBe(404);
    await page.getByTestId('preview-back').click();
    await page.waitForURL(`${webUrl}/ops/catalogue/${titleId}`);
    // The figures before the sale (editors see them too, ADR 072).
    await page.goto(`${webUrl}/ops/figures`);
    const purchasesBefore = await purchasesToday(page);

    // At its time, with nobody touching the server: listed, locked at 30 points; bought and read.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, release - Date.now()) + 1_000));
    expect((await listed())[0]).toMatchObject({ episode_id: episodeId, point: 30 });
    await buyer.page.goto(`${webUrl}${viewerPath}`);
    await buyer.page.getByTestId('locked-buy').click();
    await drawnPageOnScreen(buyer.page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    expect(await buyer.page.locator('[data-testid="reader-page"]').count()).toBeGreaterThanOrEqual(1);

    // Released now: the preview says so, and a guest would need its 30 points.
    await page.goto(`${webUrl}${previewPath}`);
    await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
    expect(await page.getByTestId('preview-notice').getAttribute('data-released')).toBe('true');
    await page.getByTestId('preview-access-toggle').click();
    expect(await accessRow('guest').getAttribute('data-state')).toBe('points');
    expect(await accessRow('guest').textContent()).toContain('30 points');
    await shot(page, 'preview-released-en-1280');

    // The sale shows on the figures screen: one more purchase today, and the title among the titles.
    await page.goto(`${webUrl}/ops/figures`);
    expect(await purchasesToday(page)).toBe(purchasesBefore + 1);
    const figuresRow = page.getByTestId('figures-title').filter({ hasText: name });
    expect(Number(await figuresRow.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);

    // The audit log (read by an admin, ADR 042): both uploads and both schedule changes.
    const admin = await reader('chapter-admin');
    await makeStaff(admin.email, 'admin');
    const audit = await (await admin.page.request.get(`${webUrl}/api/ops/audit/list?limit=100`)).json();
    const steps = audit.audit_log_list
      .filter(
        (entry: { target_type: string; target_id: number }) =>
          entry.target_type === 'episode' && entry.target_id === episodeId,
      )
      .map((entry: { action: string; detail: string }) => [entry.action, JSON.parse(entry.detail)]);
    expect(steps.map(([action]: [string]) => action)).toEqual(['episode.update', 'episode.upload']);
    expect(steps[0][1]).toMatchObject({ before: { point: 0, start_time: null }, after: { point: 30 } });
    await admin.page.goto(`${webUrl}/ops/audit`);
    // The audit screen draws a table on wide screens and cards on phones: the one shown.
    await admin.page.getByText('Uploaded a chapter').filter({ visible: true }).first().waitFor();

    // Japanese and the phone width.
    await page.goto(`${webUrl}/ops/catalogue/${titleId}?lang=ja`);
    await shot(page, 'chapters-ja-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('chapter-row').nth(1).locator('summary').first().click();
    await shot(page, 'chapters-ja-390');
    await page.goto(`${webUrl}/ops/catalogue/${titleId}?lang=en`);
    await page.getByTestId('chapter-row').nth(1).locator('summary').first().click();
    await shot(page, 'chapters-en-390');
    // The preview with who can read it, at both widths and in both languages.
    for (const [lang, width] of [
      ['en', 390],
      ['ja', 390],
      ['ja', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${webUrl}${previewPath}?lang=${lang}`);
      await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
      await page.getByTestId('preview-access-toggle').click();
      await shot(page, `preview-${lang}-${width}`);
    }
  });

  it('answers the 404 page on a title console to a moderator', { timeout: 120_000 }, async () => {
    const moderator = await reader('chapter-moderator');
    await makeStaff(moderator.email, 'moderator');
    expect((await moderator.page.goto(`${webUrl}/ops/catalogue/10001`))?.status()).toBe(404);
  });
});
