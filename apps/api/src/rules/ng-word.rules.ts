// NG words (SPEC §8 6100; ADR 013): a comment is refused when it contains a word of the list after the
// same normalisation as search (contracts' normalizeSearchText: width, case, kana, and every space,
// punctuation or symbol removed), so "ＢＡＤ", "b a d", "b.a.d" and "ｷﾓｲ" all match "bad" and "キモい".
// `word` entries match only a whole English word of the comment, so that "class" passes "ass".
// Invisible characters (zero-width spaces and joiners, variation selectors, combining marks that
// NFKC leaves alone) are ignored on both sides too, or "f\u200buck" would slip through.
import { NgWordMatch, normalizeSearchText } from '@manga/contracts';

export interface NgWordEntry {
  word: string;
  match_type: string;
}

/** The comment normalised grapheme by grapheme, remembering which grapheme each character came from. */
interface NormalisedText {
  text: string;
  /** For each character of `text`, the index of its grapheme in the comment. */
  graphemeOf: number[];
  /** For each grapheme, whether it is part of a Latin word (a letter or digit of the Latin script). */
  isWordGrapheme: boolean[];
}

const LATIN_WORD_CHARACTER = /^[\p{Script=Latin}\p{Nd}]/u;
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}]/gu;

/** The search normalisation, then invisible characters removed. */
const normaliseForMatching = (text: string) => normalizeSearchText(text).replace(INVISIBLE, '');
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Each grapheme goes through the normalisation on its own (a grapheme keeps a half-width kana with
 * its voicing mark, which NFKC joins), so every normalised character can be traced back to where it
 * stood in the comment and to the word around it.
 */
function normaliseByGrapheme(comment: string): NormalisedText {
  let text = '';
  const graphemeOf: number[] = [];
  const isWordGrapheme: boolean[] = [];
  let index = 0;
  for (const { segment } of graphemes.segment(comment)) {
    const normalised = normaliseForMatching(segment);
    isWordGrapheme.push(LATIN_WORD_CHARACTER.test(normalised));
    for (const character of normalised) {
      text += character;
      for (let unit = 0; unit < character.length; unit++) graphemeOf.push(index);
    }
    index++;
  }
  return { text, graphemeOf, isWordGrapheme };
}

/**
 * Whether the match of `length` characters at `start` begins and ends a word of the comment: the
 * grapheme before its first one and the grapheme after its last one are not Latin letters or digits.
 * Spaces and punctuation inside the match are allowed (they are how "a s s" hides a word).
 */
function isWholeWord(normalised: NormalisedText, start: number, length: number): boolean {
  const first = normalised.graphemeOf[start] as number;
  const last = normalised.graphemeOf[start + length - 1] as number;
  // A grapheme that became several characters must be matched from its first to its last.
  if (normalised.graphemeOf[start - 1] === first || normalised.graphemeOf[start + length] === last) return false;
  const before = normalised.isWordGrapheme[first - 1] ?? false;
  const after = normalised.isWordGrapheme[last + 1] ?? false;
  return !before && !after;
}

function containsWholeWord(normalised: NormalisedText, word: string): boolean {
  for (let at = normalised.text.indexOf(word); at !== -1; at = normalised.text.indexOf(word, at + 1)) {
    if (isWholeWord(normalised, at, word.length)) return true;
  }
  return false;
}

/** The first entry of `words` that `comment` contains, or undefined. Entries that normalise to "" never match. */
export function findNgWord<T extends NgWordEntry>(comment: string, words: readonly T[]): T | undefined {
  const normalised = normaliseByGrapheme(comment);
  return words.find((entry) => {
    const word = normaliseForMatching(entry.word);
    if (word === '' || !normalised.text.includes(word)) return false;
    return entry.match_type !== NgWordMatch.Word || containsWholeWord(normalised, word);
  });
}
