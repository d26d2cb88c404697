import { describe, expect, it } from 'vitest';
import { episodeAccess, isReadable, parseWireDateTime, sortEpisodes, timeLeft } from './episode-access.ts';
import { wireEpisode } from './wire-fixtures.test-support.ts';

const episode = wireEpisode;

const now = new Date('2026-11-22T03:00:00Z'); // 12:00 in Tokyo

describe('episodeAccess', () => {
  it('shows free, purchased and paid episodes with their price', () => {
    expect(episodeAccess(episode({ badge: 2 }), now)).toEqual({ kind: 'free' });
    expect(episodeAccess(episode({ badge: 3, point: 80 }), now)).toEqual({ kind: 'purchased' });
    expect(episodeAccess(episode({ badge: 1, point: 80, ticket_rental_enabled: 1 }), now)).toEqual({
      kind: 'paid',
      point: 80,
      ticket: true,
    });
  });

  it('treats a "must buy" episode priced 0 as free', () => {
    expect(episodeAccess(episode({ badge: 1, point: 0 }), now)).toEqual({ kind: 'free' });
  });

  it('shows a running rental with the time left in its largest unit', () => {
    const rented = episode({ badge: 4, point: 80, rental_finish_time: '2026-11-24 15:30:00' });
    expect(episodeAccess(rented, now)).toEqual({ kind: 'rented', left: { unit: 'days', count: 2 } });
    const soon = episode({ badge: 4, point: 80, rental_finish_time: '2026-11-22 12:45:00' });
    expect(episodeAccess(soon, now)).toEqual({ kind: 'rented', left: { unit: 'minutes', count: 45 } });
  });

  it('shows an expired rental as paid again', () => {
    const expired = episode({ badge: 4, point: 80, rental_finish_time: '2026-11-22 11:00:00' });
    expect(episodeAccess(expired, now)).toEqual({ kind: 'paid', point: 80, ticket: false });
    expect(isReadable(episodeAccess(expired, now))).toBe(false);
  });
});

describe('helpers', () => {
  it('reads wire date-times in Tokyo time', () => {
    expect(parseWireDateTime('2026-11-22 09:00:00')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseWireDateTime('2026-11-22T09:00:00')).toBeUndefined();
    expect(parseWireDateTime(null)).toBeUndefined();
  });

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
