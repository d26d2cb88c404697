import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '#src/rules/csv.rules.ts';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('One Piece')).toBe('One Piece');
    expect(csvField('進撃の巨人')).toBe('進撃の巨人');
    expect(csvField(1234)).toBe('1234');
    expect(csvField(-5)).toBe('-5');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Tom, Jerry')).toBe('"Tom, Jerry"');
    expect(csvField('The "Best" Manga')).toBe('"The ""Best"" Manga"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField('"')).toBe('""""');
  });

  it('keeps a text from being read as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('csvText', () => {
  it('writes CRLF lines that a CSV reader splits back into the same fields', () => {
    const text = csvText([
      ['title', 'purchases'],
      ['a, "b"\nc', 2],
    ]);
    expect(text).toBe('title,purchases\r\n"a, ""b""\nc",2\r\n');
  });
});
