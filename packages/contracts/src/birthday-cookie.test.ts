import { describe, expect, it } from 'vitest';
import { parseBirthdayCookie, readBirthdayCookie, serializeBirthdayCookie } from './birthday-cookie.ts';

describe('parseBirthdayCookie', () => {
  it.each([
    // TOSHO: URL-encoded compact JSON
    ['%7B%22value%22%3A%221998-01%22%2C%22expires%22%3A1735689600%7D', '1998-01', '1735689600'],
    // PYKAPI: raw JSON with spaces and a string expiry
    ['{"value": "2000-01", "expires": "4102444800"}', '2000-01', '4102444800'],
    // quoted cookie value
    ['"{"value":"2000-01","expires":4102372799}"', '2000-01', '4102372799'],
    ['%22%7B%22value%22%3A%222000-01%22%2C%22expires%22%3A1%7D%22', '2000-01', '1'],
    // raw JSON with a literal % that does not decode
    ['{"value":"100%","expires":5}', '100%', '5'],
    // extra keys are ignored; value is kept as sent for the signature
    ['{"value":"garbage","expires":0,"x":1}', 'garbage', '0'],
  ])('reads %j', (raw, value, expires) => {
    expect(parseBirthdayCookie(raw)).toEqual({ value, expires });
  });

  it.each([
    ['{"value":"2000-01","expires":1790000000,"default":1}'],
    ['%7B%22value%22%3A%222000-01%22%2C%22expires%22%3A1790000000%2C%22default%22%3A1%7D'],
    // Any value marks a default: only a cookie without the field claims a declared age.
    ['{"value":"2000-01","expires":1790000000,"default":0}'],
    ['{"value":"2000-01","expires":1790000000,"default":null}'],
    ['{"default":"no","value":"2000-01","expires":"1790000000"}'],
  ])('reads %j as a default the site recorded (ADR 026)', (raw) => {
    expect(parseBirthdayCookie(raw)).toEqual({ value: '2000-01', expires: '1790000000', byDefault: true });
  });

  it('reads a cookie without the field as a declaration, whatever its other keys', () => {
    expect(parseBirthdayCookie('{"value":"2000-01","expires":1,"defaults":1,"x":1}')).toStrictEqual({
      value: '2000-01',
      expires: '1',
    });
  });

  it.each([
    undefined,
    '',
    'not json',
    '2000-01',
    'null',
    '[1,2]',
    '"2000-01"',
    '{"expires":1}',
    '{"value":200001,"expires":1}',
    '{"value":"2000-01"}',
    '{"value":"2000-01","expires":null}',
    '{"value":"2000-01","expires":"soon"}',
    '{"value":"2000-01","expires":"-1"}',
    '{"value":"2000-01","expires":1.5}',
    '{"value":"2000-01","expires":-1}',
  ])('rejects %j', (raw) => {
    expect(parseBirthdayCookie(raw)).toBeUndefined();
  });
});

describe('serializeBirthdayCookie', () => {
  it('writes URL-encoded compact JSON like TOSHO', () => {
    expect(serializeBirthdayCookie('1998-01', 1735689600)).toBe(
      '%7B%22value%22%3A%221998-01%22%2C%22expires%22%3A1735689600%7D',
    );
  });

  it('writes a numeric-string expiry as a number', () => {
    expect(decodeURIComponent(serializeBirthdayCookie('2000-01', '4102372799'))).toBe(
      '{"value":"2000-01","expires":4102372799}',
    );
  });

  it('round-trips through parseBirthdayCookie', () => {
    expect(parseBirthdayCookie(serializeBirthdayCookie('2000-01', 4102372799))).toEqual({
      value: '2000-01',
      expires: '4102372799',
    });
  });

  it('marks a default the site records, and round-trips it', () => {
    const raw = serializeBirthdayCookie('2000-01', 1790000000, 'default');
    expect(decodeURIComponent(raw)).toBe('{"value":"2000-01","expires":1790000000,"default":1}');
    expect(parseBirthdayCookie(raw)).toEqual({ value: '2000-01', expires: '1790000000', byDefault: true });
    expect(serializeBirthdayCookie('2000-01', 1790000000, 'declared')).toBe(
      serializeBirthdayCookie('2000-01', 1790000000),
    );
  });

  it.each([-1, 1.5, Number.NaN, 'soon', '99999999999999999999'])('refuses the expiry %j', (expires) => {
    expect(() => serializeBirthdayCookie('2000-01', expires)).toThrow(RangeError);
  });
});

describe('readBirthdayCookie', () => {
  const raw = encodeURIComponent(JSON.stringify({ value: '2000-01', expires: 4102372799 }));

  it('finds the named cookie in a Cookie header and returns its value and expiry as strings', () => {
    expect(readBirthdayCookie(`uwt=x; dev_birthday=${raw}`, 'dev_birthday')).toEqual({
      value: '2000-01',
      expires: '4102372799',
    });
    expect(readBirthdayCookie(`birthday=${raw}`)).toEqual({ value: '2000-01', expires: '4102372799' });
  });

  it('reads only that name: another prefix, a missing cookie or no header give nothing', () => {
    expect(readBirthdayCookie(`dev_birthday=${raw}`, 'test_birthday')).toBeUndefined();
    expect(readBirthdayCookie(`dev_birthday=${raw}`)).toBeUndefined();
    expect(readBirthdayCookie('uwt=x', 'birthday')).toBeUndefined();
    expect(readBirthdayCookie(undefined)).toBeUndefined();
  });

  it('uses the first of two cookies of the same name, as browsers send the most specific first', () => {
    const other = serializeBirthdayCookie('1990-05', 1);
    expect(readBirthdayCookie(`birthday=${other}; birthday=${raw}`)?.value).toBe('1990-05');
  });
});
