// Search normalisation (ADR 009): the keyword and the indexed text of a title go through the same
// function, so that full-width and half-width forms, upper and lower case, katakana and hiragana, and
// spacing or punctuation differences all match. Used by the API (search and the catalogue writers)
// and available to the web app for highlighting.

/** Characters removed before matching: punctuation, symbols, separators and whitespace. */
const IGNORED = /[\p{P}\p{S}\p{Z}\s]+/gu;
/** Katakana ァ (U+30A1) … ヶ (U+30F6) and the iteration marks ヽヾ map onto hiragana 0x60 lower. */
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;

/**
 * NFKC (full/half width, compatibility forms), lower case, katakana → hiragana, then every space and
 * punctuation or symbol character removed. `normalizeSearchText('ＢＬＵＥ・ハーバー！')` is 'blueはーばー'.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(KATAKANA, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .replace(IGNORED, '');
}

/** Separator between indexed parts; normalised keywords never contain it, so matches never span parts. */
export const SEARCH_TEXT_SEPARATOR = '|';

/**
 * The indexed search text of a title: each part (names in every language, kana reading, authors,
 * tags) normalised on its own, joined with SEARCH_TEXT_SEPARATOR, empty parts and repeats dropped.
 */
export function buildSearchText(parts: readonly (string | null | undefined)[]): string {
  const normalised = parts.map((part) => normalizeSearchText(part ?? '')).filter((part) => part !== '');
  return [...new Set(normalised)].join(SEARCH_TEXT_SEPARATOR);
}
