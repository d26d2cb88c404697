import type { Locale } from '@manga/contracts';

// Date formats of SPEC §9: the medium date style ("Nov 22, 2026") and the short numeric
// year-month-day form with two-digit month and day ("11/22/2026"; "2026/11/22" in Japanese).

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
