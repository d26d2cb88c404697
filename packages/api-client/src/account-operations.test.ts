import { describe, expect, it } from 'vitest';
import { accountOperations, fetchCollectingSetCookies, setCookieHeaders } from './account-operations.ts';
import { createApiClient } from './api-client.ts';
import { RequiredError } from './api-error.ts';

interface Sent {
  url: string;
  method: string;
  body: string;
}

function recordingFetch(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? init.body : '',
    });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const envelope = () => Response.json({ status: 'success', response_code: 0, error_message: '' });

describe('accountOperations', () => {
  it('posts the login form to /web/user/login and validates the envelope', async () => {
    const { fetch, sent } = recordingFetch(envelope);
    const ops = accountOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));

    await expect(ops.login({ email: 'a@example.com', password: 'Secret-pass1' })).resolves.toMatchObject({
      response_code: 0,
    });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('http://api.test/web/user/login');
    expect(new URLSearchParams(sent[0]?.body).get('email')).toBe('a@example.com');
  });

  it('sends token confirmations as GET with the token in the query', async () => {
    const { fetch, sent } = recordingFetch(envelope);
    const ops = accountOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));

    await ops.savePassword({ token: 'abc' });
    await ops.saveEmail({ token: 'def' });
    await ops.resetPassword({ token: 'ghi' });

    expect(sent.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['GET', '/web/account/password/save'],
      ['GET', '/web/account/email/save'],
      ['GET', '/web/account/password/reset'],
    ]);
    expect(new URL(sent[0]?.url ?? '').searchParams.get('token')).toBe('abc');
  });

  it('posts session revocations to /web/account/session/revoke and revoke_others', async () => {
    const { fetch, sent } = recordingFetch(envelope);
    const ops = accountOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));

    await ops.revokeSession({ session_id: 42 });
    await ops.revokeOtherSessions();

    expect(sent.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['POST', '/web/account/session/revoke'],
      ['POST', '/web/account/session/revoke_others'],
    ]);
    expect(new URLSearchParams(sent[0]?.body).get('session_id')).toBe('42');
  });

  it('checks product §5 required parameters before sending', async () => {
    const { fetch, sent } = recordingFetch(envelope);
    const ops = accountOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));

    const error = await ops
      .presavePassword({ current_password: 'x', new_password: undefined as unknown as string })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequiredError);
    expect((error as Error).message).toBe(
      'Required parameter new_password was null or undefined when calling passwordPresave',
    );
    expect(sent).toHaveLength(0);
  });

  it('reads the outbox by id, escaped', async () => {
    const { fetch, sent } = recordingFetch(() =>
      Response.json({
        status: 'success',
        response_code: 0,
        error_message: '',
        message: {
          id: 'a/b',
          to: 't@example.com',
          subject: 's',
          created_at: '2026-11-22 10:00:00',
          text: 't',
          html: '',
        },
      }),
    );
    const ops = accountOperations(createApiClient({ baseUrl: 'http://api.test', fetch }));
    const answer = await ops.getOutboxMessage('a/b');
    expect(answer.message.to).toBe('t@example.com');
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/dev/outbox/a%2Fb');
  });
});

describe('set-cookie collection', () => {
  it('hands every set-cookie header of an answer to the collector', async () => {
    const headers = new Headers();
    headers.append('set-cookie', 'dev_uwt=token; Path=/; HttpOnly');
    headers.append('set-cookie', 'other=1; Path=/');
    const collected: string[] = [];
    const fetch = fetchCollectingSetCookies(
      (cookies) => collected.push(...cookies),
      async () => new Response('{}', { headers }),
    );

    await fetch('http://api.test/web/user/login');

    expect(collected).toEqual(['dev_uwt=token; Path=/; HttpOnly', 'other=1; Path=/']);
    expect(setCookieHeaders(new Headers())).toEqual([]);
  });
});
