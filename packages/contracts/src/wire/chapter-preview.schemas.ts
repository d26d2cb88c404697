import { z } from 'zod';
import { IMAGE_QUALITIES } from '../data-saver.rules.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';
import { WebViewerResponseSchema } from './viewer.schemas.ts';

// The editors' chapter preview (issue 26, ADR 073) under /ops/catalogue/: a chapter in the real
// reader before release, and what readers of each kind would be shown for it. Editors only (1002 to
// anyone else, as every /ops/catalogue call).

/** GET /ops/catalogue/episode/preview and GET /ops/catalogue/episode/access */
export const EditorEpisodePreviewQuerySchema = z.object({
  episode_id: IntParamSchema,
  /** The page tier (ADR 055), as the reader's viewer call takes it; `standard` without it. */
  image_quality: z.enum(IMAGE_QUALITIES).optional(),
});
export type EditorEpisodePreviewQuery = z.input<typeof EditorEpisodePreviewQuerySchema>;

export const EditorEpisodeAccessQuerySchema = z.object({ episode_id: IntParamSchema });
export type EditorEpisodeAccessQuery = z.input<typeof EditorEpisodeAccessQuerySchema>;

/**
 * GET /ops/catalogue/episode/preview: exactly GET /web/episode/viewer's answer (signed page URLs,
 * sizes, seed, direction), for any chapter of any title, released or not, with no neighbours
 * (`previous_episode` / `next_episode` are `{}`) and `last_page` 0; plus what the console shows
 * around it. Nothing is recorded and the answer is `Cache-Control: private, no-store`.
 */
export const EditorEpisodePreviewResponseSchema = WebViewerResponseSchema.extend({
  title_name: z.string(),
  episode_name: z.string(),
  /** The chapter's release time (wire time zone); "" while it is unscheduled. */
  start_time: z.union([z.literal(''), WireDateTimeSchema]),
  /** 1 when readers can see the chapter now: released, and its title published. */
  is_released: z.int(),
  is_title_published: z.int(),
});
export type EditorEpisodePreviewResponse = z.infer<typeof EditorEpisodePreviewResponseSchema>;

/** The readers the access preview answers for, as the entitlement rules see them. */
export const PREVIEW_READERS = ['guest', 'member', 'ticket_holder'] as const;
export type PreviewReader = (typeof PREVIEW_READERS)[number];

/**
 * What a reader would be shown for a chapter: `free` (or `free_window` until a time), `points` (to
 * buy it for `point`), `ticket` (rentable with a ticket they hold), `not_for_sale` (locked and
 * neither sold alone nor rentable), `not_released` (until `start_time`), `unpublished` (the title
 * is not published), `age_gate` (the title's rating does not admit them).
 */
export const PREVIEW_ACCESS_STATES = [
  'free',
  'free_window',
  'points',
  'ticket',
  'not_for_sale',
  'not_released',
  'unpublished',
  'age_gate',
] as const;
export type PreviewAccessState = (typeof PREVIEW_ACCESS_STATES)[number];

export const PreviewAccessSchema = z.strictObject({
  reader: z.enum(PREVIEW_READERS),
  state: z.enum(PREVIEW_ACCESS_STATES),
  /** The chapter's price in points when it is `points`; 0 otherwise. */
  point: z.int(),
  /** When `free_window` ends or `not_released` begins (wire time); "" otherwise (and while unscheduled). */
  until: z.string(),
});
export type PreviewAccess = z.infer<typeof PreviewAccessSchema>;

/** GET /ops/catalogue/episode/access */
export const EditorEpisodeAccessResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  title_id: z.int(),
  access_list: z.array(PreviewAccessSchema),
});
export type EditorEpisodeAccessResponse = z.infer<typeof EditorEpisodeAccessResponseSchema>;
