// Follows of a visitor who is not logged in (ADR 017): kept in this browser's storage, shown on
// the title page, and sent to the API (POST /favorite/add) once the visitor logs in or signs up,
// so that following a title before having an account is not lost.

export const GUEST_FOLLOWS_STORAGE_KEY = 'followedTitles';
/** As many as an account may follow (MAX_FAVORITE_NUM); older ones drop off first. */
export const GUEST_FOLLOWS_MAX = 100;

/** The stored list, oldest first: only valid title ids, no repeats, at most GUEST_FOLLOWS_MAX. */
export function parseGuestFollows(value: string | null): number[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids = parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)].slice(-GUEST_FOLLOWS_MAX);
}

/** The list with `titleId` followed (at the end) or unfollowed. */
export function withGuestFollow(ids: readonly number[], titleId: number, following: boolean): number[] {
  const rest = ids.filter((id) => id !== titleId);
  return following ? [...rest, titleId].slice(-GUEST_FOLLOWS_MAX) : rest;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage turned off: guests' follows are not kept
  }
}

export function readGuestFollows(): number[] {
  return parseGuestFollows(storage()?.getItem(GUEST_FOLLOWS_STORAGE_KEY) ?? null);
}

export function writeGuestFollows(ids: readonly number[]): void {
  try {
    if (ids.length === 0) storage()?.removeItem(GUEST_FOLLOWS_STORAGE_KEY);
    else storage()?.setItem(GUEST_FOLLOWS_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Full or turned off: the follow stays on screen for this visit only.
  }
}
