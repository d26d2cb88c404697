import { ResponseCode, signWebRequest } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient, HASH_HEADER } from './api-client.ts';
import { ApiError, RequiredError, responseCodeOf } from './api-error.ts';
import { pollBuildManifest } from './build-manifest.ts';
import { ResponseCache } from './response-cache.ts';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  credentials: RequestCredentials | undefined;
}

type Answer = Response | Error;

/** A fetch that records every request and replies with the queued answers (the last one repeats). */
function fakeFetch(...answers: Answer[]) {
  const requests: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : '',
      credentials: init.credentials,
    });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined) throw new Error('no answer queued');
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const ok = (payload: Record<string, unknown> = {}) =>
  Response.json({ status: 'success', response_code: 0, error_message: '', ...payload });

/** The parameters of a sent request: query string for GET, form body for POST. */
function sentParams(request: SentRequest): Record<string, string> {
  const text = request.method === 'GET' ? new URL(request.url).search.slice(1) : request.body;
  return Object.fromEntries(new URLSearchParams(text));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('createApiClient requests', () => {
  it('sends version, platform, comma-joined lists and credentials on a GET', async () => {
    const { fetch, requests } = fakeFetch(ok({ title_list: [] }));
    const api = createApiClient({ baseUrl: 'http://api.test/', fetch });

    await api.get('/title/list', { title_id_list: [10001, 10002, 10003], unused: undefined, gone: null });

    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.credentials).toBe('include');
    expect(new URL(request?.url ?? '').pathname).toBe('/title/list');
    expect(request?.url).toBe('http://api.test/title/list?platform=3&title_id_list=10001,10002,10003&version=6.0.0');
    expect(sentParams(request!)).toEqual({ platform: '3', version: '6.0.0', title_id_list: '10001,10002,10003' });
  });

  it('signs exactly the parameters sent, with empty birthday parts when there is no cookie', async () => {
    const { fetch, requests } = fakeFetch(ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    await api.get('/episode/status', { episode_id: 1001, check_point: true });

    const request = requests[0]!;
    expect(sentParams(request)).toEqual({ check_point: '1', episode_id: '1001', platform: '3', version: '6.0.0' });
    expect(request.headers[HASH_HEADER]).toBe(signWebRequest(sentParams(request), '', ''));
    expect(request.headers[HASH_HEADER]).toMatch(/^[0-9a-f]{128}$/);
    expect(request.headers['x-manga-is-crawler']).toBe('false');
  });

  it('signs with the birthday cookie and forwards SSR headers and the crawler flag', async () => {
    const { fetch, requests } = fakeFetch(ok());
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch,
      platform: 3,
      version: '6.0.0',
      isCrawler: true,
      getBirthdayCookie: () => ({ value: '2000-01', expires: '1893456000' }),
      forwardHeaders: { cookie: 'uwt=abc', 'x-manga-service-hash': 'svc' },
    });

    await api.get('/episode/viewer', { episode_id: 1001 });

    const request = requests[0]!;
    // wire §2.5 test vector for these exact parameters.
    expect(request.headers[HASH_HEADER]).toBe(
      '219b66f1f84928820f2abfd91647f32739c964dafa6950e2c7a0f2ba34adab251a6f585b686086c4f758864cb549d0baa7e6b9af41d0934715a61c88125e259e',
    );
    expect(request.headers[HASH_HEADER]).toBe(signWebRequest(sentParams(request), '2000-01', '1893456000'));
    expect(request.headers['x-manga-is-crawler']).toBe('true');
    expect(request.headers.cookie).toBe('uwt=abc');
    expect(request.headers['x-manga-service-hash']).toBe('svc');
  });

  it('posts a form-urlencoded body and signs the body parameters', async () => {
    const { fetch, requests } = fakeFetch(ok({ episode_list: [] }));
    const api = createApiClient({ baseUrl: '/api', fetch, version: '6.1.0', platform: 3 });

    await api.post('/web/user/login', { email: 'a+b@example.com', password: 'p&ss =word' });

    const request = requests[0]!;
    expect(request.url).toBe('/api/web/user/login');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toBe('email=a%2Bb%40example.com&password=p%26ss+%3Dword&platform=3&version=6.1.0');
    expect(sentParams(request)).toEqual({
      email: 'a+b@example.com',
      password: 'p&ss =word',
      platform: '3',
      version: '6.1.0',
    });
    expect(request.headers[HASH_HEADER]).toBe(signWebRequest(sentParams(request), '', ''));
  });

  it('sends no retries after a failure', async () => {
    const { fetch, requests } = fakeFetch(new Response('down', { status: 503 }));
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    await rejection(api.get('/web/top'));

    expect(requests).toHaveLength(1);
  });
});

