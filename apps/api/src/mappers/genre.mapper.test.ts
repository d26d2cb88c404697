import { describe, expect, it } from 'vitest';
import { genreName } from '#src/mappers/genre.mapper.ts';

describe('genre names', () => {
  it('joins the parts of an English name with a spaced middle dot', () => {
    expect(genreName({ name_en: 'Romance･Romcom', name_ja: '恋愛･ラブコメ' }, 'en')).toBe('Romance · Romcom');
    expect(genreName({ name_en: 'Horror･Mystery ・ Suspense', name_ja: '' }, 'en')).toBe('Horror · Mystery · Suspense');
    expect(genreName({ name_en: 'Sports', name_ja: 'スポーツ' }, 'en')).toBe('Sports');
  });

  it('keeps Japanese names as the catalogue has them', () => {
    expect(genreName({ name_en: 'Romance･Romcom', name_ja: '恋愛･ラブコメ' }, 'ja')).toBe('恋愛･ラブコメ');
  });
});
