import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

// Recommendations (ADR 009): GET /recommend/title/list, /recommend/prediction/title/list and
// /web/recommend/title/list answer titles; GET /recommend/click counts a click on one.

export const RecommendQuerySchema = z.object({ ...PagingQueryShape });
export type RecommendQuery = z.infer<typeof RecommendQuerySchema>;

/** /web/recommend/title/list: `title_id` (optional) asks for titles like that one (viewer last page). */
export const WebRecommendQuerySchema = z.object({ title_id: IntParamSchema.optional(), ...PagingQueryShape });
export type WebRecommendQuery = z.infer<typeof WebRecommendQuerySchema>;

export const RecommendTitleListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_id_list: z.array(z.int()),
  title_list: z.array(TitleSchema),
});
export type RecommendTitleListResponse = z.infer<typeof RecommendTitleListResponseSchema>;
