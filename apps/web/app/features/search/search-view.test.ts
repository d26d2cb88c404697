import { describe, expect, it } from 'vitest';
import { recentWireDates, searchSort } from './search-view.ts';

describe('search view helpers', () => {
  it('reads the sort order, popular by default', () => {
    expect(searchSort('new')).toBe('new');
    expect(searchSort('bogus')).toBe('popular');
    expect(searchSort(null)).toBe('popular');
  });

  it('counts days in Tokyo time: 20:00 UTC is already the next day there', () => {
    expect(recentWireDates(new Date('2026-11-21T20:00:00Z'), 3, 'Asia/Tokyo')).toEqual([
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
    ]);
    expect(recentWireDates(new Date('2026-11-21T10:00:00Z'), 1, 'Asia/Tokyo')).toEqual(['2026-11-21']);
  });
});
