import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CHARACTER_CLASSES, PASSWORD_MIN_LENGTH } from './constants.ts';

export type PasswordError =
  | 'ignore_character'
  | 'short_or_too_long_characters'
  | 'invalid_symbol'
  | 'must_include_characters';

/**
 * Symbols a password may contain. product §5 does not show the list, so we take the OWASP
 * password special characters minus space: every printable ASCII symbol is allowed, and space
 * is refused because forms and password managers trim it, which locks people out.
 */
export const PASSWORD_ALLOWED_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/**
 * Checks run in this order and the first failure is reported. Character-level problems come
 * before composition, so the class count is never reported for a password that has a
 * character we would refuse anyway.
 */
export const PASSWORD_CHECK_ORDER: readonly PasswordError[] = [
  'ignore_character',
  'short_or_too_long_characters',
  'invalid_symbol',
  'must_include_characters',
];

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
const ALPHANUMERIC = /[A-Za-z0-9]/;

function characterClassCount(password: string): number {
  const hasSymbol = [...password].some((ch) => PASSWORD_ALLOWED_SYMBOLS.includes(ch));
  return [UPPER.test(password), LOWER.test(password), DIGIT.test(password), hasSymbol].filter(Boolean).length;
}

/** The first rule the password breaks (product §5), or null when it is acceptable. */
export function validatePassword(password: string): PasswordError | null {
  if (!PRINTABLE_ASCII.test(password)) return 'ignore_character';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return 'short_or_too_long_characters';
  }
  for (const ch of password) {
    if (!ALPHANUMERIC.test(ch) && !PASSWORD_ALLOWED_SYMBOLS.includes(ch)) return 'invalid_symbol';
  }
  if (characterClassCount(password) < PASSWORD_MIN_CHARACTER_CLASSES) return 'must_include_characters';
  return null;
}

/**
 * User-facing texts after product §5's, with its typo and its contradiction fixed (issue 24): the product rules'
 * "Your password much be 10-64 alphanumeric characters." told readers that symbols were refused,
 * while three of four kinds must be present and symbols count as one. Characters outside printable
 * ASCII get their own text (the product rules have none).
 */
export const passwordMessages: Readonly<Record<PasswordError, string>> = {
  ignore_character: 'Use only letters (A–Z, a–z), numbers and symbols in your password.',
  short_or_too_long_characters: 'Your password must be 10 to 64 characters long.',
  must_include_characters:
    'Your password must include three of the following: An uppercase character, a lowercase character, a number, and a symbol.',
  invalid_symbol: 'Your password contains an invalid symbol.',
};

export const passwordsDoNotMatchMessage = 'Passwords do not match. Please try again.';

/** A password; an issue's message is the PasswordError key (map it with passwordMessages). */
export const PasswordSchema = z.string().superRefine((password, ctx) => {
  const error = validatePassword(password);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});
