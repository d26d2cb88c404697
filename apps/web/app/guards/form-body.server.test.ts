import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formBodyMiddleware } from './form-body.server.ts';

const URL_ = 'http://127.0.0.1:3240/title/10001';

/** Runs the middleware; what it threw, or what the action behind it read of the form. */
async function run(init: RequestInit): Promise<{ thrown?: unknown; form?: Record<string, string> }> {
  const request = new Request(URL_, init);
  let form: Record<string, string> | undefined;
  try {
    await formBodyMiddleware(
      { request, url: new URL(URL_), context: {}, params: {}, pattern: '' } as never,
      async () => {
        form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
        return new Response('done');
      },
    );
  } catch (thrown) {
    return { thrown };
  }
  return { form };
}

const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } } | undefined)?.init?.status;

describe('formBodyMiddleware (issue 22 item 6)', () => {
  it.each([
    ['a JSON body', 'application/json', '{'],
    ['a text body', 'text/plain', 'intent=buy'],
    ['no content type', undefined, 'intent=buy'],
    ['a multipart body without its boundary', 'multipart/form-data', '--x\r\n'],
    ['a broken multipart body', 'multipart/form-data; boundary=x', '--x\r\nnonsense'],
  ])('answers 400 / 1001 for %s, before any action runs', async (_name, type, body) => {
    const { thrown, form } = await run({ method: 'POST', headers: type ? { 'content-type': type } : {}, body });
    expect(form).toBeUndefined();
    expect(statusOf(thrown)).toBe(400);
    expect((thrown as { data?: unknown }).data).toEqual({ responseCode: 1001 });
    expect(isRouteErrorResponse(thrown)).toBe(false);
  });

  it('lets a form through, whole, for the action to read', async () => {
    const urlencoded = await run({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=buy&episode_id=200001',
    });
    expect(urlencoded.form).toEqual({ intent: 'buy', episode_id: '200001' });
    const multipart = new FormData();
    multipart.set('intent', 'follow');
    expect((await run({ method: 'POST', body: multipart })).form).toEqual({ intent: 'follow' });
  });

  it('never reads the body of a read', async () => {
    const request = new Request(URL_);
    let ran = false;
    await formBodyMiddleware(
      { request, url: new URL(URL_), context: {}, params: {}, pattern: '' } as never,
      async () => {
        ran = true;
        return new Response('page');
      },
    );
    expect(ran).toBe(true);
    expect(request.bodyUsed).toBe(false);
  });
});
