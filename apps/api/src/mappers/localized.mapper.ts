// Catalogue rows carry English and Japanese text side by side (`name_en`, `name_ja`); readers get
// the one of their locale, or the other one when theirs is empty.
import type { Locale } from '@manga/contracts';

export function localized(en: string, ja: string, locale: Locale): string {
  return locale === 'ja' ? ja || en : en || ja;
}

/** A row's `name_en` / `name_ja` in the reader's locale. */
export function localizedName(row: { name_en: string; name_ja: string }, locale: Locale): string {
  return localized(row.name_en, row.name_ja, locale);
}
