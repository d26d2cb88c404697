// The premium-ticket near-expiry badge of the header (product §4, §9): off without tickets; otherwise
// decided once per day per user from the first ticket's expiry, and cleared when the reader toggles
// it. The decisions are kept in the browser's checked-ticket list (STORAGE_KEY_CHECKED_TICKETS).
import { z } from 'zod';
import { NEAR_EXPIRY_MIN_MS, NEAR_EXPIRY_WINDOW_MS } from './constants.ts';

const DAY_MS = 86_400_000;
/** Users remembered in the checked list; older entries drop out (one browser, few accounts). */
export const CHECKED_TICKET_LIST_LIMIT = 20;

/** One entry of the checked-ticket list (product §3: userId, date, isExpiredBadge). */
export const CheckedTicketExpirySchema = z.object({
  userId: z.int(),
  /** The reader's local calendar day of the decision, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  isExpiredBadge: z.boolean(),
});
export type CheckedTicketExpiry = z.infer<typeof CheckedTicketExpirySchema>;

/** The stored list, read leniently: anything unreadable is the empty list. */
export function parseCheckedTicketList(stored: string | null | undefined): CheckedTicketExpiry[] {
  if (!stored) return [];
  try {
    const parsed = z.array(CheckedTicketExpirySchema).safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * product §4: the first ticket's expiry plus one day is less than the window (2 days) and more than
 * the minimum (10 minutes) away. No ticket (`null`) is never near expiry.
 */
export function isTicketNearExpiry(firstExpiresAt: number | null, now: number): boolean {
  if (firstExpiresAt === null) return false;
  const away = firstExpiresAt + DAY_MS - now;
  return away < NEAR_EXPIRY_WINDOW_MS && away > NEAR_EXPIRY_MIN_MS;
}

export interface TicketExpiryBadgeInput {
  userId: number;
  /** The reader's local day, YYYY-MM-DD. */
  today: string;
  /** Expiry of the reader's first (earliest-expiring) premium ticket, epoch ms; null without tickets. */
  firstExpiresAt: number | null;
  now: number;
  checked: readonly CheckedTicketExpiry[];
}

/**
 * Whether to show the badge now. The first check of a day decides and records the decision; later
 * checks that day repeat it, so the badge shows at most once a day and stays off once cleared.
 * No tickets: off, whatever was recorded.
 */
export function checkTicketExpiryBadge(input: TicketExpiryBadgeInput): {
  showBadge: boolean;
  checked: CheckedTicketExpiry[];
} {
  const { userId, today, firstExpiresAt, now, checked } = input;
  if (firstExpiresAt === null) return { showBadge: false, checked: [...checked] };
  const recorded = checked.find((entry) => entry.userId === userId && entry.date === today);
  if (recorded) return { showBadge: recorded.isExpiredBadge, checked: [...checked] };
  const showBadge = isTicketNearExpiry(firstExpiresAt, now);
  return { showBadge, checked: record(checked, { userId, date: today, isExpiredBadge: showBadge }) };
}

/** Toggling the badge clears it for the rest of the day. */
export function clearTicketExpiryBadge(
  checked: readonly CheckedTicketExpiry[],
  userId: number,
  today: string,
): CheckedTicketExpiry[] {
  return record(checked, { userId, date: today, isExpiredBadge: false });
}

/** One entry per user (the latest day), newest last, at most CHECKED_TICKET_LIST_LIMIT. */
function record(checked: readonly CheckedTicketExpiry[], entry: CheckedTicketExpiry): CheckedTicketExpiry[] {
  return [...checked.filter((e) => e.userId !== entry.userId), entry].slice(-CHECKED_TICKET_LIST_LIMIT);
}
