// Ranking tabs (WIRE.md §3.2) and genre rankings (ADR 009).
import type { GenreRanking, RankingTab } from '@manga/contracts';
import type { RankingTabRow } from '#src/db/schema.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';

const pick = (en: string, ja: string, locale: Locale) => (locale === 'ja' ? ja || en : en || ja);

export function toRankingTabResponse(row: RankingTabRow, locale: Locale): RankingTab {
  return { ranking_id: row.id, text: pick(row.name_en, row.name_ja, locale) };
}

export function toGenreRankingResponse(row: RankingTabRow, titleIds: number[], locale: Locale): GenreRanking {
  return {
    ranking_id: row.id,
    genre_id: row.genre_id ?? 0,
    genre_name: pick(row.name_en, row.name_ja, locale),
    title_id_list: titleIds,
  };
}
