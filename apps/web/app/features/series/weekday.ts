import type { WeeklyEntry } from '@manga/contracts';

// Serialised titles by weekday (GET /title/weekly): wire weekdays run 1 Monday … 7 Sunday.

/** Translation keys of the wire weekdays, Monday first (`catalogue.weekday.<key>`). */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

export function weekdayKey(weekdayIndex: number): WeekdayKey {
  const key = WEEKDAY_KEYS[(((weekdayIndex - 1) % 7) + 7) % 7];
  if (!key) throw new RangeError(`weekday index out of range: ${weekdayIndex}`);
  return key;
}

/** The seven weekdays starting with today: today, tomorrow … yesterday. */
export function weekdaysFromToday(todayIndex: number): number[] {
  return Array.from({ length: 7 }, (_, offset) => ((todayIndex - 1 + offset) % 7) + 1);
}

/** The weekly entries in tab order (today first); a weekday the API left out gets an empty entry. */
export function orderWeeklyEntries(entries: readonly WeeklyEntry[], todayIndex: number): WeeklyEntry[] {
  const byDay = new Map(entries.map((entry) => [entry.weekday_index, entry]));
  return weekdaysFromToday(todayIndex).map(
    (day) =>
      byDay.get(day) ?? {
        weekday_index: day,
        title_id_list: [],
        feature_title_id: 0,
        bonus_point_title_id: [],
        popular_title_id_list: [],
        new_title_id_list: [],
      },
  );
}

/** The weekday a `?day=` query asks for, or today when it is missing or not 1–7. */
export function selectedWeekday(raw: string | null, todayIndex: number): number {
  if (raw !== null && /^[1-7]$/.test(raw)) return Number(raw);
  return todayIndex;
}
