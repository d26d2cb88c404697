import { PAGE_VIEW_DELAY_MS, RELOAD_GUARD_TTL_MS, STATUS_REFRESH_MS } from '@manga/contracts';

// Timing rules of product §4 and §9, pure so that they can be tested without a browser.

/** Local-storage key of the last /web/status call (ms since the epoch). */
export const STORAGE_KEY_STATUS_CHECKED_AT = 'statusCheckedAt';
/** Session-storage key of the last guarded reload (ms since the epoch). */
export const STORAGE_KEY_RELOADED_AT = 'reloadGuardAt';

function readTime(value: string | null): number | undefined {
  if (value === null) return undefined;
  const time = Number(value);
  return Number.isFinite(time) ? time : undefined;
}

/** The status call runs at most once per 24 hours. */
export function isStatusDue(lastCheckedAt: string | null, now: number): boolean {
  const last = readTime(lastCheckedAt);
  return last === undefined || last > now || now - last >= STATUS_REFRESH_MS;
}

/** A reload is allowed unless one happened less than 10 s ago (no reload loops). */
export function isReloadAllowed(lastReloadAt: string | null, now: number): boolean {
  const last = readTime(lastReloadAt);
  return last === undefined || last > now || now - last >= RELOAD_GUARD_TTL_MS;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Sends a page view 500 ms after a page change, so that the new page's title is in place; a newer page cancels it. */
export class PageViewScheduler {
  #pending: unknown;
  readonly #timers: Timers;
  readonly #send: (path: string) => void;

  constructor(send: (path: string) => void, timers: Timers) {
    this.#send = send;
    this.#timers = timers;
  }

  pageChanged(path: string): void {
    this.cancel();
    this.#pending = this.#timers.setTimeout(() => {
      this.#pending = undefined;
      this.#send(path);
    }, PAGE_VIEW_DELAY_MS);
  }

  cancel(): void {
    if (this.#pending !== undefined) this.#timers.clearTimeout(this.#pending);
    this.#pending = undefined;
  }
}
