import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email.rules.ts';

describe('isValidEmail', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.co.jp', "o'brien@example.org", 'x_y-z@a-b.io'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@localhost',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a b@example.com',
    'a@exa mple.com',
    'a@-example.com',
    'a@example.c0m',
    'a@@example.com',
    'ü@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(EMAIL_MAX_LENGTH)}.com`,
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => expect(normalizeEmail('  Foo@Example.COM ')).toBe('foo@example.com'));
});
