import { describe, expect, it } from 'vitest';
import { cleanNickname, NICKNAME_MAX_LENGTH, nicknameKey, nicknameProblemOf } from './nickname.rules.ts';

describe('cleanNickname', () => {
  it('reads full-width and half-width forms as usual ones, one space between words, trimmed', () => {
    expect(cleanNickname('  Ｍｉｋａ　　Chan \n')).toBe('Mika Chan');
    expect(cleanNickname('ﾐｶ')).toBe('ミカ');
  });
});

describe('nicknameKey', () => {
  it('compares names in lower case after cleaning', () => {
    expect(nicknameKey(cleanNickname('ＭＩＫＡ'))).toBe(nicknameKey(cleanNickname('mika')));
  });
});

describe('nicknameProblemOf', () => {
  it('accepts letters of any script, digits and a few joiners between them', () => {
    for (const name of ['Mika', 'みか', 'ミカ・チャン', 'mika_chan-99', "O'Neil", 'Zoë', '漫画好き', 'らーめんー'])
      expect(nicknameProblemOf(cleanNickname(name)), name).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(nicknameProblemOf('a')).toBe('too_short');
    expect(nicknameProblemOf('𠮷野')).toBeUndefined();
    expect(nicknameProblemOf('あ'.repeat(NICKNAME_MAX_LENGTH))).toBeUndefined();
    expect(nicknameProblemOf('あ'.repeat(NICKNAME_MAX_LENGTH + 1))).toBe('too_long');
  });

  it('refuses symbols, emoji, control characters and joiners at the edges', () => {
    for (const name of ['mika!', '<b>mika</b>', 'mika😀', 'mi\u0000ka', '_mika', 'mika-', 'mi\u200bka', '@mika'])
      expect(nicknameProblemOf(name), name).toBe('characters');
  });

  it('refuses names that pose as staff or as another reader’s pseudonym', () => {
    for (const name of [
      'Reader 7K2QX9',
      'reader_7k2qx9',
      '読者 7K2QX9',
      'Admin',
      'Moderator Ken',
      'mod',
      '運営スタッフ',
      'KMANGA',
    ])
      expect(nicknameProblemOf(cleanNickname(name)), name).toBe('reserved');
    expect(nicknameProblemOf('Modern Reader')).toBeUndefined();
    expect(nicknameProblemOf('Reader Mika')).toBeUndefined();
  });
});
