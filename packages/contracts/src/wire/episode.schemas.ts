import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema } from './params.schemas.ts';

/** An item of `episode_list` (WIRE.md §3.1). */
export const EpisodeSchema = z.strictObject({
  episode_id: z.int(),
  episode_name: z.string(),
  /** Order inside the title, not the chapter number. */
  index: z.int(),
  /** 1 must buy, 2 free, 3 purchased, 4 rented (EpisodeBadge). */
  badge: z.int(),
  point: z.int(),
  bonus_point: z.int(),
  use_status: z.int().nullable(),
  ticket_rental_enabled: z.int(),
  title_id: z.int(),
  start_time: WireDateTimeSchema,
  rental_rest_time: z.string().nullable(),
  /** Non-null while rented. */
  rental_finish_time: WireDateTimeSchema.nullable(),
  magazine_id: z.int().nullable(),
  magazine_name: z.string().nullable(),
  is_viewed: z.int(),
  is_viewed_last_page: z.int(),
  thumbnail_image_url: z.string(),
  web_thumbnail_image_url: z.string(),
  first_page_image_url: z.string(),
  featured_text: z.string(),
  short_introduction_text: z.string(),
  viewing_direction: z.int(),
  comic_volume: z.int().nullable(),
  view_bulk_buy: z.int(),
  comment_num: z.int(),
  single_sale_enabled: z.int(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

/** POST (or GET) /episode/list */
export const EpisodeListRequestSchema = z.object({
  episode_id_list: IdListSchema,
  force_master: IntFlagParamSchema.optional(),
});
export type EpisodeListRequest = z.infer<typeof EpisodeListRequestSchema>;

/** Unknown ids are left out silently. */
export const EpisodeListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_list: z.array(EpisodeSchema),
});
export type EpisodeListResponse = z.infer<typeof EpisodeListResponseSchema>;
