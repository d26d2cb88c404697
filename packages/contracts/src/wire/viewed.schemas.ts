import { z } from 'zod';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema } from './episode.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

// The reading history (product §2 /my/history, §7 /title/viewed/*, §9 "up to 20 titles"): the titles a
// logged-in reader read last, each with the chapter and page to continue from (ADR 016).

/** Where a reader is in one title: the chapter read last and the page reached in it. */
export const ViewedTitleSchema = z.strictObject({
  title_id: z.int(),
  /** The chapter read last. */
  episode_id: z.int(),
  /** 1-based page reached in that chapter; 0 when no page was recorded yet. */
  page: z.int(),
  page_count: z.int(),
  /** 1 when the reader reached the chapter's end. */
  is_finished: z.int(),
  viewed_time: WireDateTimeSchema,
  /** Ours (ADR 044): the device the place was left on ("Chrome on macOS", a name the reader gave); "" unknown. */
  device_name: z.string(),
  /** Ours (ADR 044): when the place was left; null when no page was recorded yet. */
  page_time: WireDateTimeSchema.nullable(),
});
export type ViewedTitle = z.infer<typeof ViewedTitleSchema>;

/** GET /title/viewed/list (limit, offset): at most READING_HISTORY_LIMIT titles in all. */
export const TitleViewedListQuerySchema = z.object({ ...PagingQueryShape });
export type TitleViewedListQuery = z.infer<typeof TitleViewedListQuerySchema>;

/**
 * Most recent first. `title_list` and `episode_list` hold the Title and the last-read Episode of
 * each entry of `viewed_title_list` (same order; titles or chapters no longer published are left
 * out of all three).
 */
export const TitleViewedListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  viewed_title_list: z.array(ViewedTitleSchema),
  title_list: z.array(TitleSchema),
  episode_list: z.array(EpisodeSchema),
});
export type TitleViewedListResponse = z.infer<typeof TitleViewedListResponseSchema>;

/** POST /title/viewed/delete (title_id) and GET /title/viewed/progress (title_id). */
export const TitleViewedTitleIdSchema = z.object({ title_id: IntParamSchema });

/** GET /title/viewed/progress (ours): where the reader is in one title, null when never read. */
export const TitleViewedProgressResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  viewed_title: ViewedTitleSchema.nullable(),
});
export type TitleViewedProgressResponse = z.infer<typeof TitleViewedProgressResponseSchema>;
