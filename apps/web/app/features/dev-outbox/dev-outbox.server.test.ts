import { ApiError } from '@manga/api-client';
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '#app/env.server.ts';
import { clientConnectionContext } from '#app/visitor/client-connection.server.ts';
import { loadOutbox, loadOutboxMessage } from './dev-outbox.server.ts';

// The outbox pages: MANGA_DEV_OUTBOX only, never in production (ADR 007), and for a visitor on
// this machine only (ADR 015). Every refusal comes before the API is asked anything.
vi.mock('#app/env.server.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#app/env.server.ts')>();
  return { ...actual, env: { ...actual.env } };
});
// The API, for a visitor on this machine: it holds no mail of the id asked for (1002, as GET /dev/outbox/:id answers).
vi.mock('#app/features/account/account-api.server.ts', () => ({
  accountApiFor: () => ({
    getOutboxMessage: async (id: string) => {
      throw new ApiError({
        message: `no such outbox message: ${id}`,
        responseCode: 1002,
        httpStatus: 404,
        body: '',
        url: `http://api.test/dev/outbox/${encodeURIComponent(id)}`,
      });
    },
  }),
}));
const original = { ...env };
afterEach(() => Object.assign(env, original));

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

function contextFrom(address: string | undefined, relayed = false) {
  const context = new RouterContextProvider();
  if (address !== undefined) context.set(clientConnectionContext, { address, relayed });
  return context;
}

async function expectNotFound(context: RouterContextProvider) {
  const request = new Request('http://web.test/dev/outbox');
  const list = await thrown(loadOutbox(request, context, new URL(request.url)));
  expect(list).toMatchObject({ init: { status: 404 }, data: 'Page Not Found: /dev/outbox' });
  const one = await thrown(loadOutboxMessage(request, context, new URL('http://web.test/dev/outbox/abc'), 'abc'));
  expect(one).toMatchObject({ init: { status: 404 }, data: 'Page Not Found: /dev/outbox/abc' });
}

describe('dev outbox pages', () => {
  it('answer 404 in production, even on this machine', async () => {
    Object.assign(env, { deployment: 'production', devOutbox: true });
    await expectNotFound(contextFrom('127.0.0.1'));
  });

  it('answer 404 when MANGA_DEV_OUTBOX is off', async () => {
    Object.assign(env, { deployment: 'development', devOutbox: false });
    await expectNotFound(contextFrom('127.0.0.1'));
  });

  it('answer 404 to a visitor on another host, relayed by a proxy, or of unknown address', async () => {
    Object.assign(env, { deployment: 'development', devOutbox: true });
    await expectNotFound(contextFrom('203.0.113.66'));
    await expectNotFound(contextFrom('::ffff:192.168.1.20'));
    await expectNotFound(contextFrom('127.0.0.1', true));
    await expectNotFound(contextFrom(undefined));
  });

  it('answer 404, not 500, for a mail the outbox does not hold, whatever the id (issue 22 item 6)', async () => {
    Object.assign(env, { deployment: 'development', devOutbox: true });
    for (const id of ['../../secrets/proxy-secret', '0000000000000-000000000000', '%00']) {
      const url = new URL(`http://web.test/dev/outbox/${encodeURIComponent(id)}`);
      const error = await thrown(loadOutboxMessage(new Request(url), contextFrom('127.0.0.1'), url, id));
      expect(error, id).toMatchObject({ init: { status: 404 } });
    }
  });
});
