import { describe, expect, it } from 'vitest';
import { fetchHeadersOf, headerReaderOf } from './http-headers.ts';

describe('headerReaderOf', () => {
  it("reads a Node request's headers as its Fetch headers would, without building them", () => {
    const node = {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
      cookie: 'dev_locale=en; dev_time_zone=Asia%2FTokyo',
      'x-many': ['a', 'b'],
      'accept-language': '',
    };
    const reader = headerReaderOf(node);
    const fetched = fetchHeadersOf(node);
    for (const name of [
      'user-agent',
      'User-Agent',
      'cookie',
      'x-many',
      'accept-language',
      'cloudfront-viewer-country',
    ]) {
      expect(reader.get(name)).toBe(fetched.get(name));
    }
    expect(reader.get('x-many')).toBe('a, b');
    expect(reader.get('absent')).toBeNull();
  });
});
