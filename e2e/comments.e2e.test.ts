import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { openLastPage } from './reader.ts';
import { makeStaff } from './service-cli.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Comments and moderation end to end (ADR 013), on the real service in Chromium: a reader reads a
// free chapter and comments on it, another likes and reports the comment, an operator (made with
// `npm run operator -- add`) hides it from the console, and readers no longer see it while the
// console lists it as hidden. Also: an NG word's message next to the form, the login prompt for
// guests, and the 404 page of /ops for everyone who is not an operator.

const TITLE_PATH = '/title/10003';
const PASSWORD = 'Comment-pass-2026';

describe('comments and moderation (ADR 013)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** A free chapter of the demo title: its viewer path and id. */
  let chapter: { path: string; id: number };

  async function visitor(): Promise<Page> {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    contexts.push(context);
    return context.newPage();
  }

  /** A new reader, logged in through the dialog the /my pages open. */
  async function reader(prefix: string): Promise<{ page: Page; email: string }> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const page = await visitor();
    await page.goto(`${webUrl}/my/setting`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${webUrl}/my/setting`);
    return { page, email };
  }

  /** Opens the chapter in the viewer (which records that this reader read it) and its comments on the last page. */
  async function openChapterComments(page: Page): Promise<Locator> {
    const section = (await openLastPage(page, chapter.path)).getByTestId('episode-comments');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('heading', { name: /^Comments/ }).waitFor();
    await section.locator('[data-testid="comments-empty"], [data-testid="comment"]').first().waitFor();
    return section;
  }

  const commentWith = (section: Locator, text: string) =>
    section.getByTestId('comment').filter({ has: section.page().getByText(text, { exact: true }) });

  beforeAll(async () => {
    browser = await launchChromium();
    const page = await visitor();
    await page.goto(`${webUrl}${TITLE_PATH}`);
    const free = page.locator('[data-testid="episode-row"][data-access="free"]').first();
    const path = (await free.getAttribute('href')) ?? '';
    chapter = { path, id: Number(path.split('/').pop()) };
    expect(chapter.id).toBeGreaterThan(0);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a reader posts, another likes and reports, an operator hides it, and readers no longer see it', async () => {
    const text = `What a chapter! ${randomUUID().slice(0, 8)}`;

    // The author reads the chapter and comments at its end; the box counts as the server does.
    const author = await reader('author');
    const mine = await openChapterComments(author.page);
    const box = mine.getByRole('textbox', { name: 'Your comment' });
    await box.fill(`  ${text}  `);
    expect(await mine.getByTestId('comment-counter').textContent()).toContain(`${text.length} / 500`);
    await mine.getByRole('button', { name: 'Post', exact: true }).click();
    const posted = commentWith(mine, text);
    await posted.waitFor();
    expect(await posted.getByText('You', { exact: true }).count()).toBe(1);
    const authorName = (await posted.getByTestId('comment-author').textContent()) ?? '';
    expect(authorName).toMatch(/^Reader [0-9A-HJKMNP-TV-Z]{6}$/);
    expect(await box.inputValue()).toBe('');
    expect(await mine.getByTestId('comments-remaining').textContent()).toMatch(/^\d+ of 10 comments left this hour$/);

    // Another reader likes it (once, however often the page is reloaded) and reports it after confirming.
    const fan = await reader('fan');
    const theirs = await openChapterComments(fan.page);
    const seen = commentWith(theirs, text);
    expect(await seen.getByTestId('comment-author').textContent()).toBe(authorName);
    await seen.getByTestId('comment-like').click();
    await expect.poll(() => seen.getByTestId('comment-like').getAttribute('aria-pressed')).toBe('true');
    expect(await seen.getByTestId('comment-like-count').textContent()).toBe('1');
    await seen.getByTestId('comment-report').click();
    const confirm = seen.getByTestId('comment-report-confirm');
    await confirm.getByText(`Report this comment by ${authorName}?`).waitFor();
    await confirm.getByRole('button', { name: 'Report comment' }).click();
    await seen.getByTestId('comment-reported').waitFor();
    const reloaded = await openChapterComments(fan.page);
    expect(await commentWith(reloaded, text).getByTestId('comment-like-count').textContent()).toBe('1');

    // The author's /my page lists the comment and the like it received.
    await author.page.goto(`${webUrl}/my`);
    await author.page.getByTestId('my-comment').filter({ hasText: text }).waitFor();
    const like = author.page.getByTestId('my-like').filter({ hasText: text });
    expect(await like.textContent()).toContain('+1');

    // An operator, made on the command line, hides it from the report queue with a reason.
    const operator = await reader('operator');
    await makeStaff(operator.email, 'moderator');
    await operator.page.goto(`${webUrl}/ops`);
    await operator.page.getByRole('heading', { level: 1, name: 'Report queue' }).waitFor();
    expect(await operator.page.getByTestId('ops-operator').textContent()).toBe(`Acting as ${operator.email}`);
    const report = operator.page.getByTestId('ops-report').filter({ hasText: text });
    expect(await report.getByRole('heading', { name: '1 reader reported this' }).count()).toBe(1);
    expect(await report.getByTestId('ops-report-author').textContent()).toBe(authorName);
    expect(await report.getByTestId('ops-report-episode').getAttribute('href')).toBe(chapter.path);
    await report.getByTestId('ops-hide').locator('summary').click();
    const hide = report.getByTestId('ops-form-hide');
    await hide.getByLabel('Reason (required, kept in the audit log)').fill('Spoils a later chapter.');
    await hide.getByRole('button', { name: 'Hide comment' }).click();
    await operator.page.getByTestId('ops-announcement').getByText('The comment is hidden.').waitFor();
    await expect.poll(() => report.count()).toBe(0);

    // Readers no longer see it; the console lists it as hidden, and the audit log says who, what and why.
    const after = await openChapterComments(fan.page);
    expect(await commentWith(after, text).count()).toBe(0);
    const guest = await visitor();
    const asGuest = await openChapterComments(guest);
    expect(await commentWith(asGuest, text).count()).toBe(0);
    await operator.page.getByRole('link', { name: 'Hidden', exact: true }).click();
    await operator.page.waitForURL(`${webUrl}/ops?status=hidden`);
    const hidden = operator.page.getByTestId('ops-report').filter({ hasText: text });
    expect(await hidden.getByTestId('ops-status').textContent()).toBe('Hidden');
    await operator.page.getByRole('link', { name: 'Audit log' }).click();
    await operator.page.waitForURL(`${webUrl}/ops/audit`);
    const entry = operator.page.getByTestId('ops-audit-row').first();
    expect(await entry.textContent()).toContain('Hid a comment');
    expect(await entry.textContent()).toContain('Spoils a later chapter.');
    expect(await entry.textContent()).toContain(operator.email);
    // Three readers, an operator made on the command line and a dozen pages: 38 s on a quiet machine,
    // over a minute late in a CI run.
  }, 180_000);

  it('shows the NG word message next to the form, in words with the code in small print', async () => {
    const { page } = await reader('ngword');
    const section = await openChapterComments(page);
    await section.getByRole('textbox', { name: 'Your comment' }).fill('This is ＦＵＣＫｉｎｇ great');
    await section.getByRole('button', { name: 'Post', exact: true }).click();
    const error = section.getByTestId('comment-form-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('6100');
    expect(await error.textContent()).toBe('offensive or discriminatory content detected. Error code 6100');
    expect(await section.getByRole('alert').filter({ hasText: '6100' }).count()).toBe(1);
  });

  it('asks guests to log in, and brings them back to the comments afterwards', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    const page = await visitor();
    const section = await openChapterComments(page);
    const prompt = section.getByTestId('comments-login-prompt');
    await prompt.getByText('Join the conversation').waitFor();
    expect(await section.getByRole('textbox').count()).toBe(0);
    expect(await section.getByTestId('comment-like').count()).toBe(0);
    await prompt.getByRole('link', { name: 'Log in' }).click();
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${webUrl}${chapter.path}#comments-${chapter.id}`);
    const back = page.getByTestId('episode-comments');
    await back.getByRole('textbox', { name: 'Your comment' }).waitFor();
  });

  it('opens the reader at the comments for a link to them, paged and vertical', async () => {
    const page = await visitor();
    for (const isVertical of [false, true]) {
      await page.goto(`${webUrl}/`);
      await page.evaluate(
        (vertical) => localStorage.setItem('viewerSettings', JSON.stringify({ isVertical: vertical })),
        isVertical,
      );
      await page.goto(`${webUrl}${chapter.path}#comments-${chapter.id}`);
      await expect
        .poll(() => page.getByTestId('reader').getAttribute('data-mode'))
        .toBe(isVertical ? 'vertical' : 'paged');
      const heading = page.getByTestId('episode-comments').getByRole('heading', { name: /^Comments/ });
      await heading.waitFor();
      const viewport = page.viewportSize()?.height ?? 0;
      await expect
        .poll(async () => {
          const box = await heading.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= viewport;
        })
        .toBe(true);
    }
  });

  it('opens an episode’s comments under its row on the title page', async () => {
    const page = await visitor();
    await page.goto(`${webUrl}${TITLE_PATH}`);
    const row = page.locator(`#episode-${chapter.id}`);
    await row.getByTestId('episode-comments-toggle').click();
    await page.waitForURL(`${webUrl}${TITLE_PATH}?comments=${chapter.id}#episode-${chapter.id}`);
    const section = row.getByTestId('episode-comments');
    await section.getByTestId('comments-login-prompt').waitFor();
    expect(await row.getByTestId('episode-comments-toggle').getAttribute('aria-expanded')).toBe('true');
    // "Read the comments" in the side column opens a chapter's comments too.
    await page.getByRole('link', { name: 'Read the comments' }).click();
    await page.waitForURL(/\?comments=\d+#episode-\d+$/);
    await page.getByTestId('episode-comments').waitFor();
  });

  it('reads and posts without JavaScript: the form posts and comes back with the comment or the refusal', async () => {
    const email = `plain-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    // The chapter is read with scripts (the reader draws on a canvas); the title page works without.
    const reading = await visitor();
    await reading.goto(`${webUrl}/my/setting`);
    await logIn(reading, email, PASSWORD);
    await reading.waitForURL(`${webUrl}/my/setting`);
    await reading.goto(`${webUrl}${chapter.path}`);
    const plain = await newVisitor(browser, { country: 'US', javaScriptEnabled: false });
    contexts.push(plain);
    await plain.addCookies(await reading.context().cookies(webUrl));
    const page = await plain.newPage();
    await page.goto(`${webUrl}${TITLE_PATH}?comments=${chapter.id}`);
    const section = page.getByTestId('episode-comments');
    const text = `Plain HTML works ${randomUUID().slice(0, 8)}`;
    await section.getByRole('textbox', { name: 'Your comment' }).fill(text);
    await section.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(`${webUrl}${TITLE_PATH}?comments=${chapter.id}#comments-${chapter.id}`);
    await commentWith(page.getByTestId('episode-comments'), text).waitFor();

    await page.getByTestId('episode-comments').getByRole('textbox', { name: 'Your comment' }).fill('ｆｕｃｋ this');
    await page.getByTestId('episode-comments').getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(/comment_error=6100&comment_episode=\d+#comments-\d+$/);
    const error = page.getByTestId('comment-form-error');
    expect(await error.textContent()).toBe('offensive or discriminatory content detected. Error code 6100');
  });

  it('answers 404 on /ops to guests and readers who are not operators, and never caches it', async () => {
    const { page } = await reader('not-operator');
    for (const path of ['/ops', '/ops/ngwords', '/ops/audit?page=2']) {
      const response = await page.goto(`${webUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await page.getByText(`Page Not Found: ${path}`).waitFor();
      expect(await page.getByTestId('ops-operator').count()).toBe(0);
    }
    const guest = await visitor();
    const response = await guest.goto(`${webUrl}/ops`);
    expect(response?.status()).toBe(404);
    await guest.getByText('Page Not Found: /ops').waitFor();
  });
});
