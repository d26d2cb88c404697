import { describe, expect, it } from 'vitest';
import {
  PASSWORD_ALLOWED_SYMBOLS,
  PASSWORD_CHECK_ORDER,
  PasswordSchema,
  passwordMessages,
  passwordsDoNotMatchMessage,
  validatePassword,
} from './password.rules.ts';

describe('validatePassword', () => {
  it.each([
    'Abcdefghi1', // upper, lower, digit
    'abcdefgh1!', // lower, digit, symbol
    'ABCDEFGH1!', // upper, digit, symbol
    'Abcdefghi!', // upper, lower, symbol
    'Aa1!Aa1!Aa1!',
    `Aa1${'x'.repeat(61)}`, // 64 characters
  ])('accepts %j', (password) => {
    expect(validatePassword(password)).toBeNull();
  });

  it.each(['Abcdéfghi1', 'Abcdefghi1\t', 'Abcdefghi1\n', 'パスワードAbc12345', 'Abcdefghi1😀'])(
    'reports ignore_character for non-printable or non-ASCII %j',
    (password) => {
      expect(validatePassword(password)).toBe('ignore_character');
    },
  );

  it.each(['', 'Abc1!', 'Abcdefgh1', `Aa1${'x'.repeat(62)}`])(
    'reports short_or_too_long_characters for length %#',
    (password) => {
      expect(validatePassword(password)).toBe('short_or_too_long_characters');
    },
  );

  it.each(['Abcdefghi 1', ' Abcdefghi1', 'Abcdefghi1 '])('reports invalid_symbol for a space in %j', (password) => {
    expect(validatePassword(password)).toBe('invalid_symbol');
  });

  it.each(['abcdefghij', 'ABCDEFGHIJ', '1234567890', '!!!!!!!!!!', 'abcdefghi1', 'ABCDEFGH!!', '123456789!'])(
    'reports must_include_characters for %j',
    (password) => {
      expect(validatePassword(password)).toBe('must_include_characters');
    },
  );

  it('allows every listed symbol as the symbol class', () => {
    for (const symbol of PASSWORD_ALLOWED_SYMBOLS) {
      expect(validatePassword(`abcdefgh1${symbol}`), symbol).toBeNull();
    }
  });

  it('lists every printable ASCII symbol except space', () => {
    const printableSymbols = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter(
      (ch) => !/[A-Za-z0-9 ]/.test(ch),
    );
    expect([...PASSWORD_ALLOWED_SYMBOLS].sort()).toEqual(printableSymbols.sort());
  });

  it('reports checks in the documented order', () => {
    expect(PASSWORD_CHECK_ORDER).toEqual([
      'ignore_character',
      'short_or_too_long_characters',
      'invalid_symbol',
      'must_include_characters',
    ]);
    // Breaks every rule: the first one wins.
    expect(validatePassword('é a')).toBe('ignore_character');
    // Too short and one class only: length first.
    expect(validatePassword('a a')).toBe('short_or_too_long_characters');
    // Space and too few classes: the invalid symbol first.
    expect(validatePassword('abcdefg hij')).toBe('invalid_symbol');
  });
});

describe('password messages', () => {
  it("keeps the product rules' texts, with its typo and its 'alphanumeric' fixed (issue 24)", () => {
    expect(passwordMessages).toEqual({
      ignore_character: 'Use only letters (A–Z, a–z), numbers and symbols in your password.',
      short_or_too_long_characters: 'Your password must be 10 to 64 characters long.',
      must_include_characters:
        'Your password must include three of the following: An uppercase character, a lowercase character, a number, and a symbol.',
      invalid_symbol: 'Your password contains an invalid symbol.',
    });
    expect(passwordsDoNotMatchMessage).toBe('Passwords do not match. Please try again.');
  });
});

describe('PasswordSchema', () => {
  it('accepts a valid password', () => {
    expect(PasswordSchema.parse('Abcdefghi1')).toBe('Abcdefghi1');
  });

  it('reports the error key as the issue message', () => {
    const result = PasswordSchema.safeParse('abcdefghij');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['must_include_characters']);
  });

  it('rejects non-strings', () => {
    expect(PasswordSchema.safeParse(1234567890).success).toBe(false);
  });
});
