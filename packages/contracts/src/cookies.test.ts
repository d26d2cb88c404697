import { describe, expect, it } from 'vitest';
import { parseCookieHeader, parseJsonCookieValue } from './cookies.ts';

describe('parseCookieHeader', () => {
  it('reads name=value pairs, keeping the first of a repeated name and any = in a value', () => {
    const cookies = parseCookieHeader('a=1; b=x=y; a=2;  c = 3 ');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'x=y'],
      ['c', '3'],
    ]);
  });

  it('skips parts without a name or an =, and reads nothing from nothing', () => {
    expect([...parseCookieHeader('junk; =1; ok=')]).toEqual([['ok', '']]);
    expect(parseCookieHeader(undefined).size).toBe(0);
    expect(parseCookieHeader(null).size).toBe(0);
  });
});

describe('parseJsonCookieValue', () => {
  it('reads URL-encoded, raw and double-quoted JSON alike', () => {
    const expected = { value: '2000-01', expires: 1 };
    expect(parseJsonCookieValue('%7B%22value%22%3A%222000-01%22%2C%22expires%22%3A1%7D')).toEqual(expected);
    expect(parseJsonCookieValue('{"value": "2000-01", "expires": 1}')).toEqual(expected);
    expect(parseJsonCookieValue('"{"value":"2000-01","expires":1}"')).toEqual(expected);
  });

  it('keeps a raw value whose % does not decode', () => {
    expect(parseJsonCookieValue('{"value":"100%"}')).toEqual({ value: '100%' });
  });

  it('gives undefined for anything that is not JSON', () => {
    for (const raw of [undefined, '', 'garbage', '%E0%A4%A', '{"value":'])
      expect(parseJsonCookieValue(raw)).toBeUndefined();
  });
});
