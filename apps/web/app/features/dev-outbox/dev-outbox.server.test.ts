import { describe, expect, it, vi } from 'vitest';
import { loadOutbox, loadOutboxMessage } from './dev-outbox.server.ts';

// The outbox pages exist outside production only (ADR 007).
vi.mock('#app/env.server.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#app/env.server.ts')>();
  return { ...actual, env: { ...actual.env, deployment: 'production' } };
});

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('dev outbox pages in production', () => {
  it('answer 404 with the not-found message before asking the API anything', async () => {
    const request = new Request('http://web.test/dev/outbox');
    // No router context: the pages must refuse before they would need a visitor or an API client.
    const context = {} as never;
    const list = await thrown(loadOutbox(request, context, new URL(request.url)));
    expect(list).toMatchObject({ init: { status: 404 }, data: 'Page Not Found: /dev/outbox' });
    const one = await thrown(loadOutboxMessage(request, context, new URL('http://web.test/dev/outbox/abc'), 'abc'));
    expect(one).toMatchObject({ init: { status: 404 }, data: 'Page Not Found: /dev/outbox/abc' });
  });
});
