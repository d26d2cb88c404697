import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema, IntParamSchema } from './params.schemas.ts';

/** An item of `episode_list` (wire §3.1). */
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

/** GET /web/episode, /web/episode/nexttime, /episode/share: one episode id. */
export const EpisodeIdQuerySchema = z.object({ episode_id: IntParamSchema });
export type EpisodeIdQuery = z.infer<typeof EpisodeIdQuerySchema>;

/** `episode` of GET /web/episode (wire §3.3). */
export const WebEpisodeSchema = z.strictObject({
  title_id: z.int(),
  episode_id: z.int(),
  episode_name: z.string(),
  start_time: WireDateTimeSchema,
  thumbnail_image_url: z.string(),
  point: z.int(),
  /** 1 when the caller may read the pages now (free for everyone until entitlements exist). */
  is_page_visible: z.int(),
  ticket_rental_enabled: z.int(),
  page_count: z.int(),
  enable_episode_comment: z.int(),
});
export type WebEpisode = z.infer<typeof WebEpisodeSchema>;

/** `share` of GET /web/episode and GET /episode/share: a link to the episode on the web app. */
export const EpisodeShareSchema = z.strictObject({
  title_name: z.string(),
  twitter_post_text: z.string(),
  url: z.string(),
});
export type EpisodeShare = z.infer<typeof EpisodeShareSchema>;

export const WebEpisodeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode: WebEpisodeSchema,
  share: EpisodeShareSchema,
});
export type WebEpisodeResponse = z.infer<typeof WebEpisodeResponseSchema>;

/** GET /episode/share */
export const EpisodeShareResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  share: EpisodeShareSchema,
});
export type EpisodeShareResponse = z.infer<typeof EpisodeShareResponseSchema>;

/** GET /web/episode/first (title_id): where "read the first chapter" leads. */
export const WebEpisodeFirstResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_id: z.int(),
  episode_id: z.int(),
  episode: EpisodeSchema,
});
export type WebEpisodeFirstResponse = z.infer<typeof WebEpisodeFirstResponseSchema>;

/** The episode after the one being read; released or scheduled. */
export const NextTimeEpisodeSchema = z.strictObject({
  episode_id: z.int(),
  episode_name: z.string(),
  start_time: WireDateTimeSchema,
  /** 1 when start_time has passed. */
  is_released: z.int(),
});
export type NextTimeEpisode = z.infer<typeof NextTimeEpisodeSchema>;

/** GET /web/episode/nexttime (episode_id): the viewer's last page ("next chapter on …"). */
export const WebEpisodeNextTimeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_id: z.int(),
  episode_id: z.int(),
  next_episode: NextTimeEpisodeSchema.nullable(),
  next_updated_text: z.string().nullable(),
});
export type WebEpisodeNextTimeResponse = z.infer<typeof WebEpisodeNextTimeResponseSchema>;
