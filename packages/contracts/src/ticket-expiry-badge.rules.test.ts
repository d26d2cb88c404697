import { describe, expect, it } from 'vitest';
import { NEAR_EXPIRY_MIN_MS, NEAR_EXPIRY_WINDOW_MS } from './constants.ts';
import {
  CHECKED_TICKET_LIST_LIMIT,
  checkTicketExpiryBadge,
  clearTicketExpiryBadge,
  isTicketNearExpiry,
  parseCheckedTicketList,
} from './ticket-expiry-badge.rules.ts';

const NOW = Date.UTC(2026, 0, 10, 12);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const today = '2026-01-10';

describe('isTicketNearExpiry (product §4)', () => {
  it('is off without tickets', () => {
    expect(isTicketNearExpiry(null, NOW)).toBe(false);
  });

  it('is on when expiry plus one day is inside the 2-day window and beyond 10 minutes', () => {
    expect(isTicketNearExpiry(NOW + 12 * HOUR, NOW)).toBe(true);
    expect(isTicketNearExpiry(NOW + 5 * 60_000, NOW)).toBe(true);
  });

  it('is off at and beyond the window edge', () => {
    expect(isTicketNearExpiry(NOW + NEAR_EXPIRY_WINDOW_MS - DAY, NOW)).toBe(false);
    expect(isTicketNearExpiry(NOW + NEAR_EXPIRY_WINDOW_MS - DAY - 1, NOW)).toBe(true);
    expect(isTicketNearExpiry(NOW + 3 * DAY, NOW)).toBe(false);
  });

  it('is off at and within the 10-minute minimum', () => {
    expect(isTicketNearExpiry(NOW + NEAR_EXPIRY_MIN_MS - DAY, NOW)).toBe(false);
    expect(isTicketNearExpiry(NOW + NEAR_EXPIRY_MIN_MS - DAY + 1, NOW)).toBe(true);
  });
});

describe('checkTicketExpiryBadge', () => {
  const near = NOW + 6 * HOUR;

  it('shows the badge at the first check of the day and records it', () => {
    const result = checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: near, now: NOW, checked: [] });
    expect(result).toEqual({ showBadge: true, checked: [{ userId: 7, date: today, isExpiredBadge: true }] });
  });

  it('repeats the day’s decision instead of deciding again', () => {
    const checked = [{ userId: 7, date: today, isExpiredBadge: false }];
    expect(checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: near, now: NOW, checked }).showBadge).toBe(false);
  });

  it('decides again on the next day and for another user', () => {
    const checked = [{ userId: 7, date: '2026-01-09', isExpiredBadge: false }];
    const nextDay = checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: near, now: NOW, checked });
    expect(nextDay).toEqual({ showBadge: true, checked: [{ userId: 7, date: today, isExpiredBadge: true }] });
    const other = checkTicketExpiryBadge({ userId: 8, today, firstExpiresAt: near, now: NOW, checked });
    expect(other.showBadge).toBe(true);
    expect(other.checked).toHaveLength(2);
  });

  it('stays off without tickets even when the day recorded it on', () => {
    const checked = [{ userId: 7, date: today, isExpiredBadge: true }];
    expect(checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: null, now: NOW, checked }).showBadge).toBe(false);
  });

  it('records an off decision for a far expiry, so it stays off later that day', () => {
    const result = checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: NOW + 5 * DAY, now: NOW, checked: [] });
    expect(result).toEqual({ showBadge: false, checked: [{ userId: 7, date: today, isExpiredBadge: false }] });
  });
});

describe('clearTicketExpiryBadge', () => {
  it('toggling clears the badge for the rest of the day', () => {
    const shown = checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: NOW + HOUR, now: NOW, checked: [] });
    const cleared = clearTicketExpiryBadge(shown.checked, 7, today);
    expect(cleared).toEqual([{ userId: 7, date: today, isExpiredBadge: false }]);
    expect(
      checkTicketExpiryBadge({ userId: 7, today, firstExpiresAt: NOW + HOUR, now: NOW + HOUR / 2, checked: cleared })
        .showBadge,
    ).toBe(false);
  });

  it('keeps one entry per user and at most the limit', () => {
    let checked = clearTicketExpiryBadge([], 1, today);
    checked = clearTicketExpiryBadge(checked, 1, today);
    expect(checked).toHaveLength(1);
    for (let user = 2; user <= CHECKED_TICKET_LIST_LIMIT + 5; user++)
      checked = clearTicketExpiryBadge(checked, user, today);
    expect(checked).toHaveLength(CHECKED_TICKET_LIST_LIMIT);
    expect(checked.at(-1)?.userId).toBe(CHECKED_TICKET_LIST_LIMIT + 5);
  });
});

describe('parseCheckedTicketList', () => {
  it('reads a stored list and ignores anything unreadable', () => {
    const list = [{ userId: 7, date: today, isExpiredBadge: true }];
    expect(parseCheckedTicketList(JSON.stringify(list))).toEqual(list);
    expect(parseCheckedTicketList(null)).toEqual([]);
    expect(parseCheckedTicketList('{oops')).toEqual([]);
    expect(parseCheckedTicketList(JSON.stringify([{ userId: 'x' }]))).toEqual([]);
  });
});
