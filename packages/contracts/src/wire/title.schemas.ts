import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

/**
 * An item of `title_list` (WIRE.md §3.1). Strict clients (TOSHO) require every field, so the
 * server sends all of them, `""` for missing strings and null only where the type allows it.
 */
export const TitleSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  thumbnail_image_url: z.string(),
  thumbnail_rect_image_url: z.string(),
  banner_image_url: z.string(),
  feature_image_url: z.string(),
  campaign_text: z.string(),
  notice_text: z.string(),
  first_episode_id: z.int(),
  next_updated_text: z.string().nullable(),
  author_text: z.string(),
  author_list: z.array(z.string()),
  introduction_text: z.string(),
  short_introduction_text: z.string(),
  new_episode_update_cycle_text: z.string(),
  free_episode_update_cycle_text: z.string(),
  episode_order: z.int(),
  /** Every episode id, oldest first. */
  episode_id_list: z.array(z.int()),
  /** An array despite the singular name. */
  latest_paid_episode_id: z.array(z.int()),
  latest_free_episode_id: z.int().nullable(),
  genre_id_list: z.array(z.int()),
  favorite_status: z.int(),
  support_status: z.int(),
  publish_category: z.int(),
  magazine_category: z.int(),
  title_ticket_enabled: z.int(),
  episode_free_updated: z.string().nullable(),
  free_episode_count: z.int(),
  total_episode_count: z.int(),
});
export type Title = z.infer<typeof TitleSchema>;

/** GET /title/list */
export const TitleListQuerySchema = z.object({ title_id_list: IdListSchema });
export type TitleListQuery = z.infer<typeof TitleListQuerySchema>;

export const TitleListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_list: z.array(TitleSchema),
});
export type TitleListResponse = z.infer<typeof TitleListResponseSchema>;

/** `web_title` of GET /web/title/detail (WIRE.md §3.2). */
export const WebTitleSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  title_in_japanese: z.string().nullable(),
  age_rating: z.int().nullable(),
  nickname: z.string().nullable(),
  author_text: z.string(),
  introduction_text: z.string(),
  next_updated_text: z.string().nullable(),
  free_episode_update_cycle_text: z.string(),
  new_episode_update_cycle_text: z.string(),
  magazine_category: z.int(),
  genre_id_list: z.array(z.int()),
  banner_image_url: z.string(),
  thumbnail_image_url: z.string().nullable(),
  thumbnail_rect_image_url: z.string(),
  episode_id_list: z.array(z.int()),
  total_episode_count: z.int(),
  free_episode_count: z.int(),
});
export type WebTitle = z.infer<typeof WebTitleSchema>;

/** GET /web/title/detail */
export const WebTitleDetailQuerySchema = z.object({ title_id: IntParamSchema });
export type WebTitleDetailQuery = z.infer<typeof WebTitleDetailQuerySchema>;

export const WebTitleDetailResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  web_title: WebTitleSchema,
});
export type WebTitleDetailResponse = z.infer<typeof WebTitleDetailResponseSchema>;
