import {
  type DevOutboxListResponse,
  DevOutboxListResponseSchema,
  DevOutboxMessageResponseSchema,
} from '@manga/contracts';
import { expect } from 'vitest';
import { apiUrl, webUrl } from './e2e-env.ts';

// Accounts made the way readers make them: the sign-up link read from the dev outbox of the
// service under test (it must run outside production without SMTP).

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
