// Readers' nicknames (issue 24 item 10, ADR 066): the name a reader chooses for their comments, in
// place of the pseudonym "Reader 7K2QX9" (ADR 013). The API owns the decision (NicknameService);
// these pure rules are shared so that the web's field says what the API will say.

/** Fewest and most characters (code points after cleaning) of a nickname. */
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 20;
/** A nickname may change once in this many days; the first one is free (ADR 066). */
export const NICKNAME_CHANGE_INTERVAL_DAYS = 7;
export const NICKNAME_CHANGE_INTERVAL_MS = NICKNAME_CHANGE_INTERVAL_DAYS * 86_400_000;
/** Longer raw input is refused as a bad request (1001) before any rule reads it. */
export const NICKNAME_INPUT_MAX_LENGTH = 200;

/**
 * A nickname as it is kept and shown: NFKC (full-width Latin and half-width kana read as their usual
 * forms), every run of white space one space, trimmed.
 */
export function cleanNickname(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** The key two nicknames are compared by (unique per region): the cleaned name in lower case. */
export function nicknameKey(cleaned: string): string {
  return cleaned.toLowerCase();
}

/** Letters and combining marks of any script, digits, and a space or `_ - . ' ・ ー` between them. */
const ALLOWED = /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd} _\-.'・ー]*[\p{L}\p{M}\p{Nd}ー])?$/u;

/**
 * Names that would pass for the service or for another reader's pseudonym: "Reader 7K2QX9",
 * "読者 7K2QX9", staff titles. Compared by key with spaces, `_`, `-` and `.` removed.
 */
const RESERVED_PATTERNS: readonly RegExp[] = [
  /^(?:reader|読者)[0-9a-hjkmnp-tv-z]{6}$/u,
  /^(?:admin|moderator|staff|official|operator|kmanga|運営|公式|管理人|管理者|スタッフ|モデレーター)/u,
  /^(?:mod|support)$/u,
];

/** Why a cleaned nickname cannot be used (before the NG-word and uniqueness checks), or undefined. */
export type NicknameProblem = 'too_short' | 'too_long' | 'characters' | 'reserved';

export function nicknameProblemOf(cleaned: string): NicknameProblem | undefined {
  const length = [...cleaned].length;
  if (length < NICKNAME_MIN_LENGTH) return 'too_short';
  if (length > NICKNAME_MAX_LENGTH) return 'too_long';
  if (!ALLOWED.test(cleaned)) return 'characters';
  const squeezed = nicknameKey(cleaned).replace(/[ _\-.'・]/gu, '');
  if (RESERVED_PATTERNS.some((pattern) => pattern.test(squeezed))) return 'reserved';
  return undefined;
}
