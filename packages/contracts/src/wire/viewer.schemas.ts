import { z } from 'zod';
import { IMAGE_QUALITIES } from '../data-saver.rules.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema, EpisodeShareSchema } from './episode.schemas.ts';
import { IntFlagParamSchema, IntParamSchema } from './params.schemas.ts';

/** An integer seed (old clients, Ciao) or an alphabet string of at most 10 characters (wire §4.2). */
export const ScrambleSeedSchema = z.union([z.string().max(10), z.int()]);
export type ScrambleSeed = z.infer<typeof ScrambleSeedSchema>;

/**
 * GET /web/episode/viewer. `prefetch=1` (ours, ADR 016) asks for the pages ahead of reading them
 * (the web reader fetches the next chapter's first pages, or fresh URLs for expired ones): the
 * answer is the same, but no view or history is recorded.
 */
export const WebViewerQuerySchema = z.object({
  episode_id: IntParamSchema,
  prefetch: IntFlagParamSchema.optional(),
  /**
   * The tier of page images (ours, ADR 055): `light` for the data saver's smaller derivatives,
   * `standard` otherwise. Without it, `Save-Data: on` asks for `light`.
   */
  image_quality: z.enum(IMAGE_QUALITIES).optional(),
});
export type WebViewerQuery = z.infer<typeof WebViewerQuerySchema>;

/**
 * The stored size of one page in pixels (ours, ADR 016): `page_size_list` lies beside `page_list`,
 * in the same order, so that readers lay out two-page spreads (a wide page stands alone) before
 * any image has loaded. Clients of the K MANGA family ignore the extra key.
 */
export const PageSizeSchema = z.strictObject({ width: z.int(), height: z.int() });
export type PageSize = z.infer<typeof PageSizeSchema>;

/** Keys inside previous_episode / next_episode are not published; clients read them as string → int maps. */
const AdjacentEpisodeSchema = z.record(z.string(), z.int());

/** GET /web/episode/viewer (wire §3.3). */
export const WebViewerResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  /** Needed by clients to derive string seeds. */
  title_id: z.int(),
  /** Absolute signed image URLs in reading order; every one is scrambled with scramble_seed. */
  page_list: z.array(z.string()),
  /** Width and height of each page of page_list, in the same order (ours). */
  page_size_list: z.array(PageSizeSchema),
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
  /**
   * The 1-based page a logged-in reader had reached in this episode when it opened; 0 for guests and
   * a first read (ours, issue 24: reopening a chapter resumes there).
   */
  last_page: z.int(),
  /**
   * The tier page_list and page_size_list are of (ours, ADR 055): `light` only when asked for and
   * made for every page of the episode, else `standard`.
   */
  image_quality: z.enum(IMAGE_QUALITIES),
});
export type WebViewerResponse = z.infer<typeof WebViewerResponseSchema>;

/** GET /episode/viewer (app; wire §3.3). */
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
  /** Width and height of each page of page_list, in the same order (ours). */
  page_size_list: z.array(PageSizeSchema),
  /** The previous, current and next released episodes (those that exist), oldest first. */
  episode_list: z.array(EpisodeSchema),
  next_episode_id: z.int().nullable(),
  prev_episode_id: z.int().nullable(),
  scramble_seed: ScrambleSeedSchema,
});
export type AppViewerResponse = z.infer<typeof AppViewerResponseSchema>;

/** Reading modes of `viewing_direction` (episode field and lastpage parameter). */
export const ViewingDirection = { RightToLeft: 1, LeftToRight: 2, Vertical: 3 } as const;
export type ViewingDirection = (typeof ViewingDirection)[keyof typeof ViewingDirection];

/**
 * GET /episode/viewer/lastpage (product §7): the reader reached the last page, in scroll mode or not
 * and in a reading direction (as the reader chose it, which may differ from the episode's).
 */
export const ViewerLastPageQuerySchema = z.object({
  episode_id: IntParamSchema,
  viewer_scroll: IntFlagParamSchema.optional(),
  viewing_direction: IntParamSchema.refine((value) => value >= 1 && value <= 3, 'must be 1, 2 or 3').optional(),
});
export type ViewerLastPageQuery = z.infer<typeof ViewerLastPageQuerySchema>;

/** wire §3.3: only an empty `descriptor_id_list` has been seen. */
export const ViewerLastPageResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  descriptor_id_list: z.array(z.int()),
});
export type ViewerLastPageResponse = z.infer<typeof ViewerLastPageResponseSchema>;

/** GET /episode/viewer/finish (wire §3.3): the reader finished the episode. */
export const ViewerFinishResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  title_id: z.int(),
  favorite_status: z.int(),
  /** Points credited for finishing by this call (0: reading credits none, ADR 016). */
  bonus_point: z.int(),
  /** Episodes of this title the reader has finished (0 for guests, who keep no record). */
  view_finish_episode_count: z.int(),
  title_share_ret: EpisodeShareSchema,
});
export type ViewerFinishResponse = z.infer<typeof ViewerFinishResponseSchema>;

/** POST /episode/viewer/progress (ours, ADR 016): the page a logged-in reader is on, 1-based. */
export const ViewerProgressRequestSchema = z.object({
  episode_id: IntParamSchema,
  page: IntParamSchema,
});
export type ViewerProgressRequest = z.infer<typeof ViewerProgressRequestSchema>;

export const ViewerProgressResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  page: z.int(),
  page_count: z.int(),
});
export type ViewerProgressResponse = z.infer<typeof ViewerProgressResponseSchema>;

/**
 * GET /web/episode/download (ours, ADR 052): what a logged-in reader may keep of an episode to read
 * offline on this device. EntitlementService decides as for the viewer (3104 unknown or unreleased,
 * 2016 too young, 3105 neither free nor bought nor rented; 2011 for guests); a download records no read.
 */
export const WebEpisodeDownloadQuerySchema = z.object({ episode_id: IntParamSchema });
export type WebEpisodeDownloadQuery = z.infer<typeof WebEpisodeDownloadQuerySchema>;

/** Why a reader may keep an episode: the entitlement that opens it (a gate never lets one be kept). */
export const DownloadKeepReasonSchema = z.enum(['purchased', 'rented', 'free', 'free_window']);
export type DownloadKeepReason = z.infer<typeof DownloadKeepReasonSchema>;

export const WebEpisodeDownloadResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  title_id: z.int(),
  /** The account the download belongs to: the device keeps it under this id only (ADR 052). */
  user_id: z.int(),
  title_name: z.string(),
  episode_name: z.string(),
  /** Absolute signed image URLs in reading order, scrambled with scramble_seed: stored as they are. */
  page_list: z.array(z.string()),
  page_size_list: z.array(PageSizeSchema),
  scramble_seed: ScrambleSeedSchema,
  scramble_ver: z.int().nullable(),
  direction: z.int(),
  keep_reason: DownloadKeepReasonSchema,
  /**
   * When the device must remove the download (wire time, `YYYY-MM-DD HH:MM:SS` in the wire zone):
   * the end of the rental or of the free window; null when it is the reader's for good (bought, free).
   */
  keep_until: WireDateTimeSchema.nullable(),
});
export type WebEpisodeDownloadResponse = z.infer<typeof WebEpisodeDownloadResponseSchema>;
