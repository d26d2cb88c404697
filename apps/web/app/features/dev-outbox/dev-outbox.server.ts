import { responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';

import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { clientConnectionOf, isLocalConnection } from '#app/visitor/client-connection.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The outbox pages exist with MANGA_DEV_OUTBOX only, never in production (ADR 007), and only for a
 * visitor on this machine: anyone else gets the 404 of an unknown page (ADR 015).
 */
function requireLocalDevelopment(context: Context, url: URL): void {
  if (env.deployment === 'production' || !env.devOutbox) notFound(url);
  if (!isLocalConnection(clientConnectionOf(context))) notFound(url);
}

/**
 * An outbox call of a development page: 404 unless local development; a mail the outbox does not
 * hold (the API's 1002, whatever the id) is an unknown page too; other API errors through the error
 * pipeline.
 */
async function callOutbox<T>(context: Context, url: URL, call: () => Promise<T>): Promise<T> {
  requireLocalDevelopment(context, url);
  try {
    return await call();
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

/** GET /dev/outbox: the mails the outbox holds. */
export function loadOutbox(request: Request, context: Context, url: URL) {
  return callOutbox(context, url, async () => ({
    messages: (await accountApiFor(request, context).listOutbox()).message_list,
  }));
}

/** GET /dev/outbox/:id: one mail. */
export function loadOutboxMessage(request: Request, context: Context, url: URL, messageId: string) {
  return callOutbox(context, url, async () => ({
    message: (await accountApiFor(request, context).getOutboxMessage(messageId)).message,
  }));
}
