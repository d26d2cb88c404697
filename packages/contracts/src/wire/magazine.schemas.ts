import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

/** An item of `magazine_category_list` (WIRE.md §3.2). */
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
