// NG words (product §8 6100; ADR 013, ADR 030): whether a text contains a word of the operators' list.
// Operators write plain words ("fuck", "kill yourself", "キモい"); the text and each word go through
// the same normalisation, so spellings made to slip past a plain comparison match too:
// - search normalisation (contracts' normalizeSearchText): NFKC width and compatibility forms, lower
//   case, katakana → hiragana, every space, punctuation mark or symbol removed ("ＢＡＤ", "b a d",
//   "b.a.d" and "ｷﾓｲ" match "bad" and "キモい"), and invisible characters removed (zero-width spaces
//   and joiners, variation selectors, combining overlays), or "f\u200buck" would slip through;
// - look-alike letters of other scripts read as the Latin letter they imitate (the `confusables`
//   package's table: Cyrillic "с", Greek "κ", regional indicators "🇫", "𝖋"), never in Japanese text,
//   whose kana and kanji have Latin look-alikes of their own (エ, ロ);
// - common substitutions inside a word that has a Latin letter ("sh1t", "sh!t", "a$$hole"); a
//   number standing alone ("455", "$5") is a number;
// - repeated letters: a run of a letter matches the same letter at least as often ("fuuuck" matches
//   "fuck", "asss" matches "ass", "as" does not).
// `word` entries match only a whole Latin word of the text, so that "class" passes "ass" and
// "Scunthorpe" passes "cunt"; Japanese has no spaces between words, so there they match as `part`.
// The function is not about comments: any text readers write (a nickname) can be checked with it.
import { NgWordMatch, normalizeSearchText } from '@manga/contracts';
import { confusablesMap } from 'confusables';

export interface NgWordEntry {
  word: string;
  match_type: string;
}

/**
 * Substitutions for letters, read inside a word that has a Latin letter (the common ones, as the
 * `obscenity` filter reads them; a digit or sign stands for one letter only).
 */
const SUBSTITUTES: ReadonlyMap<string, string> = new Map(
  Object.entries({ a: '4@', b: '8', c: '(', e: '3', g: '6', i: '1!|', o: '0', s: '5$', t: '7+', z: '2' }).flatMap(
    ([letter, signs]) => Array.from(signs, (sign) => [sign, letter] as const),
  ),
);

const LATIN_WORD_CHARACTER = /^[\p{Script=Latin}\p{Nd}]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}]/gu;
/** Kana, kanji and the Japanese marks: never read as Latin look-alikes. */
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u30ff\uff00-\uffef]/u;
const ASCII_WORD = /^[a-z0-9]+$/i;

/** A character of another script that imitates Latin letters or digits, as those; else itself. */
function latinLookAlike(character: string): string {
  if ((character.codePointAt(0) ?? 0) < 0x80 || JAPANESE.test(character)) return character;
  const base = confusablesMap.get(character);
  return base !== undefined && ASCII_WORD.test(base) ? base : character;
}

/** One grapheme of the text, normalised. */
interface GraphemeForm {
  /** Normalised, signs removed ('' for a space, a punctuation mark or a sign). */
  plain: string;
  /** The letter it stands for inside a word ('1' → 'i', '$' → 's'), if it is a substitute. */
  substitute: string | undefined;
  /** Nothing visible (zero-width and joining characters): it neither counts nor separates words. */
  invisible: boolean;
}

function graphemeForm(grapheme: string): GraphemeForm {
  const visible = grapheme.normalize('NFKC').replace(INVISIBLE, '');
  const lookAlike = Array.from(visible, latinLookAlike).join('');
  const plain = normalizeSearchText(lookAlike).replace(INVISIBLE, '');
  return { plain, substitute: SUBSTITUTES.get(visible), invisible: visible === '' };
}

/** The text normalised, remembering which grapheme each character came from. */
interface NormalisedText {
  text: string;
  /** For each character of `text`, the index of its grapheme in the original. */
  graphemeOf: number[];
  /** For each grapheme, whether it is part of a Latin word (a letter or digit of the Latin script). */
  isWordGrapheme: boolean[];
}

const isLatinWordForm = (form: string) => LATIN_WORD_CHARACTER.test(form);

function joinForms(forms: readonly string[], isWordGrapheme = forms.map(isLatinWordForm)): NormalisedText {
  let text = '';
  const graphemeOf: number[] = [];
  for (const [index, form] of forms.entries()) {
    text += form;
    for (let unit = 0; unit < form.length; unit++) graphemeOf.push(index);
  }
  return { text, graphemeOf, isWordGrapheme };
}

/**
 * The text with its substitutes read as letters where they belong to a word (a run of letters,
 * digits and substitutes, invisible characters inside it ignored) that has a Latin letter. A sign
 * before the word's first letter or digit or after its last one is read as a letter but does not
 * make the word longer: "@ss!" is the whole word "ass", as "ass!" is.
 */
