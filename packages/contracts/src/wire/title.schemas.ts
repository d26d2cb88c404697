import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { DateParamSchema, IntParamSchema } from './params.schemas.ts';

/**
 * An item of `title_list` (wire §3.1). Strict clients (TOSHO) require every field, so the
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

/** `web_title` of GET /web/title/detail (wire §3.2). */
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

/** Wire weekdays: 1 Monday … 7 Sunday (wire §3.2). */
export const WeeklyEntrySchema = z.strictObject({
  weekday_index: z.int().min(1).max(7),
  title_id_list: z.array(z.int()),
  feature_title_id: z.int(),
  bonus_point_title_id: z.array(z.int()),
  popular_title_id_list: z.array(z.int()),
  new_title_id_list: z.array(z.int()),
});
export type WeeklyEntry = z.infer<typeof WeeklyEntrySchema>;

/** GET /title/weekly */
export const TitleWeeklyResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  today_weekday_index: z.int().min(1).max(7),
  weekly_list: z.array(WeeklyEntrySchema),
  title_list: z.array(TitleSchema),
});
export type TitleWeeklyResponse = z.infer<typeof TitleWeeklyResponseSchema>;

/** A running campaign (ADR 009): 1 the whole title is free, 2 some episodes are free for a while. */
export const TitleEventSchema = z.strictObject({
  title_id: z.int(),
  event_type: z.int(),
  event_text: z.string(),
  finish_time: z.string(),
});
export type TitleEvent = z.infer<typeof TitleEventSchema>;

/** GET /title/event/list */
export const TitleEventListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  event_list: z.array(TitleEventSchema),
  title_list: z.array(TitleSchema),
});
export type TitleEventListResponse = z.infer<typeof TitleEventListResponseSchema>;

/** GET /title/supplement, /title/pointback, /web/episode/first: one title id. */
export const TitleIdQuerySchema = z.object({ title_id: IntParamSchema });
export type TitleIdQuery = z.infer<typeof TitleIdQuerySchema>;

export const TitleTagSchema = z.strictObject({ tag_id: z.int(), tag_name: z.string() });
export const TitleAuthorSchema = z.strictObject({ author_id: z.int(), author_name: z.string(), role: z.string() });

/** What the title page and the viewer show besides the Title (ADR 009; `viewer.titleSupplement`). */
export const TitleSupplementSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  age_rating: z.int(),
  weekday_index: z.int(),
  magazine_category: z.int(),
  magazine_category_name_text: z.string(),
  tag_list: z.array(TitleTagSchema),
  author_list: z.array(TitleAuthorSchema),
  title_ticket_enabled: z.int(),
  max_ticket_num: z.int(),
  ticket_rental_second: z.int(),
  ticket_recover_second: z.int(),
  next_updated_text: z.string().nullable(),
});
export type TitleSupplement = z.infer<typeof TitleSupplementSchema>;

/** GET /title/supplement */
export const TitleSupplementResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_supplement: TitleSupplementSchema,
});
export type TitleSupplementResponse = z.infer<typeof TitleSupplementResponseSchema>;

/**
 * `age_gate` of GET /web/title/age_gate (ours, ADR 026): whether the title's age rating admits the
 * caller, as the entitlement service decides it, and whether the caller has a birthday the age rule
 * reads (declared, or the account's). The web asks for a birthday when it is not known, and says the
 * title is closed to the reader when it is known and too young.
 */
export const TitleAgeGateSchema = z.strictObject({
  title_id: z.int(),
  /** The minimum age; 0 for a title without a rating. */
  age_rating: z.int(),
  /** 1 when the rating admits the caller (always for an unrated title). */
  is_admitted: z.int(),
  /** 1 when the caller has a birthday the age rule reads; 0 for none, a recorded default or a crawler. */
  is_birthday_known: z.int(),
});
export type TitleAgeGate = z.infer<typeof TitleAgeGateSchema>;

/** GET /web/title/age_gate */
export const TitleAgeGateResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  age_gate: TitleAgeGateSchema,
});
export type TitleAgeGateResponse = z.infer<typeof TitleAgeGateResponseSchema>;

/** GET /title/pointback: the released episodes that give points back. */
export const TitlePointbackResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_id: z.int(),
  total_bonus_point: z.int(),
  pointback_episode_list: z.array(z.strictObject({ episode_id: z.int(), bonus_point: z.int() })),
});
export type TitlePointbackResponse = z.infer<typeof TitlePointbackResponseSchema>;

/** GET /web/top/updated/title; base_date is a site-local date (wire time zone). */
export const WebTopUpdatedTitleQuerySchema = z.object({ base_date: DateParamSchema });
export type WebTopUpdatedTitleQuery = z.infer<typeof WebTopUpdatedTitleQuerySchema>;

/** An empty list means no updates that day. */
export const WebTopUpdatedTitleResponseSchema = TitleListResponseSchema;
export type WebTopUpdatedTitleResponse = z.infer<typeof WebTopUpdatedTitleResponseSchema>;
