// Accounts for browser tests: accounts made through the API with the link mailed to the dev outbox of
// the service under test, and the login dialog.

import { randomUUID } from 'node:crypto';
import {
  type DevOutboxListResponse,
  DevOutboxListResponseSchema,
  DevOutboxMessageResponseSchema,
} from '@manga/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiUrl, webUrl } from './e2e-env.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

export async function listOutbox(): Promise<DevOutboxListResponse['message_list']> {
  const response = await fetch(`${apiUrl}/dev/outbox`);
  expect(response.status, 'GET /dev/outbox (the service must run outside production without SMTP)').toBe(200);
  return DevOutboxListResponseSchema.parse(await response.json()).message_list;
}

/** The path and query of the first link to `linkPath` in a mail to `to` that arrived after `seen`. */
export async function linkFromMail(to: string, linkPath: string, seen: ReadonlySet<string>): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const summary of await listOutbox()) {
      if (summary.to !== to || seen.has(summary.id)) continue;
      const response = await fetch(`${apiUrl}/dev/outbox/${encodeURIComponent(summary.id)}`);
      const { message } = DevOutboxMessageResponseSchema.parse(await response.json());
      const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === linkPath);
      if (link) {
        const url = new URL(link);
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a link to ${linkPath}`);
}

export async function outboxIds(): Promise<Set<string>> {
  return new Set((await listOutbox()).map((message) => message.id));
}

/** A registered account made through the API (POST /account/presave, then the mailed link's GET /account/save). */
export async function createAccountByApi(email: string, password: string): Promise<void> {
  const seen = await outboxIds();
  const presave = await fetch(`${apiUrl}/account/presave`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  expect(await presave.json()).toMatchObject({ response_code: 0 });
  const link = new URL(await linkFromMail(email, '/account/save', seen), webUrl);
  const save = await fetch(`${apiUrl}/account/save?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`);
  expect(await save.json()).toMatchObject({ response_code: 0 });
}

export async function storedLogin(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('isLoggedIn'));
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.waitFor();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

/**
 * A new account (`<prefix>-<random>@example.com`) logged in through the dialog, in a fresh US
 * visitor's browser past the age gate, on /my/setting. The caller closes `context`.
 */
export async function newMemberPage(
  browser: Browser,
  prefix: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  await createAccountByApi(email, password);
  const context = await newVisitor(browser, { country: 'US' });
  await giveAdultConsent(context);
  const page = await context.newPage();
  await page.goto(`${webUrl}/my/setting`);
  await logIn(page, email, password);
  await page.waitForURL(`${webUrl}/my/setting`);
  return { context, page, email };
}
