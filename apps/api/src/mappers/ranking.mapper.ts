// Ranking tabs (WIRE.md §3.2) and genre rankings (ADR 009).
import type { GenreRanking, Locale, RankingTab } from '@manga/contracts';
import type { RankingTabRow } from '#src/db/schema.ts';
import { localizedName } from '#src/mappers/render-context.mapper.ts';

export function toRankingTabResponse(row: RankingTabRow, locale: Locale): RankingTab {
  return { ranking_id: row.id, text: localizedName(row, locale) };
}

export function toGenreRankingResponse(row: RankingTabRow, titleIds: number[], locale: Locale): GenreRanking {
  return {
    ranking_id: row.id,
    genre_id: row.genre_id ?? 0,
    genre_name: localizedName(row, locale),
    title_id_list: titleIds,
  };
}
