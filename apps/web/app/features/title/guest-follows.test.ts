import { describe, expect, it } from 'vitest';
import { GUEST_FOLLOWS_MAX, parseGuestFollows, withGuestFollow } from './guest-follows.ts';

describe("a guest's follows in browser storage", () => {
  it('reads only valid title ids, once each', () => {
    expect(parseGuestFollows('[10001, 10002, 10001]')).toEqual([10001, 10002]);
    expect(parseGuestFollows('[0, -1, 1.5, "10003", null, 10004]')).toEqual([10004]);
  });

  it('reads nothing from missing, broken or hostile values', () => {
    for (const value of [null, '', 'not json', '{"a":1}', '42', '"10001"', '[[10001]]']) {
      expect(parseGuestFollows(value)).toEqual([]);
    }
  });

  it('keeps at most GUEST_FOLLOWS_MAX, dropping the oldest', () => {
    const many = Array.from({ length: GUEST_FOLLOWS_MAX + 5 }, (_, i) => 10_001 + i);
    expect(parseGuestFollows(JSON.stringify(many))).toEqual(many.slice(5));
    expect(withGuestFollow(many.slice(5), 99_999, true)).toHaveLength(GUEST_FOLLOWS_MAX);
  });

  it('follows at the end and unfollows', () => {
    expect(withGuestFollow([1, 2], 1, true)).toEqual([2, 1]);
    expect(withGuestFollow([1, 2], 1, false)).toEqual([2]);
    expect(withGuestFollow([], 3, false)).toEqual([]);
  });
});
