import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

/** GET /ranking/all; clients send limit = page size + 1 to detect a next page. */
export const RankingAllQuerySchema = z.object({
  ranking_id: IntParamSchema,
  offset: IntParamSchema.optional(),
  limit: IntParamSchema.optional(),
  ranking_ab: IntParamSchema.optional(),
});
export type RankingAllQuery = z.infer<typeof RankingAllQuerySchema>;

export const RankingTabSchema = z.strictObject({ ranking_id: z.int(), text: z.string() });
export type RankingTab = z.infer<typeof RankingTabSchema>;

/** Ids only; clients then call /title/list. */
export const RankingTitleSchema = z.strictObject({ id: z.int() });
export type RankingTitle = z.infer<typeof RankingTitleSchema>;

export const RankingAllResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  tab_list: z.array(RankingTabSchema),
  ranking_title_list: z.array(RankingTitleSchema),
});
export type RankingAllResponse = z.infer<typeof RankingAllResponseSchema>;

/** One genre tab with its top titles (ADR 009). */
export const GenreRankingSchema = z.strictObject({
  ranking_id: z.int(),
  genre_id: z.int(),
  genre_name: z.string(),
  title_id_list: z.array(z.int()),
});
export type GenreRanking = z.infer<typeof GenreRankingSchema>;

/** GET /web/ranking/genre: each genre tab's top titles, with the titles themselves. */
export const WebRankingGenreResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  genre_ranking_list: z.array(GenreRankingSchema),
  title_list: z.array(TitleSchema),
});
export type WebRankingGenreResponse = z.infer<typeof WebRankingGenreResponseSchema>;
