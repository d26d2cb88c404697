import { describe, expect, it } from 'vitest';
import { buildSearchText, normalizeSearchText, SEARCH_TEXT_SEPARATOR } from './search-text.rules.ts';

describe('normalizeSearchText', () => {
  it.each([
    ['Blue Harbor', 'blueharbor'],
    ['ＢＬＵＥ　ＨＡＲＢＯＲ', 'blueharbor'],
    ['ﾌﾞﾙｰ', 'ぶるー'],
    ['ブルー・ハーバー！', 'ぶるーはーばー'],
    ['ぶるー はーばー', 'ぶるーはーばー'],
    ['青い港', '青い港'],
    ['Re:Zero — Start?', 'rezerostart'],
    ['Ｔｈｅ １００ Girlfriends', 'the100girlfriends'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('makes katakana and hiragana spellings equal', () => {
    expect(normalizeSearchText('カタカナ')).toBe(normalizeSearchText('かたかな'));
  });

  it('never leaves a LIKE wildcard or the separator in a keyword', () => {
    expect(normalizeSearchText('50%_off|x')).toBe('50offx');
    expect(normalizeSearchText(SEARCH_TEXT_SEPARATOR)).toBe('');
  });
});

describe('buildSearchText', () => {
  it('normalises each part, drops empty and repeated parts and joins with the separator', () => {
    expect(buildSearchText(['Blue Harbor', '青い港', '', null, 'BLUE HARBOR', 'アオイ'])).toBe(
      'blueharbor|青い港|あおい',
    );
  });
});
