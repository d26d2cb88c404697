import { describe, expect, it } from 'vitest';
import { MAX_RETURN_TARGET_LENGTH, sameOriginReturnTarget } from './return-target.rules.ts';

const ORIGIN = 'http://127.0.0.1:3240';

/** Hostile return targets that must be refused outright: each leads, or could lead, off the site. */
const REFUSED: readonly string[] = [
  // Control characters, which the URL parser drops or trims (issue 22: `/%09/evil.com` decoded).
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r/evil.com',
  '/\r\n/evil.com',
  '\t//evil.com',
  '\n//evil.com',
  ' //evil.com',
  '\u0000//evil.com',
  '\u001f//evil.com',
  '/\t\\evil.com',
  // `//` in every position, and what resolves to it.
  '//evil.com',
  '///evil.com',
  '////evil.com',
  '//evil.com/title/1',
  '//',
  '/.//evil.com',
  '/././/evil.com',
  '/%2e//evil.com',
  '/%2E//evil.com',
  '/..//evil.com',
  '/%2e%2e//evil.com',
  '/.%2e//evil.com',
  '/a/../..//evil.com',
  '/a/%2e%2e/%2e%2e//evil.com',
  '/a/b/../../..//evil.com',
  // Backslashes, read as slashes by browsers.
  '/\\evil.com',
  '\\\\evil.com',
  '\\/evil.com',
  '/\\/evil.com',
  '\\\\\\evil.com',
  '/.\\\\evil.com',
  // Schemes.
  'http://evil.com',
  'https://evil.com/',
  'HTTP://EVIL.COM',
  'https:evil.com',
  'https:/evil.com',
  'ftp://evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'mailto:someone@evil.com',
  'blob:http://evil.com/1',
  // Credentials and look-alike hosts.
  '//user:pass@evil.com',
  '//user@evil.com/',
  'http://user@127.0.0.1:3240@evil.com/',
  '//127.0.0.1:3240@evil.com',
  'http://127.0.0.1:3240.evil.com/',
  '//evil.com\\@127.0.0.1:3240',
  'http://user:pass@127.0.0.1:3240/title/1',
  'http://user@127.0.0.1:3240/',
  // Characters the parser drops or rereads, wherever they are, and what is not a path.
  '/\u0000/evil.com',
  '/a\u007f',
  '/a\nLocation: x',
  '/title/1\t',
  '/a\\b',
  'http://127.0.0.1:3240\\@evil.com',
  'http:evil.com',
  'http:/evil.com',
  'evil.com',
  '%2f%2fevil.com',
  '\uff0f\uff0fevil.com',
  'title/1',
  './title/1',
  '../title/1',
  '?next=1',
  '#top',
  ' /title/1',
  // The same host on another port or scheme is another origin.
  'http://127.0.0.1:3241/title/1',
  'https://127.0.0.1:3240/title/1',
  'http://localhost:3240/title/1',
  // Nothing, or too long.
  '',
  `/${'a'.repeat(MAX_RETURN_TARGET_LENGTH)}`,
];

/**
 * Hostile-looking targets that stay on the site: kept as the resolved path (encoded), which a browser
 * reads as that path on our origin and nothing else.
 */
const KEPT_ON_SITE: readonly (readonly [string, string])[] = [
  ['/%09/evil.com', '/%09/evil.com'],
  ['/%0a/evil.com', '/%0a/evil.com'],
  ['/%2f/evil.com', '/%2f/evil.com'],
  ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ['/%5cevil.com', '/%5cevil.com'],
  ['/%5c%5cevil.com', '/%5c%5cevil.com'],
  ['/\uff0fevil.com', '/%EF%BC%8Fevil.com'],
  ['/\u2215evil.com', '/%E2%88%95evil.com'],
  ['/\u2044evil.com', '/%E2%81%84evil.com'],
  ['/@evil.com', '/@evil.com'],
  ['/title/1?next=//evil.com', '/title/1?next=//evil.com'],
  ['/title/1#//evil.com', '/title/1#//evil.com'],
  ['/a//b', '/a//b'],
  ['/a/b/../../x', '/x'],
  ['/<script>', '/%3Cscript%3E'],
  ['/"onmouseover="x', '/%22onmouseover=%22x'],
];

/** Ordinary targets, which must survive with their query and hash. */
const GOOD: readonly (readonly [string, string])[] = [
  ['/', '/'],
  ['/title/10001', '/title/10001'],
  ['/title/10001?comments=2', '/title/10001?comments=2'],
  ['/title/10001?comments=2#comments', '/title/10001?comments=2#comments'],
  ['/title/10001/episode/200001', '/title/10001/episode/200001'],
  ['/my/shop?tab=plan&return=%2Fmy', '/my/shop?tab=plan&return=%2Fmy'],
  ['/?dialog=login&redirect=%2Fmy', '/?dialog=login&redirect=%2Fmy'],
  ['/search/%E6%BC%AB%E7%94%BB', '/search/%E6%BC%AB%E7%94%BB'],
  ['/search/漫画?q=a b', '/search/%E6%BC%AB%E7%94%BB?q=a%20b'],
  ['/ranking#top', '/ranking#top'],
];

describe('sameOriginReturnTarget', () => {
  it.each(REFUSED)('refuses %j', (value) => {
    expect(sameOriginReturnTarget(value, ORIGIN)).toBeUndefined();
    expect(sameOriginReturnTarget(value)).toBeUndefined();
  });

  it.each(KEPT_ON_SITE)('keeps %j on the site as %j', (value, expected) => {
    expect(sameOriginReturnTarget(value, ORIGIN)).toBe(expected);
    expect(new URL(expected, ORIGIN).origin).toBe(ORIGIN);
  });

  it.each(GOOD)('keeps %j as %j (query and hash kept)', (value, expected) => {
    expect(sameOriginReturnTarget(value, ORIGIN)).toBe(expected);
    expect(sameOriginReturnTarget(value)).toBe(expected);
  });

  it('has at least 50 hostile cases, every one refused or resolving on the origin as a single-slash path', () => {
    expect(REFUSED.length + KEPT_ON_SITE.length).toBeGreaterThanOrEqual(50);
    for (const value of [...REFUSED, ...KEPT_ON_SITE.map(([v]) => v)]) {
      const target = sameOriginReturnTarget(value, ORIGIN);
      if (target === undefined) continue;
      expect(target, value).toMatch(/^\/(?![/\\])/);
      expect(
        [...target].every((c) => c > ' ' && c < '\u007f' && c !== '\\'),
        value,
      ).toBe(true);
      expect(new URL(target, ORIGIN).origin, value).toBe(ORIGIN);
    }
  });

  it('accepts an absolute URL on the origin it is given, as its path, and no absolute URL without one', () => {
    expect(sameOriginReturnTarget(`${ORIGIN}/title/1?x=1#y`, ORIGIN)).toBe('/title/1?x=1#y');
    expect(sameOriginReturnTarget(`${ORIGIN}/title/1`)).toBeUndefined();
  });

  it('refuses anything but a string, and refuses with an origin that is not one', () => {
    expect(sameOriginReturnTarget(null, ORIGIN)).toBeUndefined();
    expect(sameOriginReturnTarget(undefined, ORIGIN)).toBeUndefined();
    expect(sameOriginReturnTarget('/title/1', 'not an origin')).toBeUndefined();
    expect(sameOriginReturnTarget('/title/1', 'data:text/plain,x')).toBeUndefined();
  });
});
