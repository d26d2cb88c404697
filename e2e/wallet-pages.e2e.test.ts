import { randomUUID } from 'node:crypto';
import { AccountPointResponseSchema } from '@manga/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, logIn } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { findLockedChapters } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { grantPoints, grantPremiumTickets } from './service-cli.ts';
import { expectNoEnglish, expectNoRawKeys, uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// The wallet's web pages (issue 10): points and a premium ticket granted with the operators' CLI,
// chapters bought and one rented through the web app's API proxy, then the balance with its
// expiries, the history with its reasons (page by page), the purchased titles (page by page, from
// the keyboard), the ticket page, the /my hub, and the header's near-expiry badge appearing (with
// the browser's clock moved on) and clearing when the account menu is toggled. A second reader sees
// none of it.

const PASSWORD = 'Wallet-pass-2026';
const DAY_MS = 86_400_000;
const PURCHASED_PAGE_SIZE = 24;

describe('wallet pages (issue 10)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function reader(email: string, path: string, country: 'US' | 'JP' = 'US'): Promise<Page> {
    const context = await newVisitor(browser, { country, locale: country === 'JP' ? 'ja-JP' : 'en-US' });
    await giveAdultConsent(context);
    contexts.push(context);
    const page = await context.newPage();
    // A /my page sends a logged-out visitor to log in, then back.
    await page.goto(`${webUrl}${path}`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === path);
    return page;
  }

  async function newAccount(prefix: string): Promise<string> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    return email;
  }

  async function texts(page: Page, testId: string): Promise<string[]> {
    return (await page.getByTestId(testId).allTextContents()).map((text) => text.trim());
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('shows a new reader empty pages that say what will come, in English and in Japanese', async () => {
    const email = await newAccount('wallet-empty');
    const page = await reader(email, '/my/purchased');
    await page.getByTestId('purchased-empty').waitFor();
    await page.goto(`${webUrl}/my/setting/point`);
    await expect(page.getByTestId('wallet-total-points').textContent()).resolves.toBe('0 pt');
    await page.getByTestId('point-history-empty').waitFor();
    await page.goto(`${webUrl}/my/setting/ticket`);
    await expect(page.getByTestId('ticket-count').textContent()).resolves.toBe('0 tickets');
    await page.getByTestId('ticket-history-empty').waitFor();
    await expectNoRawKeys(page);

    // Malformed paging parameters read as the first page, never an error.
    for (const path of [
      "/my/setting/point?before=1'%20or%201=1",
      '/my/setting/point?before=2026-13-45%2099:00:00',
      '/my/setting/ticket?history_page=-1&reservation_page=abc',
      '/my/purchased?page=0',
      '/my/purchased?page=99999',
      '/my?purchased_page=1e9',
    ]) {
      const response = await page.goto(`${webUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      // Personal pages: never kept by a shared cache.
      expect(response?.headers()['cache-control'], path).toContain('no-store');
      await page.getByRole('heading', { level: 1 }).waitFor();
    }

    for (const path of ['/my/purchased', '/my/setting/point', '/my/setting/ticket']) {
      await page.goto(`${webUrl}${path}?lang=ja`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoRawKeys(page);
      await expectNoEnglish(page, ['Koma', 'English', email]);
    }
    await expect(page.getByTestId('ticket-history-empty').textContent()).resolves.toContain(
      uiText('ja', 'wallet.ticket_history_empty_title'),
    );
  });

  it('shows the balance, every movement with its reason, the purchased titles and the tickets of a reader who bought and rented', async () => {
    const email = await newAccount('wallet');
    const chapters = await findLockedChapters(PURCHASED_PAGE_SIZE + 1, 2);
    await grantPoints(email, 3000, { paid: true, reason: 'e2e paid' });
    await grantPoints(email, 200, { expiresDays: 10, reason: 'e2e free' });
    await grantPremiumTickets(email, { count: 2 });

    const page = await reader(email, '/my/setting/point');
    // Spend through the web app's API proxy as the title page does: one chapter of each of 25 titles
    // (free points go first), and rent another chapter with a premium ticket.
    let spent = 0;
    for (const [first] of chapters) {
      if (!first) throw new Error('no chapter');
      const bought = await page.request.post(`${webUrl}/api/episode/paid`, {
        form: { episode_id: String(first.episodeId), check_point: String(first.point) },
      });
      expect(await bought.json()).toMatchObject({ response_code: 0 });
      spent += first.point;
    }
    const rentedChapter = chapters[0]?.[1];
    if (!rentedChapter) throw new Error('no second chapter');
    const rented = await page.request.post(`${webUrl}/api/episode/rental/ticket`, {
      form: { episode_id: String(rentedChapter.episodeId), ticket_type: '99', ticket_version: '0' },
    });
    expect(await rented.json()).toMatchObject({ response_code: 0 });
    const balance = AccountPointResponseSchema.parse(
      await (await page.request.get(`${webUrl}/api/account/point`)).json(),
    );
    expect(balance.point.paid_point + balance.point.free_point).toBe(3200 - spent);
    expect(balance.point.free_point).toBe(0);

    // The balance, as the API has it; nothing free is left to expire, the paid points never do.
    await page.reload();
    await expect(page.getByTestId('wallet-total-points').textContent()).resolves.toBe(
      `${(3200 - spent).toLocaleString('en-US')} pt`,
    );
    await expect(page.getByTestId('wallet-paid-points').textContent()).resolves.toBe(
      `${balance.point.paid_point.toLocaleString('en-US')} pt`,
    );
    await expect(page.getByTestId('wallet-free-points').textContent()).resolves.toBe('0 pt');
    await expect(page.getByTestId('wallet-no-expiry').textContent()).resolves.toBe(
      uiText('en', 'wallet.nothing_expires'),
    );

    // The newest movements are the purchases, each with its reason, title and chapter.
    // (A page is at least 20 movements and ends on a whole second, ADR 014.)
    const reasons = await texts(page, 'movement-reason');
    expect(reasons.length).toBeGreaterThanOrEqual(20);
    expect(reasons[0]).toBe(uiText('en', 'wallet.reason.episode_paid'));
    const newest = page.getByTestId('point-movement').first();
    await expect(newest.getByRole('link').count()).resolves.toBe(2);
    expect(await texts(page, 'movement-amount')).toContain(`−${chapters.at(-1)?.[0]?.point} pt`);

    // Older movements, to the grants: the free points with their expiry, the paid ones never.
    const seen = new Set(reasons);
    for (let guard = 0; guard < 5; guard++) {
      const older = page.getByRole('link', { name: uiText('en', 'wallet.older_movements') });
      if ((await older.count()) === 0) break;
      const firstId = await page.getByTestId('point-movement').first().getAttribute('data-movement-id');
      await older.click();
      await page.waitForURL(/\?before=/);
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="point-movement"]')?.getAttribute('data-movement-id') !== id,
        firstId,
      );
      for (const reason of await texts(page, 'movement-reason')) seen.add(reason);
    }
    expect([...seen].sort()).toEqual(
      [uiText('en', 'wallet.reason.episode_paid'), uiText('en', 'wallet.reason.operator_grant')].sort(),
    );
    const grants = page.locator('[data-testid="point-movement"][data-reason="operator_grant"]');
    await expect(grants.count()).resolves.toBe(2);
    const expiries = await grants.getByTestId('movement-expiry').allTextContents();
    expect(expiries).toContain(uiText('en', 'wallet.never_expires'));
    expect(expiries.some((text) => text.startsWith('Expires '))).toBe(true);
    await expect(grants.getByTestId('movement-amount').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['+3,000 pt', '+200 pt']),
    );
    await page.getByRole('link', { name: uiText('en', 'wallet.newest_movements') }).click();
    await page.waitForURL(`${webUrl}/my/setting/point`);
    // The plan card of issue 11 stays on this page.
    await page.getByRole('heading', { name: uiText('en', 'shop.plan_status') }).waitFor();

    // In Japanese, the reasons in words.
    await page.goto(`${webUrl}/my/setting/point?lang=ja`);
    expect((await texts(page, 'movement-reason'))[0]).toBe(uiText('ja', 'wallet.reason.episode_paid'));
    await page.goto(`${webUrl}/my/setting/point?lang=en`);

    // Purchased titles: 25, a page of 24 then one, the pages reached from the keyboard.
    await page.goto(`${webUrl}/my/purchased`);
    await expect(page.getByTestId('purchased-count').textContent()).resolves.toBe('25 titles');
    await expect(page.getByTestId('purchased-title').count()).resolves.toBe(PURCHASED_PAGE_SIZE);
    const lastBought = chapters.at(-1)?.[0];
    const firstCard = page.getByTestId('purchased-title').first().getByTestId('title-card');
    await expect(firstCard.getAttribute('href')).resolves.toBe(
      `/title/${String(lastBought?.titleId).padStart(5, '0')}`,
    );
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('link', { name: uiText('en', 'catalogue.next_page'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${webUrl}/my/purchased?page=2`);
    await page.getByText('Page 2 of 2').waitFor();
    await expect(page.getByTestId('purchased-title').count()).resolves.toBe(1);
    await page.getByRole('link', { name: uiText('en', 'catalogue.previous_page'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${webUrl}/my/purchased`);
    await page.getByText('Page 1 of 2').waitFor();
    // A page past the last goes to the last.
    await page.goto(`${webUrl}/my/purchased?page=9`);
    await page.waitForURL(`${webUrl}/my/purchased?page=2`);

    // Tickets: one left of two; both grants and the rental in the history.
    await page.goto(`${webUrl}/my/setting/ticket`);
    await expect(page.getByTestId('ticket-count').textContent()).resolves.toBe('1 ticket');
    await expect(page.getByTestId('ticket-expiry').count()).resolves.toBe(1);
    const events = await texts(page, 'ticket-movement-text');
    expect(events.filter((text) => text === 'Received a premium ticket (from support)')).toHaveLength(2);
    expect(events).toContain(uiText('en', 'wallet.ticket_event.used_premium'));
    const rental = page.locator('[data-testid="ticket-movement"][data-event="used"]');
    await expect(rental.getByRole('link').last().getAttribute('href')).resolves.toBe(
      `/title/${String(rentedChapter.titleId).padStart(5, '0')}/episode/${rentedChapter.episodeId}`,
    );
    await expectNoRawKeys(page);

    // The hub: balance, tickets, purchased titles with their own pages, and the ways to the pages above.
    await page.goto(`${webUrl}/my`);
    await expect(page.getByTestId('my-paid-points').textContent()).resolves.toBe(
      `${balance.point.paid_point.toLocaleString('en-US')} pt`,
    );
    await expect(page.getByTestId('my-tickets').textContent()).resolves.toBe('1 ticket');
    await expect(page.getByTestId('my-purchased-count').textContent()).resolves.toBe('25 titles');
    await page.getByText('Page 1 of 5').waitFor();
    for (const path of ['/my/purchased', '/my/setting/point', '/my/setting/ticket']) {
      await expect(page.locator(`a[href="${path}"]`).count()).resolves.toBeGreaterThan(0);
    }

    // Another reader sees none of it.
    const other = await reader(await newAccount('wallet-other'), '/my/purchased');
    await other.getByTestId('purchased-empty').waitFor();
    await other.goto(`${webUrl}/my/setting/ticket`);
    await other.getByTestId('ticket-history-empty').waitFor();
  });

  it('shows the near-expiry badge once a day per reader and clears it when the account menu is toggled', async () => {
    const email = await newAccount('wallet-badge');
    await grantPremiumTickets(email, { count: 1, expiresDays: 30 });
    const page = await reader(email, '/my/setting/ticket');
    const checked = async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('checkedTicketList'))) ?? '[]') as {
        userId: number;
        date: string;
        isExpiredBadge: boolean;
      }[];

    // Today the ticket is 30 days away: the day's decision is "off", kept in the checked list.
    await expect.poll(checked, { timeout: 10_000 }).toHaveLength(1);
    const [today] = await checked();
    expect(today?.isExpiredBadge).toBe(false);
    await expect(page.getByTestId('ticket-expiry-badge').count()).resolves.toBe(0);

    // 29½ days on (the browser's clock), expiry plus one day is 1½ days away: a new day, the badge.
    await page.clock.setFixedTime(new Date(Date.now() + 29.5 * DAY_MS));
    await page.reload();
    const badge = page.getByTestId('ticket-expiry-badge');
    await badge.waitFor();
    const later = await checked();
    expect(later).toEqual([{ userId: today?.userId, date: expect.any(String), isExpiredBadge: true }]);
    expect(later[0]?.date).not.toBe(today?.date);
    // The same day it stays until toggled.
    await page.reload();
    await badge.waitFor();
    const menuButton = page.getByTestId('header-my-page');
    await expect(menuButton.textContent()).resolves.toContain(uiText('en', 'header.ticket_expiry_badge'));

    // Toggling the menu clears it; the menu says why and leads to the tickets.
    await menuButton.click();
    await expect(badge.count()).resolves.toBe(0);
    await expect(checked()).resolves.toEqual([{ userId: today?.userId, date: later[0]?.date, isExpiredBadge: false }]);
    await page.getByRole('menuitem', { name: uiText('en', 'header.ticket_expiry_notice') }).click();
    await page.waitForURL(`${webUrl}/my/setting/ticket`);
    await page.reload();
    await page.getByTestId('ticket-count').waitFor();
    await page.waitForLoadState('networkidle');
    await expect(badge.count()).resolves.toBe(0);

    // The next day it is decided again, and says so in Japanese; once the ticket is past its
    // expiry plus a day, it is off.
    await page.clock.setFixedTime(new Date(Date.now() + 30.5 * DAY_MS));
    await page.goto(`${webUrl}/my?lang=ja`);
    await badge.waitFor();
    await expect(menuButton.textContent()).resolves.toContain(uiText('ja', 'header.ticket_expiry_badge'));
    await page.clock.setFixedTime(new Date(Date.now() + 31.5 * DAY_MS));
    await page.reload();
    await expect.poll(async () => (await checked())[0]?.isExpiredBadge, { timeout: 10_000 }).toBe(false);
    await expect(badge.count()).resolves.toBe(0);
  });
});
