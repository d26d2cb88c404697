import { describe, expect, it } from 'vitest';
import { readWebEnv } from './env.server.ts';

describe('readWebEnv', () => {
  it('has the documented defaults', () => {
    expect(readWebEnv({})).toEqual({
      deployment: 'development',
      cookiePrefix: 'dev_',
      apiUrl: 'http://127.0.0.1:3001',
      port: 3000,
      publicApiPrefix: '/api',
      cookieAuth: true,
      viewerCountryHeader: 'cloudfront-viewer-country',
      defaultRegion: 'JP',
      wireTimeZone: 'Asia/Tokyo',
      errorRedirect: false,
      host: '127.0.0.1',
      devOutbox: true,
      proxySecret: undefined,
      dataDir: expect.stringMatching(/\/data$/),
      trustedProxyHops: 0,
      publicApiUrl: 'http://localhost:3001',
      webOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      pageCacheMaxBytes: 32 * 1024 * 1024,
      pageCacheTtlMs: 60_000,
      pageCacheRevisionCheckMs: 0,
      pageCachePushRecheckMs: 10_000,
      personalCacheSessions: 10_000,
      trustRequestId: false,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
    });
  });

  it("reads the metrics port and the trust in a front's request id (issue 25)", () => {
    const env = readWebEnv({
      MANGA_WEB_METRICS_PORT: '9464',
      MANGA_WEB_METRICS_HOST: '10.0.0.5',
      MANGA_WEB_TRUST_REQUEST_ID: 'true',
    });
    expect(env).toMatchObject({ metricsPort: 9464, metricsHost: '10.0.0.5', trustRequestId: true });
    expect(() => readWebEnv({ MANGA_WEB_METRICS_PORT: '70000' })).toThrow(/MANGA_WEB_METRICS_PORT/);
    expect(() => readWebEnv({ MANGA_WEB_TRUST_REQUEST_ID: 'maybe' })).toThrow(/MANGA_WEB_TRUST_REQUEST_ID/);
  });

  it('reads the origins it is served at, as the API does (ADR 028)', () => {
    expect(readWebEnv({ MANGA_WEB_ORIGIN: 'http://127.0.0.1:3240, HTTPS://Manga.Example/' }).webOrigins).toEqual([
      'http://127.0.0.1:3240',
      'https://manga.example',
    ]);
    expect(() => readWebEnv({ MANGA_WEB_ORIGIN: 'http://a.test,nonsense' })).toThrow(/MANGA_WEB_ORIGIN/);
  });

  it('reads the page cache settings and refuses nonsense (ADR 020)', () => {
    expect(readWebEnv({ MANGA_WEB_PAGE_CACHE_MB: '0' }).pageCacheMaxBytes).toBe(0);
    expect(readWebEnv({ MANGA_WEB_PAGE_CACHE_SECONDS: '5' }).pageCacheTtlMs).toBe(5000);
    expect(() => readWebEnv({ MANGA_WEB_PAGE_CACHE_MB: '-1' })).toThrow(/MANGA_WEB_PAGE_CACHE_MB/);
    expect(() => readWebEnv({ MANGA_WEB_PAGE_CACHE_SECONDS: 'soon' })).toThrow(/MANGA_WEB_PAGE_CACHE_SECONDS/);
    // The pushed revision (ADR 078): off, a bound, or refused at or under the API's heartbeat.
    expect(readWebEnv({ MANGA_WEB_PAGE_CACHE_PUSH_RECHECK_SECONDS: '0' }).pageCachePushRecheckMs).toBe(0);
    expect(readWebEnv({ MANGA_WEB_PAGE_CACHE_PUSH_RECHECK_SECONDS: '30' }).pageCachePushRecheckMs).toBe(30_000);
    expect(readWebEnv({ MANGA_WEB_PERSONAL_CACHE_SESSIONS: '0' }).personalCacheSessions).toBe(0);
    expect(() => readWebEnv({ MANGA_WEB_PERSONAL_CACHE_SESSIONS: '-1' })).toThrow(/MANGA_WEB_PERSONAL_CACHE_SESSIONS/);
    expect(() => readWebEnv({ MANGA_WEB_PAGE_CACHE_PUSH_RECHECK_SECONDS: '5' })).toThrow(/heartbeat/);
  });

  it('listens on loopback and keeps the outbox on only in development, unless told otherwise (ADR 015)', () => {
    expect(readWebEnv({ MANGA_ENV: 'test' })).toMatchObject({ host: '127.0.0.1', devOutbox: false });
    expect(readWebEnv({ MANGA_ENV: 'production' })).toMatchObject({ host: '0.0.0.0', devOutbox: false });
    expect(readWebEnv({ MANGA_WEB_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readWebEnv({ MANGA_DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    expect(() => readWebEnv({ MANGA_ENV: 'production', MANGA_DEV_OUTBOX: 'true' })).toThrow(/MANGA_DEV_OUTBOX/);
  });

  it('reads the proxy secret it shares with the API, and where the generated one lives', () => {
    const secret = 'p'.repeat(40);
    expect(readWebEnv({ MANGA_PROXY_SECRET: secret }).proxySecret).toBe(secret);
    expect(() => readWebEnv({ MANGA_PROXY_SECRET: 'short' })).toThrow(/MANGA_PROXY_SECRET/);
    expect(readWebEnv({ MANGA_DATA_DIR: '/srv/manga' }).dataDir).toBe('/srv/manga');
  });

  it('reads how many load balancers stand in front, as the API does', () => {
    expect(readWebEnv({ MANGA_TRUST_PROXY: 'true' }).trustedProxyHops).toBe(1);
    expect(readWebEnv({ MANGA_TRUST_PROXY: '2' }).trustedProxyHops).toBe(2);
    expect(readWebEnv({ MANGA_TRUST_PROXY: 'false' }).trustedProxyHops).toBe(0);
    expect(() => readWebEnv({ MANGA_TRUST_PROXY: 'lb.internal' })).toThrow(/MANGA_TRUST_PROXY/);
  });

  it('reads wire times in the zone the API is configured with', () => {
    expect(readWebEnv({ MANGA_WIRE_TIMEZONE: 'America/New_York' }).wireTimeZone).toBe('America/New_York');
    expect(() => readWebEnv({ MANGA_WIRE_TIMEZONE: 'Tokyo+9' })).toThrow(/MANGA_WIRE_TIMEZONE/);
  });

  it('reads the guard, region and error settings', () => {
    const env = readWebEnv({
      MANGA_ENV: 'production',
      MANGA_COOKIE_AUTH: 'false',
      MANGA_VIEWER_COUNTRY_HEADER: 'X-Country',
      MANGA_DEFAULT_REGION: 'us',
    });
    expect(env).toMatchObject({ cookieAuth: false, viewerCountryHeader: 'x-country', defaultRegion: 'US' });
    expect(env.errorRedirect).toBe(true);
    expect(readWebEnv({ MANGA_COOKIE_AUTH: '1' }).cookieAuth).toBe(true);
    expect(() => readWebEnv({ MANGA_COOKIE_AUTH: 'maybe' })).toThrow(/MANGA_COOKIE_AUTH/);
    expect(() => readWebEnv({ MANGA_DEFAULT_REGION: 'EU' })).toThrow(/MANGA_DEFAULT_REGION/);
    expect(() => readWebEnv({ MANGA_VIEWER_COUNTRY_HEADER: 'bad header' })).toThrow(/MANGA_VIEWER_COUNTRY_HEADER/);
  });

  it('follows the API for the cookie prefix', () => {
    expect(readWebEnv({ MANGA_ENV: 'production' }).cookiePrefix).toBe('');
    expect(readWebEnv({ MANGA_ENV: 'test' }).cookiePrefix).toBe('test_');
    expect(readWebEnv({ MANGA_ENV: 'production', MANGA_COOKIE_PREFIX: 'stg_' }).cookiePrefix).toBe('stg_');
  });

  it('normalises and rejects values', () => {
    const env = readWebEnv({
      MANGA_API_URL: 'http://api:4000/',
      MANGA_PUBLIC_API_PREFIX: 'backend/',
      MANGA_WEB_PORT: '8080',
    });
    expect(env).toMatchObject({ apiUrl: 'http://api:4000', publicApiPrefix: '/backend', port: 8080 });
    expect(readWebEnv({ MANGA_PUBLIC_API_PREFIX: '//backend//' }).publicApiPrefix).toBe('/backend');
    expect(() => readWebEnv({ MANGA_WEB_PORT: 'eighty' })).toThrow(/MANGA_WEB_PORT/);
    expect(() => readWebEnv({ MANGA_API_URL: 'not a url' })).toThrow(/MANGA_API_URL/);
    expect(() => readWebEnv({ MANGA_ENV: 'staging' })).toThrow(/MANGA_ENV/);
  });
});
