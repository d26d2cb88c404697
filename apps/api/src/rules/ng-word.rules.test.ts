import { normalizeSearchText } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { findNgWord } from '#src/rules/ng-word.rules.ts';

const part = (word: string) => ({ word, match_type: 'part' });
const whole = (word: string) => ({ word, match_type: 'word' });

describe('findNgWord', () => {
  it.each([
    ['bad', 'this is bad'],
    ['bad', 'THIS IS BAD'],
    ['bad', 'ｂａｄ ending'],
    ['bad', 'ＢＡＤ ending'],
    ['bad', 'so b a d'],
    ['bad', 'so b.a.d!'],
    ['bad', 'so b-a_d'],
    ['bad', 'b\u3000a\u3000d'],
    ['bad', 'badminton'],
    ['キモい', 'キモい'],
    ['キモい', 'きもい'],
    ['キモい', 'ｷﾓｲ'],
    ['キモい', 'キ モ い'],
    ['死ね', 'お前は死ねよ'],
    ['死ね', '死・ね'],
    ['ガイジ', 'ｶﾞｲｼﾞ'],
    ['kill yourself', 'just killyourself'],
    ['kill yourself', 'KILL  YOUR.SELF'],
    ['bad', 'b\u200ba\u200bd'],
    ['bad', 'b\u200da\u200dd'],
    ['bad', 'b\u0336a\u0336d\u0336'],
    ['bad', 'b\ufe0fad'],
    ['死ね', '死\u200bね'],
  ])('part word %j matches %j', (word, comment) => {
    expect(findNgWord(comment, [part(word)])).toEqual(part(word));
  });

  it.each([
    ['ass', 'an ass'],
    ['ass', 'ASS!'],
    ['ass', 'a s s'],
    ['ass', 'a.s.s'],
    ['ass', 'ａｓｓ'],
    ['ass', 'お前はassだ'],
    ['ass', '(ass)'],
    ['ass', 'a\u200bs\u200bs'],
  ])('whole word %j matches %j', (word, comment) => {
    expect(findNgWord(comment, [whole(word)])).toBeDefined();
  });

  it.each([
    ['ass', 'a classic chapter'],
    ['ass', 'passage'],
    ['ass', 'has salt'],
    ['ass', 'gas station'],
    ['ass', 'assemble'],
    ['cunt', 'Scunthorpe United'],
    ['retard', 'fire retardant'],
  ])('whole word %j does not match inside %j', (word, comment) => {
    expect(findNgWord(comment, [whole(word)])).toBeUndefined();
  });

  it('matches a whole word anywhere it occurs, not only at its first occurrence', () => {
    expect(findNgWord('classy ass', [whole('ass')])).toBeDefined();
  });

  it('treats Japanese whole words as parts (Japanese has no spaces between words)', () => {
    expect(findNgWord('あいつ死ねばいい', [whole('死ね')])).toBeDefined();
  });

  it('passes clean comments in both languages', () => {
    const list = [part('bad'), part('キモい'), whole('ass')];
    expect(findNgWord('What a great chapter! 最高の回でした。', list)).toBeUndefined();
    expect(findNgWord('', list)).toBeUndefined();
  });

  it('never matches an entry that normalises to nothing', () => {
    expect(findNgWord('anything at all', [part('...'), part('  ')])).toBeUndefined();
  });

  it('returns the first matching entry of the list', () => {
    const list = [part('zzz'), part('bad'), part('ad')];
    expect(findNgWord('bad', list)?.word).toBe('bad');
  });

  it('normalises a comment grapheme by grapheme the same way search normalises the whole of it', () => {
    for (const text of ['ｶﾞｲｼﾞ ＡＢＣ', 'Blue・ハーバー！', 'é café', '㍻ ﬁne']) {
      const joined = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)]
        .map(({ segment }) => normalizeSearchText(segment))
        .join('');
      expect(joined).toBe(normalizeSearchText(text));
    }
  });
});
