import { describe, expect, it } from 'vitest';
import type { EpisodeRow } from '#src/db/schema.ts';
import { importedEpisodeRow } from '#src/rules/imported-episode.rules.ts';

const fields = {
  id: 900,
  titleId: 10001,
  sortIndex: 3,
  nameEn: undefined,
  nameJa: undefined,
  point: 0,
  startAt: 5_000,
  seed32: 77,
  now: 1_000,
};

describe('the episode row of an import', () => {
  it('gives a new episode the defaults: "Chapter N", free, released at startAt', () => {
    expect(importedEpisodeRow(fields)).toEqual({
      id: 900,
      title_id: 10001,
      sort_index: 3,
      name_en: 'Chapter 3',
      name_ja: '第3話',
      point: 0,
      bonus_point: 0,
      start_at: 5_000,
      free_until_at: null,
      ticket_rental_enabled: 0,
      single_sale_enabled: 0,
      magazine_id: null,
      viewing_direction: 1,
      scramble_seed: 77,
      comic_volume: null,
      created_at: 1_000,
      updated_at: 1_000,
    });
  });

  it('sells a priced episode singly and by ticket', () => {
    expect(importedEpisodeRow({ ...fields, point: 40 })).toMatchObject({
      point: 40,
      ticket_rental_enabled: 1,
      single_sale_enabled: 1,
    });
  });

  it('keeps what the replaced episode had, except the names and price given, the seed and updated_at', () => {
    const existing = {
      name_en: 'Old',
      name_ja: '旧',
      bonus_point: 5,
      start_at: 10,
      free_until_at: 20,
      magazine_id: 2,
      viewing_direction: 2,
      comic_volume: 4,
      created_at: 30,
    } as EpisodeRow;
    expect(importedEpisodeRow({ ...fields, existing })).toMatchObject({
      ...existing,
      updated_at: 1_000,
      scramble_seed: 77,
    });
    expect(importedEpisodeRow({ ...fields, existing, nameEn: 'New', nameJa: '新' })).toMatchObject({
      name_en: 'New',
      name_ja: '新',
    });
  });
});
