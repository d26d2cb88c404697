import { type Locale, Region } from './enums.ts';

// Locale picking (product §1, §4): shared by the API (texts of answers) and the web app (UI language),
// so that both pick the same language for the same visitor.

function asLocale(value: string | undefined): Locale | undefined {
  return value === 'ja' || value === 'en' ? value : undefined;
}

/**
 * The best supported language of an `Accept-Language` header (`ja` or `en`, by q-value, ties in
 * header order), or undefined when it names neither.
 */
export function localeFromAcceptLanguage(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      const weight = q ? Number(q.trim().slice(2)) : 1;
      return { lang: asLocale(tag.trim().toLowerCase().slice(0, 2)), q: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.lang !== undefined && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.lang;
}

/** An explicit choice (`lang` parameter or locale cookie) if supported, else Accept-Language, else `fallback`. */
export function pickLocale(explicit: string | undefined, acceptLanguage: string | undefined, fallback: Locale): Locale {
  return asLocale(explicit) ?? localeFromAcceptLanguage(acceptLanguage) ?? fallback;
}

/** The language a region reads by default: Japanese in JP, English in the US. */
export function localeOfRegion(region: Region): Locale {
  return region === Region.JP ? 'ja' : 'en';
}
