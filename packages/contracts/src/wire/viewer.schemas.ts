import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema } from './episode.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

/** An integer seed (old clients, Ciao) or an alphabet string of at most 10 characters (WIRE.md §4.2). */
export const ScrambleSeedSchema = z.union([z.string().max(10), z.int()]);
export type ScrambleSeed = z.infer<typeof ScrambleSeedSchema>;

/** GET /web/episode/viewer */
export const WebViewerQuerySchema = z.object({ episode_id: IntParamSchema });
export type WebViewerQuery = z.infer<typeof WebViewerQuerySchema>;

/** Keys inside previous_episode / next_episode are not published; clients read them as string → int maps. */
const AdjacentEpisodeSchema = z.record(z.string(), z.int());

/** GET /web/episode/viewer (WIRE.md §3.3). */
export const WebViewerResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  /** Needed by clients to derive string seeds. */
  title_id: z.int(),
  /** Absolute signed image URLs in reading order; every one is scrambled with scramble_seed. */
  page_list: z.array(z.string()),
  scramble_seed: ScrambleSeedSchema,
  /** Block-size formula (1 = V1, 2 = V2); Ciao only. */
  scramble_ver: z.int().nullable(),
  bonus_point: z.int(),
  page_start_position: z.int(),
  direction: z.int(),
  page_slider: z.int(),
  previous_episode: AdjacentEpisodeSchema,
  next_episode: AdjacentEpisodeSchema,
  /** Shape not published. */
  post_advertisement_list: z.array(z.unknown()).nullable(),
});
export type WebViewerResponse = z.infer<typeof WebViewerResponseSchema>;

/** GET /episode/viewer (app; WIRE.md §3.3). */
export const AppViewerQuerySchema = z.object({
  episode_id: IntParamSchema,
  challenge: z.string().max(512).optional(),
  magazine_id: IntParamSchema.optional(),
  force_master: IntParamSchema.optional(),
  is_download: IntParamSchema.optional(),
});
export type AppViewerQuery = z.infer<typeof AppViewerQuerySchema>;

/** 1-based page number and its absolute signed URL. */
export const AppViewerPageSchema = z.strictObject({ index: z.int(), image_url: z.string() });

export const AppViewerResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  title_id: z.int(),
  page_list: z.array(AppViewerPageSchema),
  /** The previous, current and next released episodes (those that exist), oldest first. */
  episode_list: z.array(EpisodeSchema),
  next_episode_id: z.int().nullable(),
  prev_episode_id: z.int().nullable(),
  scramble_seed: ScrambleSeedSchema,
});
export type AppViewerResponse = z.infer<typeof AppViewerResponseSchema>;
