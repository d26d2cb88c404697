import { describe, expect, it } from 'vitest';
import { accessKindOf, episodeAccess, isReadable, sortEpisodes, timeLeft } from './episode-access.ts';
import { wireEpisode } from './wire-fixtures.test-support.ts';

const episode = wireEpisode;

const now = new Date('2026-11-22T03:00:00Z'); // 12:00 in Tokyo
const TOKYO = 'Asia/Tokyo';

describe('episodeAccess', () => {
  it('shows free, purchased and paid episodes with their price', () => {
    expect(episodeAccess(episode({ badge: 2 }), now, TOKYO)).toEqual({ kind: 'free' });
    expect(episodeAccess(episode({ badge: 3, point: 80 }), now, TOKYO)).toEqual({ kind: 'purchased' });
    expect(episodeAccess(episode({ badge: 1, point: 80, ticket_rental_enabled: 1 }), now, TOKYO)).toEqual({
      kind: 'paid',
      point: 80,
      ticket: true,
    });
  });

  it('follows the badge, not the price: the API decides what is open', () => {
    expect(episodeAccess(episode({ badge: 2, point: 80 }), now, TOKYO)).toEqual({ kind: 'free' });
    expect(episodeAccess(episode({ badge: 1, point: 0 }), now, TOKYO)).toEqual({
      kind: 'paid',
      point: 0,
      ticket: false,
    });
    expect(isReadable(episodeAccess(episode({ badge: 1, point: 0 }), now, TOKYO))).toBe(false);
  });

  it('shows a running rental with the time left in its largest unit', () => {
    const rented = episode({ badge: 4, point: 80, rental_finish_time: '2026-11-24 15:30:00' });
    expect(episodeAccess(rented, now, TOKYO)).toEqual({
      kind: 'rented',
      left: { unit: 'days', count: 2 },
      until: '2026-11-24T06:30:00.000Z',
    });
    const soon = episode({ badge: 4, point: 80, rental_finish_time: '2026-11-22 12:45:00' });
    expect(episodeAccess(soon, now, TOKYO)).toEqual({
      kind: 'rented',
      left: { unit: 'minutes', count: 45 },
      until: '2026-11-22T03:45:00.000Z',
    });
    expect(isReadable(episodeAccess(soon, now, TOKYO))).toBe(true);
  });

  it('reads the finish time in the configured wire time zone', () => {
    // 12:45 in UTC is 9 h 45 min after 03:00 UTC; in Tokyo it would be 45 minutes.
    const rented = episode({ badge: 4, rental_finish_time: '2026-11-22 12:45:00' });
    expect(episodeAccess(rented, now, 'UTC')).toMatchObject({
      kind: 'rented',
      left: { unit: 'hours', count: 9 },
      until: '2026-11-22T12:45:00.000Z',
    });
  });

  it('leaves the time out of a rental the API sends no finish time for', () => {
    expect(episodeAccess(episode({ badge: 4, rental_finish_time: null }), now, TOKYO)).toEqual({
      kind: 'rented',
      left: undefined,
    });
  });

  it('keeps a finish time that is not in the future to "one minute left", never a negative time', () => {
    const ending = episode({ badge: 4, rental_finish_time: '2026-11-22 11:00:00' });
    expect(episodeAccess(ending, now, TOKYO)).toMatchObject({ kind: 'rented', left: { unit: 'minutes', count: 1 } });
  });
});

describe('accessKindOf', () => {
  it('reads wire §3.1 badges, and any other value as locked', () => {
    expect([1, 2, 3, 4].map(accessKindOf)).toEqual(['paid', 'free', 'purchased', 'rented']);
    expect(accessKindOf(0)).toBe('paid');
    expect(accessKindOf(5)).toBe('paid');
  });
});

describe('helpers', () => {
  it('rounds time left down, never below one minute', () => {
    expect(timeLeft(5 * 3_600_000 + 59 * 60_000)).toEqual({ unit: 'hours', count: 5 });
    expect(timeLeft(10_000)).toEqual({ unit: 'minutes', count: 1 });
  });

  it('sorts episodes newest first by default order, or oldest first', () => {
    const list = [{ index: 2 }, { index: 3 }, { index: 1 }];
    expect(sortEpisodes(list, 'desc').map((e) => e.index)).toEqual([3, 2, 1]);
    expect(sortEpisodes(list, 'asc').map((e) => e.index)).toEqual([1, 2, 3]);
  });
});
