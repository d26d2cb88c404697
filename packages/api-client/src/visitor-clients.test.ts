import { serializeBirthdayCookie, signWebRequest } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { CRAWLER_HEADER, HASH_HEADER } from './api-client.ts';
import { createBrowserApiClient, createServerApiClient, SERVICE_HASH_HEADER } from './visitor-clients.ts';

interface Sent {
  url: string;
  headers: Record<string, string>;
}

function recordingFetch() {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), headers: Object.fromEntries(new Headers(init.headers).entries()) });
    return Response.json({ status: 'success', response_code: 0, error_message: '' });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

const birthday = serializeBirthdayCookie('2000-01', 4102372799);

describe('createServerApiClient', () => {
  it("forwards the visitor's cookie, language, address, page origin and service hash, and signs with their birthday", async () => {
    const { fetch, sent } = recordingFetch();
    const requestHeaders = new Headers({
      cookie: `dev_birthday=${birthday}; dev_uwt=token`,
      'user-agent': 'Mozilla/5.0',
      'accept-language': 'en-US',
      'x-forwarded-for': '203.0.113.9',
      origin: 'https://manga.example',
      [SERVICE_HASH_HEADER]: 'svc-hash',
      'x-unrelated': 'not forwarded',
    });
    const api = createServerApiClient({
      baseUrl: 'http://api.test',
      requestHeaders,
      cookiePrefix: 'dev_',
      isCrawler: false,
      fetch,
    });

    await api.get('/web/top');

    const headers = sent[0]?.headers ?? {};
    expect(headers).toMatchObject({
      cookie: `dev_birthday=${birthday}; dev_uwt=token`,
      'user-agent': 'Mozilla/5.0',
      'accept-language': 'en-US',
      'x-forwarded-for': '203.0.113.9',
      origin: 'https://manga.example',
      [SERVICE_HASH_HEADER]: 'svc-hash',
      [CRAWLER_HEADER]: 'false',
    });
    expect(headers['x-unrelated']).toBeUndefined();
    expect(headers[HASH_HEADER]).toBe(signWebRequest({ platform: '3', version: '6.0.0' }, '2000-01', '4102372799'));
  });

  it('sends the trusted hop headers the web server gives, and never a copy from the visitor', async () => {
    const { fetch, sent } = recordingFetch();
    const api = createServerApiClient({
      baseUrl: 'http://api.test',
      requestHeaders: new Headers({ 'x-manga-client-ip': '127.0.0.1', 'x-manga-proxy-secret': 'forged' }),
      cookiePrefix: 'dev_',
      isCrawler: false,
      trustedHeaders: { 'x-manga-client-ip': '198.51.100.7', 'x-manga-proxy-secret': 'real' },
      fetch,
    });
    await api.get('/web/top');
    expect(sent[0]?.headers).toMatchObject({ 'x-manga-client-ip': '198.51.100.7', 'x-manga-proxy-secret': 'real' });

    const { fetch: plain, sent: plainSent } = recordingFetch();
    await createServerApiClient({
      baseUrl: 'http://api.test',
      requestHeaders: new Headers({ 'x-manga-client-ip': '127.0.0.1', 'x-manga-proxy-secret': 'forged' }),
      cookiePrefix: 'dev_',
      isCrawler: false,
      fetch: plain,
    }).get('/web/top');
    expect(plainSent[0]?.headers['x-manga-client-ip']).toBeUndefined();
    expect(plainSent[0]?.headers['x-manga-proxy-secret']).toBeUndefined();
  });

  it('sends the crawler flag and an overriding cookie header set during the same request', async () => {
    const { fetch, sent } = recordingFetch();
    const api = createServerApiClient({
      baseUrl: 'http://api.test',
      requestHeaders: new Headers({ 'user-agent': 'Googlebot/2.1' }),
      cookiePrefix: '',
      isCrawler: true,
      cookieHeader: `birthday=${birthday}`,
      fetch,
    });

    await api.get('/web/top');

    expect(sent[0]?.headers[CRAWLER_HEADER]).toBe('true');
    expect(sent[0]?.headers.cookie).toBe(`birthday=${birthday}`);
    expect(sent[0]?.headers[SERVICE_HASH_HEADER]).toBeUndefined();
    expect(sent[0]?.headers[HASH_HEADER]).toBe(
      signWebRequest({ platform: '3', version: '6.0.0' }, '2000-01', '4102372799'),
    );
  });
});

describe('createBrowserApiClient', () => {
  it('calls the /api prefix and signs with the birthday cookie read at call time', async () => {
    const { fetch, sent } = recordingFetch();
    const cookieSource = { cookie: 'other=1' };
    const api = createBrowserApiClient({ cookiePrefix: 'dev_', cookieSource, fetch });

    await api.get('/web/status');
    cookieSource.cookie = `other=1; dev_birthday=${birthday}`;
    await api.get('/web/status');

    expect(sent[0]?.url).toBe('/api/web/status?platform=3&version=6.0.0');
    expect(sent[0]?.headers[HASH_HEADER]).toBe(signWebRequest({ platform: '3', version: '6.0.0' }, '', ''));
    expect(sent[1]?.headers[HASH_HEADER]).toBe(
      signWebRequest({ platform: '3', version: '6.0.0' }, '2000-01', '4102372799'),
    );
    expect(sent[0]?.headers[CRAWLER_HEADER]).toBe('false');
  });

  it('takes another prefix and the crawler flag', async () => {
    const { fetch, sent } = recordingFetch();
    const api = createBrowserApiClient({
      prefix: '/backend',
      cookiePrefix: '',
      isCrawler: true,
      cookieSource: { cookie: '' },
      fetch,
    });
    await api.post('/web/law', { birthday: '2000-01', is_consent: 1 });
    expect(sent[0]?.url).toBe('/backend/web/law');
    expect(sent[0]?.headers[CRAWLER_HEADER]).toBe('true');
  });
});