describe('required parameters (product §5)', () => {
  it('throws the product §5 message and sends nothing when a required parameter is missing', async () => {
    const { fetch, requests } = fakeFetch(ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    const error = await rejection(
      api.call('episodePaid', 'POST', '/episode/paid', { episode_id: 1001, check_point: undefined }),
    );

    expect(error).toBeInstanceOf(RequiredError);
    expect((error as Error).message).toBe(
      'Required parameter check_point was null or undefined when calling episodePaid',
    );
    expect(requests).toHaveLength(0);
  });

  it('names the first missing parameter, null counting as missing', async () => {
    const { fetch } = fakeFetch(ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    const error = await rejection(api.call('login', 'POST', '/web/user/login', { email: null, password: null }));

    expect((error as Error).message).toBe('Required parameter email was null or undefined when calling login');
  });

  it('sends the call when every required parameter is present, even when it is 0 or empty', async () => {
    const { fetch, requests } = fakeFetch(ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    await api.call('optOut', 'POST', '/web/opt_out', { ads: 0, analysis: 0 });
    await api.call('save', 'POST', '/web/account/save', { token: '' });

    expect(requests).toHaveLength(2);
  });

  it('checks nothing for an operation without required parameters', async () => {
    const { fetch, requests } = fakeFetch(ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    await api.call('listTitles', 'GET', '/title/list', {});

    expect(requests).toHaveLength(1);
  });
});

describe('errors', () => {
  async function failure(answer: Answer): Promise<ApiError> {
    const { fetch } = fakeFetch(answer);
    const error = await rejection(createApiClient({ baseUrl: 'http://api.test', fetch }).get('/title/list'));
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  it("takes the code from the answer's response_code first", async () => {
    const error = await failure(Response.json({ status: 'error', response_code: 3000, error_message: 'nope' }));
    expect(error).toMatchObject({ responseCode: 3000, httpStatus: 200, message: 'nope' });
  });

  it("then from the JSON-parsed error body's response_code", async () => {
    const body = { status: 'error', response_code: 2002, error_message: '', server_time: '2026-01-01 00:00:00' };
    const error = await failure(Response.json(body, { status: 400 }));
    expect(error).toMatchObject({ responseCode: 2002, httpStatus: 400 });
    expect(JSON.parse(error.body ?? '')).toEqual(body);
  });

  it("keeps a throttled call's Retry-After", async () => {
    const body = { status: 'error', response_code: 2002, error_message: 'wait', server_time: '2026-01-01 00:00:00' };
    const throttled = await failure(Response.json(body, { status: 429, headers: { 'retry-after': '8' } }));
    expect(throttled).toMatchObject({ responseCode: 2002, httpStatus: 429, retryAfterSeconds: 8 });
    expect((await failure(Response.json(body, { status: 400 }))).retryAfterSeconds).toBeUndefined();
  });

  it('then from the HTTP status', async () => {
    expect(await failure(Response.json({ message: 'Not Found' }, { status: 404 }))).toMatchObject({
      responseCode: 404,
      httpStatus: 404,
    });
    expect(await failure(new Response('<html>Bad Gateway</html>', { status: 502 }))).toMatchObject({
      responseCode: 502,
      httpStatus: 502,
    });
  });

  it('gives ServerError for an unreadable answer', async () => {
    const error = await failure(new Response('<html>oops</html>', { status: 200 }));
    expect(error).toMatchObject({ responseCode: ResponseCode.ServerError, httpStatus: 200 });
    expect(error.responseCode).toBe(1099);
  });

  it("gives 'Unknown Error' with code 1 when no answer arrives", async () => {
    const error = await failure(new TypeError('fetch failed'));
    expect(error).toMatchObject({ message: 'Unknown Error', responseCode: 1, httpStatus: undefined, body: undefined });
  });

  it('gives ServerError when a successful answer fails its schema', async () => {
    const { fetch } = fakeFetch(ok({ title_list: 'not a list' }));
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });
    const error = await rejection(api.listTitles({ title_id_list: [10001] }));
    expect(error).toMatchObject({ responseCode: ResponseCode.ServerError });
  });

  it('returns the parsed answer when the schema accepts it', async () => {
    const { fetch } = fakeFetch(ok({ count: 2, extra: true }));
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });
    const schema = {
      parse: (data: unknown) => ({ count: Number((data as { count: unknown }).count) }),
    };
    await expect(api.get('/x', {}, { schema })).resolves.toEqual({ count: 2 });
  });

  it('responseCodeOf follows the same order for any error value', () => {
    expect(responseCodeOf({ response_code: 1098, status: 500 })).toBe(1098);
    expect(responseCodeOf({ body: '{"response_code":2011}', status: 400 })).toBe(2011);
    expect(responseCodeOf({ body: 'not json', status: 503 })).toBe(503);
    expect(responseCodeOf(new Error('x'))).toBe(ResponseCode.ServerError);
  });
});

describe('getCached', () => {
  it('answers the same url and body from the cache', async () => {
    const { fetch, requests } = fakeFetch(ok({ n: 1 }), ok({ n: 2 }));
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    const first = await api.getCached('/genre/list', { genre_id_list: [1, 2] });
    const second = await api.getCached('/genre/list', { genre_id_list: [1, 2] });

    expect(requests).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it('misses when the body differs', async () => {
    const { fetch, requests } = fakeFetch(ok({ n: 1 }), ok({ n: 2 }));
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    const first = await api.getCached('/episode/list', { episode_id_list: [1] }, { method: 'POST' });
    const second = await api.getCached('/episode/list', { episode_id_list: [2] }, { method: 'POST' });

    expect(requests).toHaveLength(2);
    expect(requests[0]?.url).toBe(requests[1]?.url);
    expect(first).not.toEqual(second);
  });

  it('keys by url plus body and forgets answers after the TTL', async () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1000, now: () => now });
    const { fetch, requests } = fakeFetch(ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch, cache });

    await api.getCached('/web/top');
    now = 999;
    await api.getCached('/web/top');
    now = 1000;
    await api.getCached('/web/top');

    expect(requests).toHaveLength(2);
    expect(ResponseCache.key('u', 'a')).not.toBe(ResponseCache.key('u', 'b'));
  });

  it('does not keep failures', async () => {
    const { fetch, requests } = fakeFetch(new TypeError('fetch failed'), ok());
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });

    await rejection(api.getCached('/web/top'));
    await api.getCached('/web/top');

    expect(requests).toHaveLength(2);
  });
});

describe('pollBuildManifest', () => {
  it('returns the id of the latest build', async () => {
    const { fetch, requests } = fakeFetch(Response.json({ id: 'abc123', timestamp: 1 }));
    await expect(pollBuildManifest('http://web.test/', { fetch })).resolves.toBe('abc123');
    expect(requests[0]?.url).toBe('http://web.test/builds/latest');
  });

  it('returns undefined when the manifest cannot be read', async () => {
    await expect(pollBuildManifest('/', { fetch: fakeFetch(new TypeError('x')).fetch })).resolves.toBeUndefined();
    const notFound = fakeFetch(new Response('nope', { status: 404 }));
    await expect(pollBuildManifest('/', { fetch: notFound.fetch })).resolves.toBeUndefined();
  });
});