function withSubstitutes(forms: readonly GraphemeForm[]): NormalisedText {
  const result = forms.map((form) => form.plain);
  const isWordGrapheme = result.map(isLatinWordForm);
  let word: number[] = [];
  const endWord = () => {
    if (word.some((index) => LATIN_LETTER.test(forms[index]?.plain ?? ''))) {
      const inner = word.filter((index) => isWordGrapheme[index]);
      const [first, last] = [inner[0] ?? 0, inner.at(-1) ?? 0];
      for (const index of word) {
        result[index] = forms[index]?.substitute ?? result[index] ?? '';
        if (index > first && index < last) isWordGrapheme[index] = true;
      }
    }
    word = [];
  };
  for (const [index, form] of forms.entries()) {
    if (form.invisible) continue;
    if (form.substitute !== undefined || LATIN_WORD_CHARACTER.test(form.plain)) word.push(index);
    else endWord();
  }
  endWord();
  return joinForms(result, isWordGrapheme);
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * The ways a text is read: signs dropped, and signs read as the letters they stand for. Each grapheme
 * goes through the normalisation on its own (a grapheme keeps a half-width kana with its voicing
 * mark, which NFKC joins), so every character can be traced back to where it stood and to the word
 * around it.
 */
function readingsOf(text: string): NormalisedText[] {
  const forms = Array.from(graphemes.segment(text), ({ segment }) => graphemeForm(segment));
  const plain = joinForms(forms.map((form) => form.plain));
  const substituted = withSubstitutes(forms);
  return substituted.text === plain.text ? [plain] : [plain, substituted];
}

/**
 * An NG word as it is matched (and kept unique on the list): normalised like the text, its
 * substitutes read as letters. '' when nothing is left, which never matches.
 */
export function normaliseNgWord(word: string): string {
  const readings = readingsOf(word);
  return (readings[1] ?? readings[0])?.text ?? '';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A normalised word as a pattern in which each run of a character matches a run at least as long.
 * Each run is taken whole (an atomic group: the next run is another character, so a shorter take
 * never helps) and a match starts where a run starts, so a long run costs one pass, not one per start.
 */
function wordPattern(word: string): RegExp {
  const runs: { character: string; count: number }[] = [];
  for (const character of word) {
    const last = runs.at(-1);
    if (last?.character === character) last.count++;
    else runs.push({ character, count: 1 });
  }
  const first = escapeRegExp(runs[0]?.character ?? '');
  const body = runs.map(({ character, count }, index) => `(?=(${escapeRegExp(character)}{${count},}))\\${index + 1}`);
  return new RegExp(`(?<!${first})${body.join('')}`, 'gu');
}

/**
 * Whether the match from `start` to `end` begins and ends a word of the text: the grapheme before its
 * first one and the grapheme after its last one are not Latin letters or digits. Spaces and
 * punctuation inside the match are allowed (they are how "a s s" hides a word).
 */
function isWholeWord(normalised: NormalisedText, start: number, end: number): boolean {
  const first = normalised.graphemeOf[start] as number;
  const last = normalised.graphemeOf[end - 1] as number;
  // A grapheme that became several characters must be matched from its first to its last.
  if (normalised.graphemeOf[start - 1] === first || normalised.graphemeOf[end] === last) return false;
  const before = normalised.isWordGrapheme[first - 1] ?? false;
  const after = normalised.isWordGrapheme[last + 1] ?? false;
  return !before && !after;
}

function contains(normalised: NormalisedText, pattern: RegExp, wholeWord: boolean): boolean {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(normalised.text); match; match = pattern.exec(normalised.text)) {
    if (!wholeWord || isWholeWord(normalised, match.index, match.index + match[0].length)) return true;
    // The longest match from this start was not a whole word, and no shorter one is: go on after it.
    pattern.lastIndex = match.index + 1;
  }
  return false;
}

/** Patterns of the words seen (the list is read on every post; its words rarely change). */
const patterns = new Map<string, RegExp | null>();
const MAX_PATTERNS = 10_000;

/** The pattern of an NG word, or null when it normalises to nothing. */
function patternOf(word: string): RegExp | null {
  let pattern = patterns.get(word);
  if (pattern === undefined) {
    const normalised = normaliseNgWord(word);
    pattern = normalised === '' ? null : wordPattern(normalised);
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(word, pattern);
  }
  return pattern;
}

/** The first entry of `words` that `text` contains, or undefined. Entries that normalise to "" never match. */
export function findNgWord<T extends NgWordEntry>(text: string, words: readonly T[]): T | undefined {
  const readings = readingsOf(text);
  return words.find((entry) => {
    const pattern = patternOf(entry.word);
    return (
      pattern !== null && readings.some((reading) => contains(reading, pattern, entry.match_type === NgWordMatch.Word))
    );
  });
}
