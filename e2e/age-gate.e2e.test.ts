import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { CRAWLER_USER_AGENT, cookiesOf, decodeCookie, newVisitor } from './visitors.ts';

describe('age gate and consent (SPEC §4)', () => {
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
    expect(decodeCookie(cookies.get('birthday')?.value)).toMatchObject({ value: '2000-01' });
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
    expect(decodeCookie(cookies.get('birthday')?.value)).toEqual({ value: '2000-01', expires: 4102372799 });
    expect(decodeCookie(cookies.get('terms_of_service_adult')?.value)).toEqual({ value: 1, expires: 4102372799 });
    expect(decodeCookie(cookies.get('privacy_policy')?.value)).toEqual({ value: 1, expires: 4102372799 });
    await context.close();
  });
});
