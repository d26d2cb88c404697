import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, newMemberPage } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { apiUrl, webUrl } from './e2e-env.ts';
import { openLastPage } from './reader.ts';
import { uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Readers' nicknames end to end (issue 24 item 10, ADR 066), on the real service in Chromium: a reader
// sets a nickname in /my/setting (the field says what is wrong before sending: too short, posing as
// staff), sees when it may change next, and their comment shows it in place of "Reader 7K2QX9";
// another reader of the region is told the name is taken, inline. With E2E_SCREENSHOT_DIR set, the
// settings screen and the comment are saved at 390 and 1280 px in English and Japanese.

const TITLE_PATH = '/title/10003';
const PASSWORD = 'Nickname-pass-2026';
const shots = process.env.E2E_SCREENSHOT_DIR;

describe('nicknames (ADR 066)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let chapterPath = '';

  async function reader(prefix: string): Promise<Page> {
    const { context, page } = await newMemberPage(browser, prefix, PASSWORD);
    contexts.push(context);
    await page.getByTestId('nickname-settings').waitFor();
    return page;
  }

  /** Saves `name` in the nickname field and waits for the answer (the saved note or an error). */
  async function submit(page: Page, name: string): Promise<void> {
    const section = page.getByTestId('nickname-settings');
    await section.getByTestId('nickname-input').fill(name);
    await section.getByTestId('nickname-save').click();
    await section.locator('[data-testid="nickname-done"], [data-testid="nickname-error"]').first().waitFor();
  }

  /** Screenshots of what `open` shows (a part, or the whole page) in English and Japanese at 390 and 1280 px. */
  async function screenshots(page: Page, name: string, open: (lang: 'en' | 'ja') => Promise<Locator | undefined>) {
    if (!shots) return;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      for (const lang of ['en', 'ja'] as const) {
        const target = await open(lang);
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        const path = `${shots}/${name}-${lang}-${width}.png`;
        await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${webUrl}/my/setting?lang=en`);
  }

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}${TITLE_PATH}`);
    const free = page.locator('[data-testid="episode-row"][data-access="free"]').first();
    chapterPath = (await free.getAttribute('href')) ?? '';
    expect(chapterPath).not.toBe('');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a reader sets a nickname, sees when it may change, and their comment shows it; another reader is told it is taken', async () => {
    const name = `Mika ${randomUUID().slice(0, 6)}`;
    const mika = await reader('mika');
    const section = mika.getByTestId('nickname-settings');
    expect(await section.getByTestId('nickname-current').textContent()).toBe(
      'Not set: your comments show your reader code',
    );

    // The field says what is wrong before anything is sent.
    await submit(mika, 'M');
    expect(await section.getByTestId('nickname-error').textContent()).toBe('A nickname needs at least 2 characters.');
    expect(await section.getByLabel('New nickname').getAttribute('aria-invalid')).toBe('true');
    expect(await section.getByRole('alert').textContent()).toBe('A nickname needs at least 2 characters.');
    await submit(mika, 'Moderator');
    expect(await section.getByTestId('nickname-error').textContent()).toContain('looks like a staff name');

    // Saved: shown as the current name, with the date from which it may change again.
    await submit(mika, `  ${name} `);
    expect(await section.getByTestId('nickname-done').textContent()).toBe('Nickname saved. Your comments show it now.');
    expect(await section.getByTestId('nickname-current').textContent()).toBe(name);
    expect(await section.getByTestId('nickname-next-change').textContent()).toMatch(
      /^You can change it again from .*\d{4}/,
    );
    expect(await section.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await mika.reload();
    expect(await mika.getByTestId('nickname-current').textContent()).toBe(name);
    await screenshots(mika, 'nickname-settings', async (lang) => {
      await mika.goto(`${webUrl}/my/setting?lang=${lang}`);
      await mika.getByTestId('nickname-current').waitFor();
      return undefined;
    });

    // Another reader of the region cannot take it, in any case.
    const other = await reader('other');
    await submit(other, name.toUpperCase());
    expect(await other.getByTestId('nickname-error').textContent()).toBe(
      'Another reader already uses this nickname. Please choose another.',
    );
    await screenshots(other, 'nickname-taken', async (lang) => {
      await other.goto(`${webUrl}/my/setting?lang=${lang}`);
      await submit(other, name.toUpperCase());
      return undefined;
    });

    // Mika's comment carries the nickname, for her and for everyone else.
    const text = `Lovely chapter ${randomUUID().slice(0, 8)}`;
    const comments = async (page: Page, lang = 'en') => {
      const section = (await openLastPage(page, `${chapterPath}?lang=${lang}`)).getByTestId('episode-comments');
      await section.scrollIntoViewIfNeeded();
      await section.locator('[data-testid="comments-empty"], [data-testid="comment"]').first().waitFor();
      return section;
    };
    const mine = await comments(mika);
    await mine.getByRole('textbox', { name: 'Your comment' }).fill(text);
    await mine.getByRole('button', { name: 'Post', exact: true }).click();
    const posted = mine.getByTestId('comment').filter({ hasText: text });
    await posted.waitFor();
    expect(await posted.getByTestId('comment-author').textContent()).toBe(name);
    const seen = (await comments(other)).getByTestId('comment').filter({ hasText: text });
    await seen.waitFor();
    expect(await seen.getByTestId('comment-author').textContent()).toBe(name);
    await screenshots(other, 'nickname-comment', async (lang) => {
      const section = await comments(other, lang);
      const comment = section.getByTestId('comment').filter({ hasText: text });
      await comment.waitFor();
      await comment.scrollIntoViewIfNeeded();
      return comment;
    });
  }, 240_000);

  // Issue 24 item 10 on a touch phone, in Japanese: a JP reader sets a nickname by touch and their
  // comment shows it.
  it('a JP reader on a touch phone sets a nickname in Japanese, and their comment shows it', async () => {
    const ja = (key: string, values?: Record<string, string | number>) => uiText('ja', key, values);
    const email = `mika-ja-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const context = await newVisitor(browser, { device: 'phone', locale: 'ja-JP', country: 'JP' });
    contexts.push(context);
    const login = await context.request.post(`${apiUrl}/web/user/login`, { form: { email, password: PASSWORD } });
    expect(await login.json()).toMatchObject({ response_code: 0 });
    const page = await context.newPage();
    await page.goto(`${webUrl}/my/setting`);
    const section = page.getByTestId('nickname-settings');
    await section.waitFor();
    expect(await section.getByTestId('nickname-current').textContent()).toBe(ja('nickname.none'));
    const name = `ミカ${randomUUID().slice(0, 6)}`;
    await section.getByLabel(ja('nickname.label')).fill(name);
    await section.getByRole('button', { name: ja('nickname.save') }).tap();
    await section.getByTestId('nickname-done').waitFor();
    expect(await section.getByTestId('nickname-done').textContent()).toBe(ja('nickname.saved'));
    expect(await section.getByTestId('nickname-current').textContent()).toBe(name);

    const comments = (await openLastPage(page, chapterPath)).getByTestId('episode-comments');
    await comments.scrollIntoViewIfNeeded();
    const text = `良い話でした ${randomUUID().slice(0, 8)}`;
    await comments.getByRole('textbox', { name: ja('comments.post.label') }).fill(text);
    await comments.getByRole('button', { name: ja('comments.post.submit'), exact: true }).tap();
    const posted = comments.getByTestId('comment').filter({ hasText: text });
    await posted.waitFor();
    expect(await posted.getByTestId('comment-author').textContent()).toBe(name);
  }, 120_000);
});
