import { describe, expect, it } from 'vitest';
import { GENRES } from '#src/demo/catalogue/catalogue-data.ts';
import {
  DEMO_SPREAD_PAGE,
  type DemoCatalogue,
  DemoCatalogueGeneratorService,
  jstWeekdayIndex,
} from '#src/demo/services/demo-catalogue-generator.service.ts';

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0); // a Sunday noon in Tokyo
const generate = (seed?: number): DemoCatalogue => new DemoCatalogueGeneratorService().generate({ now: NOW, seed });

describe('DemoCatalogueGeneratorService', () => {
  const catalogue = generate();
  const episodes = catalogue.titles.flatMap((title) => title.episodes.map((episode) => episode.row));

  it('is deterministic for a seed and a clock', () => {
    expect(generate()).toEqual(catalogue);
    expect(generate(7).titles.map((t) => t.row.name_en)).not.toEqual(catalogue.titles.map((t) => t.row.name_en));
  });

  it('makes at least 40 titles with 5-digit ids and unique names in both languages', () => {
    expect(catalogue.titles.length).toBeGreaterThanOrEqual(40);
    for (const { row } of catalogue.titles) {
      expect(row.id).toBeGreaterThanOrEqual(10_000);
      expect(row.id).toBeLessThanOrEqual(99_999);
      expect(row.name_ja).not.toBe('');
      expect(row.name_en).not.toMatch(/^Title \d+$/);
    }
    expect(new Set(catalogue.titles.map((t) => t.row.name_en)).size).toBe(catalogue.titles.length);
  });

  it('uses all 16 genres', () => {
    expect(catalogue.genres.map((g) => g.id)).toEqual(GENRES.map((g) => g.id));
    expect(new Set(catalogue.titleGenres.map((link) => link.genre_id)).size).toBe(16);
  });

  it('makes at least 1,200 episodes of at least 15 pages with non-zero u32 seeds', () => {
    expect(episodes.length).toBeGreaterThanOrEqual(1_200);
    expect(new Set(episodes.map((e) => e.id)).size).toBe(episodes.length);
    for (const episode of episodes) {
      expect(episode.page_count).toBeGreaterThanOrEqual(15);
      expect(episode.scramble_seed).toBeGreaterThan(0);
      expect(episode.scramble_seed).toBeLessThanOrEqual(0xffffffff);
      expect(Number.isInteger(episode.scramble_seed)).toBe(true);
    }
  });

  it('prices paid episodes at 30–80 points and mixes free, paid, ticket and scheduled episodes', () => {
    const paid = episodes.filter((e) => (e.point ?? 0) > 0);
    expect(paid.length).toBeGreaterThan(0);
    for (const episode of paid) {
      expect(episode.point).toBeGreaterThanOrEqual(30);
      expect(episode.point).toBeLessThanOrEqual(80);
    }
    expect(episodes.some((e) => e.point === 0)).toBe(true);
    expect(episodes.some((e) => (e.bonus_point ?? 0) > 0)).toBe(true);
    expect(episodes.some((e) => e.ticket_rental_enabled === 1)).toBe(true);
    expect(episodes.some((e) => e.start_at > NOW)).toBe(true);
  });

  it('sets weekday serialisation, age ratings, free windows and ticket settings', () => {
    const rows = catalogue.titles.map((t) => t.row);
    expect(new Set(rows.map((r) => r.weekday_index).filter((w) => w !== null))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(rows.some((r) => r.weekday_index === null && r.publish_category === 2)).toBe(true);
    expect(new Set(rows.map((r) => r.age_rating))).toEqual(new Set([0, 13, 16, 18]));
    expect(rows.every((r) => (r.free_first_count ?? 0) >= 1)).toBe(true);
    expect(rows.some((r) => (r.free_latest_count ?? 0) > 0)).toBe(true);
    expect(rows.some((r) => r.free_until_at !== null)).toBe(true);
    for (const row of rows.filter((r) => r.ticket_enabled === 1)) {
      expect([row.ticket_max, row.ticket_recover_seconds, row.ticket_rental_seconds]).toEqual([1, 82_800, 259_200]);
    }
  });

  it('draws one wide double-page spread into every third chapter, never on the cover', () => {
    const all = catalogue.titles.flatMap((title) => title.episodes);
    for (const episode of all) {
      expect(episode.spreadPages).toEqual(episode.number % 3 === 1 ? [DEMO_SPREAD_PAGE] : []);
    }
    expect(DEMO_SPREAD_PAGE).toBeGreaterThan(1);
    expect(all.filter((episode) => episode.spreadPages.length > 0).length).toBeGreaterThan(300);
  });

  it('releases serialised episodes weekly on the title weekday', () => {
    for (const title of catalogue.titles.filter((t) => t.row.weekday_index !== null)) {
      for (const episode of title.episodes) {
        expect(jstWeekdayIndex(episode.row.start_at)).toBe(title.row.weekday_index);
      }
    }
  });

  it('has the K MANGA ranking tabs, products per region and advertisements', () => {
    expect(catalogue.rankingTabs.map((tab) => tab.id).sort((a, b) => a - b)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect(catalogue.rankingEntries.filter((e) => e.ranking_id === 12)).toHaveLength(catalogue.titles.length);
    const regions = new Set(catalogue.products.map((p) => `${p.region}:${p.currency}:${p.kind}`));
    expect(regions).toEqual(
      new Set(['US:usd:point_pack', 'US:usd:subscription', 'JP:jpy:point_pack', 'JP:jpy:subscription']),
    );
    expect(catalogue.advertisements.length).toBeGreaterThan(0);
    // Banners are named in both languages (their alt text): a JP reader's top page has no English.
    expect(catalogue.advertisements.every((a) => a.alt_text && a.alt_text_ja && a.alt_text_ja !== a.alt_text)).toBe(
      true,
    );
    expect(catalogue.magazineCategories.length).toBeGreaterThanOrEqual(3);
    expect(catalogue.magazines.length).toBeGreaterThan(0);
    expect(catalogue.authors.every((a) => a.name_en && a.name_ja)).toBe(true);
  });
});
