import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';

export const GenreSchema = z.strictObject({
  genre_id: z.int(),
  genre_name: z.string(),
  image_url: z.string(),
});
export type Genre = z.infer<typeof GenreSchema>;

/** GET /genre/list; without a list, every genre. */
export const GenreListQuerySchema = z.object({ genre_id_list: IdListSchema.optional() });
export type GenreListQuery = z.infer<typeof GenreListQuerySchema>;

/** GET /genre/list and GET /genre/search/list. */
export const GenreListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  genre_list: z.array(GenreSchema),
});
export type GenreListResponse = z.infer<typeof GenreListResponseSchema>;
