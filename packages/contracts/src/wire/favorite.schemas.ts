import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

// Followed titles (wire §3.5 GET /favorite/list; POST /favorite/add and /favorite/delete are
// ours, named in the family of /title/viewed/delete; ADR 017).

/** The Title's `favorite_status` (wire §3.1): 0 not followed, 1 followed by the caller. */
export const FavoriteStatus = { None: 0, Favorite: 1 } as const;

/** An entry of `favorite_title_list`: what changed in a followed title since the reader last opened it. */
export const FavoriteTitleSchema = z.strictObject({
  title_id: z.int(),
  /** Release time of the latest paid chapter, when it is newer than the latest free one. */
  paid_episode_updated: WireDateTimeSchema.nullable(),
  /** Release time of the latest free chapter. */
  free_episode_updated: WireDateTimeSchema.nullable(),
  purchase_status: z.int(),
  ticket_recover_time: WireDateTimeSchema.nullable(),
  /** 1 when a free chapter came out since the reader last opened the title (or followed it). */
  is_unread_free_episode: z.int(),
  /** Ours: 1 when any chapter, free or paid, came out since then (the "new chapter" badge). */
  is_unread_episode: z.int(),
  /** Ours: when the reader followed the title. */
  favorite_time: WireDateTimeSchema,
});
export type FavoriteTitle = z.infer<typeof FavoriteTitleSchema>;

/** GET /favorite/list (limit, offset, needs_title_list): `limit=0` or none means all of them. */
export const FavoriteListQuerySchema = z.object({
  ...PagingQueryShape,
  needs_title_list: IntParamSchema.optional(),
});
export type FavoriteListQuery = z.infer<typeof FavoriteListQuerySchema>;

/**
 * Most recently followed first; `title_list` holds the Title of each entry (same order, each with
 * `favorite_status` 1) unless `needs_title_list=0`. Titles no longer published are left out.
 */
export const FavoriteListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  favorite_title_list: z.array(FavoriteTitleSchema),
  title_list: z.array(TitleSchema),
  favorite_num: z.int(),
  max_favorite_num: z.int(),
});
export type FavoriteListResponse = z.infer<typeof FavoriteListResponseSchema>;

/** POST /favorite/add and POST /favorite/delete (title_id). */
export const FavoriteTitleIdSchema = z.object({ title_id: IntParamSchema });
export type FavoriteTitleIdRequest = z.infer<typeof FavoriteTitleIdSchema>;

/** The answer of /favorite/add and /favorite/delete: the caller's status of that title afterwards. */
export const FavoriteChangeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_id: z.int(),
  favorite_status: z.int(),
  favorite_num: z.int(),
});
export type FavoriteChangeResponse = z.infer<typeof FavoriteChangeResponseSchema>;
