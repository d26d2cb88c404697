// What every mapper renders with: the reader's locale (catalogue rows carry English and Japanese
// side by side, and readers get theirs, or the other one when theirs is empty), the media URLs of
// stored images, the clock and the wire time zone.
import type { Locale } from '@manga/contracts';

/** Absolute URLs of stored images (MediaUrlSigner): public covers, signed and expiring pages. */
export interface MediaUrls {
  publicUrl(key: string): string;
  signedUrl(key: string, nowMs: number): string;
}

export interface RenderContext {
  locale: Locale;
  now: number;
  urls: MediaUrls;
  timeZone: string;
}

export function localized(en: string, ja: string, locale: Locale): string {
  return locale === 'ja' ? ja || en : en || ja;
}

/** A row's `name_en` / `name_ja` in the reader's locale. */
export function localizedName(row: { name_en: string; name_ja: string }, locale: Locale): string {
  return localized(row.name_en, row.name_ja, locale);
}
