import { STORAGE_KEY_CHECKED_TICKETS } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import {
  clearTicketBadge,
  decideTicketBadge,
  isBadgeClearedToday,
  type ListStorage,
  localDay,
  readCheckedTickets,
} from './checked-tickets.ts';

class MemoryStorage implements ListStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Noon local time, so that a few hours either way stay on the same day in any zone the tests run in.
const NOW = new Date(2026, 10, 26, 12);

describe('the checked-ticket list in local storage (product §3, §9)', () => {
  it('records the first decision of the day under checkedTicketList and repeats it that day', () => {
    const storage = new MemoryStorage();
    expect(decideTicketBadge(storage, { userId: 7, firstExpiresAt: NOW.getTime() + 6 * HOUR, now: NOW })).toBe(true);
    expect(JSON.parse(storage.items.get(STORAGE_KEY_CHECKED_TICKETS) ?? '')).toEqual([
      { userId: 7, date: localDay(NOW), isExpiredBadge: true },
    ]);
    // Later that day the ticket is far from expiry by the numbers (a new ticket?): the day's decision stands.
    const later = new Date(NOW.getTime() + HOUR);
    expect(decideTicketBadge(storage, { userId: 7, firstExpiresAt: NOW.getTime() + 9 * DAY, now: later })).toBe(true);
  });

  it('keeps the badge off once toggled, for the rest of the day only', () => {
    const storage = new MemoryStorage();
    const near = NOW.getTime() + 6 * HOUR;
    expect(decideTicketBadge(storage, { userId: 7, firstExpiresAt: near, now: NOW })).toBe(true);
    clearTicketBadge(storage, 7, NOW);
    expect(isBadgeClearedToday(storage, 7, NOW)).toBe(true);
    expect(decideTicketBadge(storage, { userId: 7, firstExpiresAt: near, now: new Date(NOW.getTime() + HOUR) })).toBe(
      false,
    );
    const tomorrow = new Date(NOW.getTime() + DAY);
    expect(isBadgeClearedToday(storage, 7, tomorrow)).toBe(false);
    expect(decideTicketBadge(storage, { userId: 7, firstExpiresAt: tomorrow.getTime() + HOUR, now: tomorrow })).toBe(
      true,
    );
  });

  it('decides for each reader of the browser separately, and never without tickets', () => {
    const storage = new MemoryStorage();
    const near = NOW.getTime() + 6 * HOUR;
    clearTicketBadge(storage, 7, NOW);
    expect(decideTicketBadge(storage, { userId: 8, firstExpiresAt: near, now: NOW })).toBe(true);
    expect(decideTicketBadge(storage, { userId: 9, firstExpiresAt: null, now: NOW })).toBe(false);
    expect(readCheckedTickets(storage).map((entry) => entry.userId)).toEqual([7, 8]);
  });

  it('reads a damaged or foreign value as an empty list, and works without storage', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY_CHECKED_TICKETS, '{"userId":"7"');
    expect(readCheckedTickets(storage)).toEqual([]);
    storage.setItem(STORAGE_KEY_CHECKED_TICKETS, JSON.stringify([{ userId: 7, date: 'today', isExpiredBadge: 1 }]));
    expect(readCheckedTickets(storage)).toEqual([]);
    expect(decideTicketBadge(storage, { userId: 7, firstExpiresAt: NOW.getTime() + HOUR, now: NOW })).toBe(true);
    expect(decideTicketBadge(undefined, { userId: 7, firstExpiresAt: NOW.getTime() + HOUR, now: NOW })).toBe(true);
    const throwing: ListStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(decideTicketBadge(throwing, { userId: 7, firstExpiresAt: NOW.getTime() + HOUR, now: NOW })).toBe(true);
    expect(() => clearTicketBadge(throwing, 7, NOW)).not.toThrow();
  });

  it('names the local day with two-digit month and day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
