// The next chapter's countdown (ADR 016): the time left until a release, in whole units, and the
// release shown in the reader's own time zone (the browser's).

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function remainingUntil(releaseAt: number, now: number): Remaining | undefined {
  const left = releaseAt - now;
  if (left <= 0) return undefined;
  const seconds = Math.floor(left / 1000);
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
}

/** How often the countdown needs to tick: every second in the last hour, else every minute. */
export function tickInterval(remaining: Remaining | undefined): number {
  if (!remaining) return 60_000;
  return remaining.days === 0 && remaining.hours === 0 ? 1_000 : 60_000;
}

const INTL_LOCALE = { en: 'en-US', ja: 'ja-JP' } as const;

/** "Fri, Nov 27, 12:00 AM" in the reader's time zone (no zone given: the browser's). */
export function formatReleaseTime(releaseAt: Date, locale: 'en' | 'ja', timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(releaseAt);
}

/** The largest one or two units of what is left, for a short countdown ("2 days 3 hours", "4 minutes 10 seconds"). */
export function leadingUnits(remaining: Remaining): { unit: keyof Remaining; count: number }[] {
  const units = (['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => ({ unit, count: remaining[unit] }));
  const first = units.findIndex((part) => part.count > 0);
  if (first === -1) return [{ unit: 'seconds', count: 0 }];
  return units.slice(first, first + 2).filter((part) => part.count > 0);
}
