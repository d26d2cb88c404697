import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';

/** An item of `magazine_category_list` (wire §3.2). */
export const MagazineCategorySchema = z.strictObject({
  magazine_category_id: z.int(),
  magazine_category_name_text: z.string(),
  is_purchase: z.int(),
  is_search: z.int(),
  is_subscription: z.int(),
  subscription_image_url: z.string().nullable(),
});
export type MagazineCategory = z.infer<typeof MagazineCategorySchema>;

/** GET /magazine/category/list */
export const MagazineCategoryListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  magazine_category_list: z.array(MagazineCategorySchema),
});
export type MagazineCategoryListResponse = z.infer<typeof MagazineCategoryListResponseSchema>;

/** GET /magazine/category/list and /magazine/category/search/list */
export const MagazineCategoryListQuerySchema = z.object({ ...PagingQueryShape });
export type MagazineCategoryListQuery = z.infer<typeof MagazineCategoryListQuerySchema>;

/** Sort orders of GET /magazine/list (ADR 009): newest issue first (default) or oldest first. */
export const MagazineSortSchema = z.enum(['new', 'old']);

/** GET /magazine/list */
export const MagazineListQuerySchema = z.object({
  magazine_category_id: IntParamSchema.optional(),
  magazine_id_list: IdListSchema.optional(),
  sort: MagazineSortSchema.optional(),
  from_bookshelf: IntParamSchema.optional(),
  ...PagingQueryShape,
});
export type MagazineListQuery = z.infer<typeof MagazineListQuerySchema>;

/** An item of `magazine_list`: one issue (ADR 009). */
export const MagazineSchema = z.strictObject({
  magazine_id: z.int(),
  magazine_category_id: z.int(),
  magazine_name: z.string(),
  image_url: z.string(),
  point: z.int(),
  start_time: z.string(),
  /** 0 until purchases of whole issues exist. */
  is_purchased: z.int(),
  episode_id_list: z.array(z.int()),
});
export type Magazine = z.infer<typeof MagazineSchema>;

export const MagazineListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  magazine_list: z.array(MagazineSchema),
});
export type MagazineListResponse = z.infer<typeof MagazineListResponseSchema>;
