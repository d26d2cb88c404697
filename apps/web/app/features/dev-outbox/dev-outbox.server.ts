import type { RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';

import { accountApiFor } from '#app/features/account/account-api.server.ts';

type Context = Readonly<RouterContextProvider>;

/** Development-only pages answer 404 in production (ADR 007: the outbox exists outside production only). */
function requireDevelopment(url: URL): void {
  if (env.deployment === 'production') notFound(url);
}

/** An outbox call of a development page: 404 in production, API errors through the error pipeline. */
async function callOutbox<T>(url: URL, call: () => Promise<T>): Promise<T> {
  requireDevelopment(url);
  try {
    return await call();
  } catch (error) {
    handleApiError(error);
    throw error;
  }
}

/** GET /dev/outbox: the mails the outbox holds. */
export function loadOutbox(request: Request, context: Context, url: URL) {
  return callOutbox(url, async () => ({
    messages: (await accountApiFor(request, context).listOutbox()).message_list,
  }));
}

/** GET /dev/outbox/:id: one mail. */
export function loadOutboxMessage(request: Request, context: Context, url: URL, messageId: string) {
  return callOutbox(url, async () => ({
    message: (await accountApiFor(request, context).getOutboxMessage(messageId)).message,
  }));
}
