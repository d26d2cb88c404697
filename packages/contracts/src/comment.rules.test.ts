import { describe, expect, it } from 'vitest';
import { cleanCommentText, commentLength } from './comment.rules.ts';

describe('cleanCommentText', () => {
  it('trims, unifies line breaks and keeps one blank line at most', () => {
    expect(cleanCommentText('  first\r\nsecond\r\rthird \n\n\n\n  \nlast\t\t ')).toBe('first\nsecond\n\nthird\n\nlast');
  });

  it('removes control characters and the BOM but keeps text in every script', () => {
    expect(cleanCommentText('\ufeffa\u0000b\u0007c\u009f 最高！ 🎉')).toBe('abc 最高！ 🎉');
  });

  it('turns whitespace-only comments (ASCII or ideographic) into the empty string', () => {
    expect(cleanCommentText(' \n\t\u3000 \r\n')).toBe('');
  });

  it('composes to NFC', () => {
    expect(cleanCommentText('cafe\u0301')).toBe('café');
  });
});

describe('commentLength', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(commentLength('abc')).toBe(3);
    expect(commentLength('最高🎉')).toBe(3);
    expect(commentLength('')).toBe(0);
  });
});
