// Ranking tabs (wire §3.2) and genre rankings (ADR 009).
import type { GenreRanking, Locale, RankingTab } from '@manga/contracts';
import type { RankingTabRow } from '#src/db/schema.ts';
import { genreName } from '#src/mappers/genre.mapper.ts';

export function toRankingTabResponse(row: RankingTabRow, locale: Locale): RankingTab {
  return { ranking_id: row.id, text: genreName(row, locale) };
}

export function toGenreRankingResponse(row: RankingTabRow, titleIds: number[], locale: Locale): GenreRanking {
  return {
    ranking_id: row.id,
    genre_id: row.genre_id ?? 0,
    genre_name: genreName(row, locale),
    title_id_list: titleIds,
  };
}
