import { normalizeSearchText } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { findNgWord, normaliseNgWord } from '#src/rules/ng-word.rules.ts';

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

  // Issue 22 item 7: spellings that were posted past the filter.
  it.each([
    ['fuck', 'fu\u0441k', 'a Cyrillic с'],
    ['fuck', 'fuc\u03ba', 'a Greek κ'],
    ['fuck', 'ƒ\u03c5\u0441\u043a', 'Latin ƒ, Greek υ, Cyrillic с and к'],
    ['fuck', '\u{1f1eb}\u{1f1fa}\u{1f1e8}\u{1f1f0}', 'regional indicator letters'],
    ['fuck', '\u{1d58b}\u{1d59a}\u{1d588}\u{1d590}', 'mathematical letters'],
    ['fuck', 'ⓕⓤⓒⓚ', 'circled letters'],
    ['fuck', 'fuuuck', 'a repeated letter'],
    ['fuck', 'FFFUUUUCCCKKK', 'every letter repeated'],
    ['fuck', 'f u u c k', 'spaced and repeated'],
    ['shit', 'sh1t', 'a 1 for i'],
    ['shit', 'sh!t', 'a ! for i'],
    ['shit', 'sh|t happens', 'a | for i'],
    ['shit', 'ｓｈ１ｔ', 'full-width letters and digit'],
    ['bitch', 'b1tch', 'a 1 for i'],
    ['bitch', 'B1TCH!!!', 'upper case and a 1'],
    ['asshole', 'a$$hole', 'a $ for s'],
    ['asshole', '@55hole', 'an @ and 5s'],
    ['asshole', 'a\u200b$\u200b$hole', 'substitutes between zero-width spaces'],
    ['kill yourself', 'k1ll yourself', 'a 1 for i'],
    ['kill yourself', 'k1ll y0urs3lf', 'digits for letters'],
    ['kill yourself', 'killll yourself', 'a longer run'],
  ])('part word %j matches %j (%s)', (word, comment) => {
    expect(findNgWord(comment, [part(word)])).toEqual(part(word));
  });

  it.each([
    ['ass', 'a$$'],
    ['ass', '@ss!'],
    ['ass', 'a55'],
    ['ass', 'asssss'],
    ['ass', '\u0430ss'],
    ['cunt', '\u0441unt'],
    ['cunt', 'cunt!'],
    ['kys', 'KYS'],
    ['retard', 'r3tard'],
  ])('whole word %j matches %j', (word, comment) => {
    expect(findNgWord(comment, [whole(word)])).toBeDefined();
  });

  // Ordinary words and numbers must stay postable.
  it.each([
    [whole('ass'), 'as'],
    [whole('ass'), 'a class act'],
    [whole('ass'), 'an assistant'],
    [whole('ass'), 'I paid 455 points'],
    [whole('ass'), 'it costs $5'],
    [whole('ass'), 'gl\u0430ss'],
    [whole('ass'), 'cl@ss'],
    [whole('ass'), 'ass!st'],
    [whole('cunt'), 'Scunthorpe'],
    [whole('tit'), 'the title of chapter 717'],
    [whole('kys'), 'skys and skyscrapers'],
    [whole('retard'), 'flame retardant'],
    [part('kill yourself'), 'a skill you learn yourself'],
    [part('kill yourself'), 'kil yourself'],
    [part('shit'), 'shift 1 to 3'],
    [part('fuck'), 'fun comic'],
    [part('io'), 'エロ漫画'],
    [part('ei'), 'モエ'],
  ])('%j does not match %j', (entry, comment) => {
    expect(findNgWord(comment, [entry])).toBeUndefined();
  });

  it('keeps Japanese words matching across widths and kana, and ordinary Japanese postable', () => {
    const list = [part('死ね'), part('キモい'), part('ガイジ'), part('消えろ')];
    for (const comment of ['死ねええ', 'きもい', 'ｷﾓｲ', 'キモイい', 'ｶﾞｲｼﾞ', 'がいじ', '消 え ろ', '消えろ！！']) {
      expect(findNgWord(comment, list), comment).toBeDefined();
    }
    for (const comment of [
      '死ぬほど面白かった！',
      '主人公がキモかわいい',
      '次の話が消えていた？',
      '今週も最高でした。続きが楽しみです',
      'ガイドブックが欲しい',
    ]) {
      expect(findNgWord(comment, list), comment).toBeUndefined();
    }
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

  it('normalises a word as the text, its substitutes read as letters', () => {
    expect(normaliseNgWord('Kill Yourself')).toBe('killyourself');
    expect(normaliseNgWord('A$$hole')).toBe('asshole');
    expect(normaliseNgWord('fu\u0441k')).toBe('fuck');
    expect(normaliseNgWord('キモい')).toBe('きもい');
    expect(normaliseNgWord('$$$')).toBe('');
    expect(findNgWord('what an asshole', [part('a$$hole')])).toBeDefined();
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
