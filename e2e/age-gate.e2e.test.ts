import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { apiUrl, cookiePrefix, webUrl } from './e2e-env.ts';
import { CRAWLER_USER_AGENT, cookiesOf, decodeCookie, newVisitor } from './visitors.ts';

/** The demo's 18+ title (10009) and a free chapter of it: only the age rule can close it. */
const AGE_RATED = { titleId: 10009, episodeId: 100202 };
const AGE_RATED_PATH = `/title/${AGE_RATED.titleId}/episode/${AGE_RATED.episodeId}`;
const READER_TIMEOUT = 30_000;

/** The page images of the age-rated chapter this page asked for. */
function pageImageRequests(page: Page): string[] {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/images/episodes/${AGE_RATED.episodeId}/`)) images.push(request.url());
  });
  return images;
}

/** Declares a birth month in the inline question of an age-rated page. */
async function declare(
  page: Page,
  year: number,
  month: string,
  labels: { year: string; month: string; submit: string },
) {
  const question = page.getByTestId('age-question');
  await question.getByLabel(labels.year, { exact: true }).selectOption(String(year));
  await question.getByLabel(labels.month, { exact: true }).selectOption(month);
  await question.getByRole('button', { name: labels.submit }).click();
}
const EN = { year: 'Year', month: 'Month', submit: 'Confirm and read' };
const JA = { year: '年', month: '月', submit: '確認して読む' };

/** An account's session cookie, from logging in through the API (POST /web/user/login). */
async function sessionOf(email: string, password: string): Promise<string> {
  const response = await fetch(`${apiUrl}/web/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  expect(await response.json()).toMatchObject({ response_code: 0 });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${cookiePrefix}uwt=`));
  return (cookie ?? '').split(';')[0]?.slice(`${cookiePrefix}uwt=`.length) ?? '';
}

/** What the API says to the session alone (no birthday cookie): the account's birth year, and the 18+ chapter's code. */
async function accountAgeOf(session: string): Promise<{ birthyear: number | null; viewerCode: number }> {
  const headers = { cookie: `${cookiePrefix}uwt=${session}` };
  const account = await (await fetch(`${apiUrl}/account`, { headers })).json();
  const viewer = await (
    await fetch(`${apiUrl}/web/episode/viewer?episode_id=${AGE_RATED.episodeId}`, { headers })
  ).json();
  return { birthyear: account.account.birthyear, viewerCode: viewer.response_code };
}

async function withSession(context: BrowserContext, session: string): Promise<void> {
  await context.addCookies([{ name: `${cookiePrefix}uwt`, value: session, url: webUrl, httpOnly: true }]);
}

describe('age gate and consent (product §4)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('unknown age → gate → consent → top page', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    const page = await context.newPage();

    await page.goto(`${webUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/law/age');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Welcome to');

    await page.getByLabel('Year').selectOption('2000');
    await page.getByLabel('Month').selectOption('01');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Adult (16 or older)').waitFor();
    expect(decodeCookie((await cookiesOf(context)).get('birthday')?.value)).toMatchObject({ value: '2000-01' });
    const terms = page.getByRole('checkbox', { name: /Terms of Service/ });
    const privacy = page.getByRole('checkbox', { name: /Privacy Policy/ });
    expect(await page.getByRole('checkbox').count()).toBe(2);

    // Both are required: the form does not go anywhere with one.
    await terms.check();
    await page.getByRole('button', { name: 'Start reading' }).click();
    expect(new URL(page.url()).pathname).toBe('/law/age');
    expect(await privacy.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);

    await privacy.check();
    await page.getByRole('button', { name: 'Start reading' }).click();
    await page.waitForURL(`${webUrl}/`);
    await page.getByRole('list', { name: 'All titles' }).waitFor();

    const cookies = await cookiesOf(context);
    expect(decodeCookie(cookies.get('terms_of_service_adult')?.value)).toMatchObject({ value: 1 });
    expect(decodeCookie(cookies.get('privacy_policy')?.value)).toMatchObject({ value: 1 });
    expect(cookies.has('terms_of_service_minor')).toBe(false);
    await context.close();
  });

  it('sends a visitor to the top page with the target, and after the gate on to the target', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    const page = await context.newPage();
    const redirects: string[] = [];
    page.on('response', (response) => {
      const location = response.headers().location;
      if (location) redirects.push(location);
    });

    await page.goto(`${webUrl}/ranking`);
    expect(redirects[0]).toBe('/?redirect=%2Franking');
    expect(page.url()).toBe(`${webUrl}/law/age?redirect=%2Franking`);

    await page.getByLabel('Year').selectOption(String(new Date().getFullYear() - 14));
    await page.getByLabel('Month').selectOption('01');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Minor (13–15)').waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(1);
    await page.getByRole('checkbox', { name: /Terms of Service for minors/ }).check();
    await page.getByRole('button', { name: 'Start reading' }).click();

    await page.waitForURL(`${webUrl}/ranking`);
    await page.getByRole('heading', { level: 1, name: 'Ranking' }).waitFor();
    expect(decodeCookie((await cookiesOf(context)).get('terms_of_service_minor')?.value)).toMatchObject({ value: 1 });
    await context.close();
  });

  it('sends a visitor under 13 to the denied page, and keeps them there', async () => {
    const context = await newVisitor(browser, { country: 'US' });
    const page = await context.newPage();

    await page.goto(`${webUrl}/law/age`);
    await page.getByLabel('Year').selectOption(String(new Date().getFullYear() - 10));
    await page.getByLabel('Month').selectOption('01');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${webUrl}/law/age/denied`);
    await page.getByRole('heading', { level: 1, name: /can’t use/ }).waitFor();

    await page.goto(`${webUrl}/title/10001`);
    expect(new URL(page.url()).pathname).toBe('/law/age/denied');
    await context.close();
  });

  it('in JP only records a birthday and consent: no gate', async () => {
    const context = await newVisitor(browser, { country: 'JP', locale: 'ja-JP' });
    const page = await context.newPage();

    const response = await page.goto(`${webUrl}/ranking`);

    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/ranking');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ランキング');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    const cookies = await cookiesOf(context);
    // Recorded as a default (ADR 026): it lets the visitor browse, and is no declared age.
    expect(decodeCookie(cookies.get('birthday')?.value)).toMatchObject({ value: '2000-01', default: 1 });
    expect(decodeCookie(cookies.get('terms_of_service_adult')?.value)).toMatchObject({ value: 1 });
    expect(decodeCookie(cookies.get('privacy_policy')?.value)).toMatchObject({ value: 1 });
    await context.close();
  });

  it('lets a crawler through with birthday 2000-01 and consent 1 until 4102372799', async () => {
    const context = await newVisitor(browser, { country: 'US', userAgent: CRAWLER_USER_AGENT });
    const page = await context.newPage();

    const response = await page.goto(`${webUrl}/`);

    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const setCookies = (await response?.headersArray())?.filter((header) => header.name.toLowerCase() === 'set-cookie');
    expect(setCookies?.length).toBe(3);
    for (const header of setCookies ?? []) expect(header.value).toContain('Expires=Thu, 31 Dec 2099 03:59:59 GMT');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    const cookies = await cookiesOf(context);
    expect(decodeCookie(cookies.get('birthday')?.value)).toEqual({ value: '2000-01', expires: 4102372799, default: 1 });
    expect(decodeCookie(cookies.get('terms_of_service_adult')?.value)).toEqual({ value: 1, expires: 4102372799 });
    expect(decodeCookie(cookies.get('privacy_policy')?.value)).toEqual({ value: 1, expires: 4102372799 });
    await context.close();
  });
});

describe('an age-rated chapter and the JP default (issue 22 item 1, ADR 026)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks a fresh JP visitor their birth month in Japanese, not the pages; once they declare an adult one, they read', async () => {
    const context = await newVisitor(browser, { country: 'JP', locale: 'ja-JP' });
    const page = await context.newPage();
    const images = pageImageRequests(page);

    // The title page says so and asks, with the default that lets the visitor browse.
    await page.goto(`${webUrl}/title/${AGE_RATED.titleId}`);
    const onTitle = page.getByTestId('age-restriction');
    await onTitle.getByRole('heading', { name: '18歳以上の方向けの作品です' }).waitFor();
    expect(await onTitle.getAttribute('data-ask')).toBe('true');
    expect(decodeCookie((await cookiesOf(context)).get('birthday')?.value)).toMatchObject({ default: 1 });

    // The chapter: the question in place of the pages.
    await page.goto(`${webUrl}${AGE_RATED_PATH}`, { waitUntil: 'networkidle' });
    await page.getByTestId('restricted-chapter').getByRole('heading', { name: '18歳以上の方向けの作品です' }).waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await page.content()).not.toContain(`/images/episodes/${AGE_RATED.episodeId}/`);
    expect(images).toEqual([]);

    await declare(page, 1990, '04', JA);
    await page.waitForSelector('canvas', { timeout: READER_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe(AGE_RATED_PATH);
    expect(images.length).toBeGreaterThan(0);
    expect(await page.getByTestId('age-question').count()).toBe(0);
    // The declaration replaced the default: no marker any more.
    expect(decodeCookie((await cookiesOf(context)).get('birthday')?.value)).toEqual({
      value: '1990-04',
      expires: expect.any(Number),
    });
    // And the title page no longer asks.
    await page.goto(`${webUrl}/title/${AGE_RATED.titleId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('age-restriction').count()).toBe(0);
    await context.close();
  });

  it('keeps a fresh visitor who declares a minor birthday locked out, and does not ask again', async () => {
    const context = await newVisitor(browser, { country: 'JP' });
    const page = await context.newPage();
    const images = pageImageRequests(page);

    await page.goto(`${webUrl}${AGE_RATED_PATH}`);
    await page.getByRole('heading', { name: 'For readers 18 and older' }).waitFor();
    await declare(page, new Date().getFullYear() - 14, '01', EN);

    const panel = page.getByTestId('age-restriction');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="age-restriction"]')?.getAttribute('data-ask') === 'false',
    );
    expect(await panel.textContent()).toContain('under 18');
    expect(await page.getByTestId('age-question').count()).toBe(0);
    expect(decodeCookie((await cookiesOf(context)).get('terms_of_service_minor')?.value)).toMatchObject({ value: 1 });
    expect((await cookiesOf(context)).has('terms_of_service_adult')).toBe(false);

    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByTestId('age-restriction').getAttribute('data-ask')).toBe('false');
    expect(await page.locator('canvas').count()).toBe(0);
    expect(images).toEqual([]);
    await context.close();
  });

  it('never writes the default into a logged-in account without a birthday; the reader’s own declaration does', async () => {
    const email = `agegate-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'Agegate-pass-2026';
    await createAccountByApi(email, password);
    const session = await sessionOf(email, password);
    expect(await accountAgeOf(session)).toEqual({ birthyear: null, viewerCode: 2016 });

    const context = await newVisitor(browser, { country: 'JP' });
    await withSession(context, session);
    const page = await context.newPage();
    for (const path of ['/', '/ranking', `/title/${AGE_RATED.titleId}`, AGE_RATED_PATH]) {
      const response = await page.goto(`${webUrl}${path}`);
      expect(response?.status(), path).toBe(200);
    }
    expect(await accountAgeOf(session)).toEqual({ birthyear: null, viewerCode: 2016 });

    await declare(page, 1988, '11', EN);
    await page.waitForSelector('canvas', { timeout: READER_TIMEOUT });
    expect(await accountAgeOf(session)).toEqual({ birthyear: 1988, viewerCode: 0 });
    await context.close();
  });
});
