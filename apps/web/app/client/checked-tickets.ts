import {
  type CheckedTicketExpiry,
  checkTicketExpiryBadge,
  clearTicketExpiryBadge,
  parseCheckedTicketList,
  STORAGE_KEY_CHECKED_TICKETS,
} from '@manga/contracts';

// Where the near-expiry badge's decisions live (product §3, §9): the checked-ticket list, one entry
// per user ({userId, date, isExpiredBadge}), in local storage under STORAGE_KEY_CHECKED_TICKETS
// beside `isLoggedIn`. The rule is the contracts' (checkTicketExpiryBadge); this only reads and
// writes the list and names the reader's day.

/** The part of Web Storage used here (tests pass a Map-backed one). */
export type ListStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's local storage, or undefined where it is disabled (private mode) or absent. */
export function browserStorage(): ListStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The reader's local calendar day, YYYY-MM-DD (the browser's time zone). */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function readCheckedTickets(storage: ListStorage | undefined): CheckedTicketExpiry[] {
  try {
    return parseCheckedTicketList(storage?.getItem(STORAGE_KEY_CHECKED_TICKETS));
  } catch {
    return [];
  }
}

function writeCheckedTickets(storage: ListStorage | undefined, list: readonly CheckedTicketExpiry[]): void {
  try {
    storage?.setItem(STORAGE_KEY_CHECKED_TICKETS, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the badge still works for this page.
  }
}

/** Today's decision for the reader (the first check of the day records it); true shows the badge. */
export function decideTicketBadge(
  storage: ListStorage | undefined,
  input: { userId: number; firstExpiresAt: number | null; now: Date },
): boolean {
  const { showBadge, checked } = checkTicketExpiryBadge({
    userId: input.userId,
    today: localDay(input.now),
    firstExpiresAt: input.firstExpiresAt,
    now: input.now.getTime(),
    checked: readCheckedTickets(storage),
  });
  writeCheckedTickets(storage, checked);
  return showBadge;
}

/** Whether today's decision for the reader is already recorded as off (nothing to ask the API). */
export function isBadgeClearedToday(storage: ListStorage | undefined, userId: number, now: Date): boolean {
  const today = localDay(now);
  return readCheckedTickets(storage).some(
    (entry) => entry.userId === userId && entry.date === today && !entry.isExpiredBadge,
  );
}

/** Toggling the badge clears it for the rest of the day. */
export function clearTicketBadge(storage: ListStorage | undefined, userId: number, now: Date): void {
  writeCheckedTickets(storage, clearTicketExpiryBadge(readCheckedTickets(storage), userId, localDay(now)));
}
