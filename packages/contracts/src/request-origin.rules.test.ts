import { describe, expect, it } from 'vitest';
import {
  allowedOriginOf,
  crossSiteRefusal,
  DEFAULT_SITE_ORIGINS,
  originsOf,
  parseSiteOrigins,
  type RequestOriginFacts,
} from './request-origin.rules.ts';

const ALLOWED = originsOf(['http://127.0.0.1:3240', 'https://manga.example/', 'http://127.0.0.1:3241']);
const browserPost = (overrides: Partial<RequestOriginFacts> = {}): RequestOriginFacts => ({
  method: 'POST',
  origin: 'http://127.0.0.1:3240',
  secFetchSite: 'same-origin',
  carriesCookies: true,
  ...overrides,
});

describe('crossSiteRefusal', () => {
  it('lets a browser post from one of the origins, the web’s or the API’s own', () => {
    for (const origin of ['http://127.0.0.1:3240', 'https://manga.example', 'http://127.0.0.1:3241']) {
      expect(crossSiteRefusal(browserPost({ origin, secFetchSite: 'cross-site' }), ALLOWED), origin).toBeUndefined();
    }
  });

  it.each([
    ['another port of the same host', 'http://127.0.0.1:9999'],
    ['a sibling subdomain', 'https://evil.manga.example'],
    ['another scheme', 'http://manga.example'],
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['a look-alike', 'http://127.0.0.1:3240.evil.example'],
    ['an origin with a path', 'http://127.0.0.1:3240/'],
  ])('refuses a cookie-carrying post from %s', (_name, origin) => {
    expect(crossSiteRefusal(browserPost({ origin }), ALLOWED)).toMatch(/^cross-site request refused: Origin /);
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'post', 'PROPFIND'])('refuses every unsafe method (%s)', (method) => {
    expect(crossSiteRefusal(browserPost({ method, origin: 'http://127.0.0.1:9999' }), ALLOWED)).toBeDefined();
  });

  it('reads Sec-Fetch-Site where there is no Origin', () => {
    const noOrigin = (secFetchSite: string | undefined) => browserPost({ origin: undefined, secFetchSite });
    expect(crossSiteRefusal(noOrigin('same-site'), ALLOWED)).toBe(
      'cross-site request refused: Sec-Fetch-Site same-site',
    );
    expect(crossSiteRefusal(noOrigin('cross-site'), ALLOWED)).toBeDefined();
    expect(crossSiteRefusal(noOrigin('something-new'), ALLOWED)).toBeDefined();
    expect(crossSiteRefusal(noOrigin('same-origin'), ALLOWED)).toBeUndefined();
    expect(crossSiteRefusal(noOrigin('none'), ALLOWED)).toBeUndefined();
  });

  it('leaves safe methods, cookie-less calls and clients that send neither header alone', () => {
    const foreign = 'http://127.0.0.1:9999';
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(crossSiteRefusal(browserPost({ method, origin: foreign }), ALLOWED)).toBeUndefined();
    }
    // App-signed calls and the payment provider's webhooks carry no cookies.
    expect(crossSiteRefusal(browserPost({ origin: foreign, carriesCookies: false }), ALLOWED)).toBeUndefined();
    // Apps, curl and the web server's own calls send no Origin and no Sec-Fetch-Site.
    expect(crossSiteRefusal(browserPost({ origin: undefined, secFetchSite: undefined }), ALLOWED)).toBeUndefined();
  });
});

describe('originsOf', () => {
  it('serialises origins as browsers send them and leaves out what is not one', () => {
    expect(
      originsOf(['HTTP://LOCALHOST:3000/', ' https://manga.example:443 ', 'http://a.test:80/x', 'nope', 'data:x']),
    ).toEqual(['http://localhost:3000', 'https://manga.example', 'http://a.test']);
  });
});

describe('parseSiteOrigins (MANGA_WEB_ORIGIN, issue 24 item 13)', () => {
  it('defaults to the site on this machine by either loopback name, localhost first', () => {
    expect(parseSiteOrigins(undefined)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(parseSiteOrigins('  ')).toEqual(parseSiteOrigins(DEFAULT_SITE_ORIGINS));
  });

  it('serialises each entry and keeps their order (the first is the checkout fallback)', () => {
    expect(parseSiteOrigins(' https://Manga.Example/ , http://192.168.1.20:3000,http://192.168.1.20:3000/x')).toEqual([
      'https://manga.example',
      'http://192.168.1.20:3000',
    ]);
  });

  it.each([['nonsense'], ['http://a.test,nonsense'], ['ftp://a.test'], ['javascript:alert(1)'], [',,']])(
    'refuses %j',
    (raw) => {
      expect(parseSiteOrigins(raw)).toBeUndefined();
    },
  );
});

describe('allowedOriginOf', () => {
  const allowed = parseSiteOrigins('http://localhost:3000,http://127.0.0.1:3000,http://192.168.1.20:3000') ?? [];

  it('answers an allowed origin exactly as the browser sent it', () => {
    for (const origin of allowed) expect(allowedOriginOf(origin, allowed)).toBe(origin);
  });

  it.each([
    [undefined],
    [''],
    ['null'],
    ['http://127.0.0.1:3001'],
    ['https://127.0.0.1:3000'],
    ['http://127.0.0.1:3000/'],
    ['http://127.0.0.1:3000/my/shop'],
    ['http://user@127.0.0.1:3000'],
    ['http://127.0.0.1.evil.test:3000'],
    ['http://192.168.1.2:3000'],
    [`http://127.0.0.1:3000${'x'.repeat(300)}`],
  ])('is not ours: %j', (candidate) => {
    expect(allowedOriginOf(candidate, allowed)).toBeUndefined();
  });
});
