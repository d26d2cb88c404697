import type { Locale } from '@manga/contracts';
import { useRootData } from '#app/root-data.ts';
import { useDisplayTimeZone } from './display-time-zone.tsx';

// The one place times become text (issue 24): product §9's medium date style ("Nov 22, 2026") and the
// short numeric year-month-day form with two-digit month and day ("11/22/2026"; "2026/11/22" in
// Japanese), a moment with its time, in the reader's own time zone (i18n/time-zone.ts). Components
// take their formatters from `useDateFormat()`; wire times are parsed in the wire's zone before.

const INTL_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-US', ja: 'ja-JP' };

export function formatMediumDate(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone }).format(date);
}

export function formatShortDate(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);
}

/** A moment with its time: the medium date and a short time ("Nov 22, 2026, 2:05 PM"; "2026/11/22 14:05"). */
export function formatDateTime(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    date,
  );
}

/** A calendar date (`YYYY-MM-DD`, e.g. a site-local day) in the medium style: no time zone applies. */
export function formatCalendarDate(date: string, locale: Locale): string {
  return formatMediumDate(new Date(`${date}T00:00:00Z`), locale, 'UTC');
}

/** Formatters of ISO instants in the reader's locale and time zone, for components. */
export interface DateFormat {
  mediumDate: (iso: string) => string;
  shortDate: (iso: string) => string;
  dateTime: (iso: string) => string;
  /** The zone they use (the browser's once known). */
  timeZone: string | undefined;
  locale: Locale;
}

export function useDateFormat(): DateFormat {
  const locale = useRootData()?.locale ?? 'ja';
  const timeZone = useDisplayTimeZone();
  return {
    mediumDate: (iso) => formatMediumDate(new Date(iso), locale, timeZone),
    shortDate: (iso) => formatShortDate(new Date(iso), locale, timeZone),
    dateTime: (iso) => formatDateTime(new Date(iso), locale, timeZone),
    timeZone,
    locale,
  };
}
