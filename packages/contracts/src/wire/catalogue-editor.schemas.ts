import { z } from 'zod';
import { IdListSchema } from '../id-list.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntFlagParamSchema, IntParamSchema } from './params.schemas.ts';

// The editors' catalogue API under /ops/catalogue/* (issue 26, ADR 046). Like the rest of /ops, a caller
// without the editor's access gets the answer of an unknown path (HTTP 404, code 1002). Parameters are
// the wire's (wire §1.6): form bodies of strings, lists comma-joined, flags 0/1; each schema turns
// them into the typed fields services take.

export const TITLE_NAME_MAX_LENGTH = 200;
export const TITLE_AUTHOR_MAX_LENGTH = 200;
export const TITLE_DESCRIPTION_MAX_LENGTH = 4000;
export const TITLE_TAG_MAX_LENGTH = 40;
export const TITLE_TAG_MAX_COUNT = 20;
/** The largest cover upload the API reads (the stored art is a few hundred KB of WebP). */
export const TITLE_ART_MAX_BYTES = 20 * 1024 * 1024;
/** Image types a cover upload may have. */
export const TITLE_ART_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Minimum reader age of a title (`title.age_rating`); 0 is all ages. */
export const AGE_RATINGS = [0, 13, 16, 18] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

/** How a title's pages are read (`viewing_direction` on the wire). */
export const ReadingDirection = { RightToLeft: 1, LeftToRight: 2, Vertical: 3 } as const;
export type ReadingDirection = (typeof ReadingDirection)[keyof typeof ReadingDirection];
const READING_DIRECTIONS = Object.values(ReadingDirection);

/** `status` filter of the editors' title list. */
export const EditorTitleStatus = { All: 'all', Published: 'published', Unpublished: 'unpublished' } as const;
export type EditorTitleStatus = (typeof EditorTitleStatus)[keyof typeof EditorTitleStatus];

/** What an editor sets on a title, the same for creating and editing, as services take it. */
export interface EditorTitleFields {
  name_en: string;
  name_ja: string;
  author_en: string;
  author_ja: string;
  description_en: string;
  description_ja: string;
  genre_ids: number[];
  tags: string[];
  magazine_category_id: number | null;
  age_rating: AgeRating;
  reading_direction: ReadingDirection;
  /** 1 Monday … 7 Sunday; null when the title is not serialised weekly. */
  weekday_index: number | null;
}

const nameParam = z.string().trim().min(1, 'a name is required').max(TITLE_NAME_MAX_LENGTH);
const oneOf = <T extends number>(values: readonly T[]) =>
  IntParamSchema.refine((value): value is T => (values as readonly number[]).includes(value), {
    message: `must be one of ${values.join(', ')}`,
  }).transform((value) => value as T);
/** An optional id: absent or "" is none. */
const optionalIntParam = z
  .union([z.literal(''), IntParamSchema])
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));

/** The form fields of a title; `genre_ids` and `tags` are comma-joined. */
export const EditorTitleFormShape = {
  name_en: nameParam,
  name_ja: nameParam,
  author_en: z.string().trim().max(TITLE_AUTHOR_MAX_LENGTH).default(''),
  author_ja: z.string().trim().max(TITLE_AUTHOR_MAX_LENGTH).default(''),
  description_en: z.string().trim().max(TITLE_DESCRIPTION_MAX_LENGTH).default(''),
  description_ja: z.string().trim().max(TITLE_DESCRIPTION_MAX_LENGTH).default(''),
  genre_ids: IdListSchema.refine(
    (ids) => ids.length <= 16 && ids.every((id) => id > 0),
    'at most 16 genre ids',
  ).default([]),
  tags: z
    .string()
    .default('')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ])
    .refine((tags) => tags.length <= TITLE_TAG_MAX_COUNT, `at most ${TITLE_TAG_MAX_COUNT} tags`)
    .refine(
      (tags) => tags.every((tag) => tag.length <= TITLE_TAG_MAX_LENGTH),
      `a tag has at most ${TITLE_TAG_MAX_LENGTH} characters`,
    ),
  magazine_category_id: optionalIntParam,
  age_rating: oneOf(AGE_RATINGS),
  reading_direction: oneOf(READING_DIRECTIONS),
  weekday_index: optionalIntParam.refine(
    (day) => day === null || (day >= 1 && day <= 7),
    'a weekday is 1 (Monday) to 7',
  ),
};

/** POST /ops/catalogue/title/create: a new title, unpublished until an editor publishes it. */
export const EditorTitleCreateRequestSchema = z.object(EditorTitleFormShape);
export type EditorTitleCreateRequest = z.input<typeof EditorTitleCreateRequestSchema>;

/** POST /ops/catalogue/title/update: every field as the form sent it. */
export const EditorTitleUpdateRequestSchema = z.object({ title_id: IntParamSchema, ...EditorTitleFormShape });
export type EditorTitleUpdateRequest = z.input<typeof EditorTitleUpdateRequestSchema>;

/** POST /ops/catalogue/title/publish: shown to readers from now (`published=1`) or hidden (`0`). */
export const EditorTitlePublishRequestSchema = z.object({ title_id: IntParamSchema, published: IntFlagParamSchema });
export type EditorTitlePublishRequest = z.input<typeof EditorTitlePublishRequestSchema>;

/** GET /ops/catalogue/title */
export const EditorTitleQuerySchema = z.object({ title_id: IntParamSchema });
export type EditorTitleQuery = z.input<typeof EditorTitleQuerySchema>;

/** GET /ops/catalogue/title/list */
export const EditorTitleListQuerySchema = z.object({
  /** Part of a name, author or tag (normalised like reader search), or a title id. */
  q: z.string().trim().max(TITLE_NAME_MAX_LENGTH).optional(),
  status: z.enum([EditorTitleStatus.All, EditorTitleStatus.Published, EditorTitleStatus.Unpublished]).optional(),
  genre_id: IntParamSchema.optional(),
  limit: IntParamSchema.optional(),
  offset: IntParamSchema.optional(),
});
export type EditorTitleListQuery = z.input<typeof EditorTitleListQuerySchema>;

/**
 * POST /ops/catalogue/title/art?title_id=…: the body is the image itself (one of TITLE_ART_MEDIA_TYPES).
 * The optional crop rectangle is in the source image's pixels; every size the site shows is cut from it.
 */
export const EditorTitleArtQuerySchema = z.object({
  title_id: IntParamSchema,
  crop_left: IntParamSchema.optional(),
  crop_top: IntParamSchema.optional(),
  crop_width: IntParamSchema.optional(),
  crop_height: IntParamSchema.optional(),
});
export type EditorTitleArtQuery = z.input<typeof EditorTitleArtQuerySchema>;

export const EditorTitleSchema = z.strictObject({
  title_id: z.int(),
  name_en: z.string(),
  name_ja: z.string(),
  author_en: z.string(),
  author_ja: z.string(),
  description_en: z.string(),
  description_ja: z.string(),
  genre_ids: z.array(z.int()),
  tags: z.array(z.string()),
  magazine_category_id: z.int().nullable(),
  age_rating: z.int(),
  reading_direction: z.int(),
  weekday_index: z.int().nullable(),
  published: z.boolean(),
  /** When readers first saw it (wire time zone), "" while unpublished. */
  published_time: z.union([WireDateTimeSchema, z.literal('')]),
  updated_time: WireDateTimeSchema,
  episode_count: z.int(),
  /** The art as the site shows it: square thumbnail, wide tile, banner, portrait feature. */
  thumbnail_image_url: z.string(),
  thumbnail_rect_image_url: z.string(),
  banner_image_url: z.string(),
  feature_image_url: z.string(),
});
export type EditorTitle = z.infer<typeof EditorTitleSchema>;

/** GET /ops/catalogue/title, and every title change: the title after it. */
export const EditorTitleResponseSchema = z.strictObject({ ...successEnvelopeShape, title: EditorTitleSchema });
export type EditorTitleResponse = z.infer<typeof EditorTitleResponseSchema>;

/** GET /ops/catalogue/title/list: most recently changed first. */
export const EditorTitleListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_list: z.array(EditorTitleSchema),
  total: z.int(),
  has_next: z.int(),
});
export type EditorTitleListResponse = z.infer<typeof EditorTitleListResponseSchema>;

const namedOptionSchema = z.strictObject({ id: z.int(), name_en: z.string(), name_ja: z.string() });
/** GET /ops/catalogue/vocabulary: the genres and magazines a title may name. */
export const EditorVocabularyResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  genre_list: z.array(namedOptionSchema),
  magazine_category_list: z.array(namedOptionSchema),
});
export type EditorVocabularyResponse = z.infer<typeof EditorVocabularyResponseSchema>;

/** The highest price of a chapter in points. */
export const EPISODE_POINT_MAX = 10_000;

/** GET /ops/catalogue/episode/list?title_id=…: the title's chapters in reading order. */
export const EditorEpisodeListQuerySchema = z.object({ title_id: IntParamSchema });
export type EditorEpisodeListQuery = z.input<typeof EditorEpisodeListQuerySchema>;

/**
 * POST /ops/catalogue/episode/update: a chapter's price and access. Times are in the wire time zone;
 * `start_time` may not be moved to a time already past ("" leaves the chapter unscheduled),
 * `free_until_time` "" ends the free window.
 */
export const EditorEpisodeUpdateRequestSchema = z.object({
  episode_id: IntParamSchema,
  point: IntParamSchema.refine((point) => point <= EPISODE_POINT_MAX, `at most ${EPISODE_POINT_MAX} points`),
  start_time: z.union([z.literal(''), WireDateTimeSchema]),
  free_until_time: z.union([z.literal(''), WireDateTimeSchema]).default(''),
  ticket_rental: IntFlagParamSchema,
  single_sale: IntFlagParamSchema,
});
export type EditorEpisodeUpdateRequest = z.input<typeof EditorEpisodeUpdateRequestSchema>;

export const EditorEpisodeSchema = z.strictObject({
  episode_id: z.int(),
  title_id: z.int(),
  index: z.int(),
  name_en: z.string(),
  name_ja: z.string(),
  page_count: z.int(),
  point: z.int(),
  /** Release time (wire time zone); readers see the chapter from then on. "" while unscheduled. */
  start_time: z.union([WireDateTimeSchema, z.literal('')]),
  released: z.boolean(),
  free_until_time: z.union([WireDateTimeSchema, z.literal('')]),
  ticket_rental: z.boolean(),
  single_sale: z.boolean(),
});
export type EditorEpisode = z.infer<typeof EditorEpisodeSchema>;

export const EditorEpisodeListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_list: z.array(EditorEpisodeSchema),
});
export type EditorEpisodeListResponse = z.infer<typeof EditorEpisodeListResponseSchema>;

export const EditorEpisodeResponseSchema = z.strictObject({ ...successEnvelopeShape, episode: EditorEpisodeSchema });
export type EditorEpisodeResponse = z.infer<typeof EditorEpisodeResponseSchema>;

/** Body types a chapter upload may have: a .cbz (zip) archive; a folder is zipped by the browser. */
export const CHAPTER_UPLOAD_MEDIA_TYPES = [
  'application/zip',
  'application/vnd.comicbook+zip',
  'application/x-cbz',
] as const;
const episodeNameParam = z.string().trim().max(TITLE_NAME_MAX_LENGTH).default('');

/**
 * POST /ops/catalogue/episode/upload?title_id=…: the body is the .cbz itself, at most the API's
 * MANGA_CHAPTER_UPLOAD_MAX_MB (413 beyond). It becomes a new, unscheduled chapter at the end of the
 * title once every page is processed; the answer comes when the body is stored, processing goes on.
 */
export const EditorEpisodeUploadQuerySchema = z.object({
  title_id: IntParamSchema,
  name_en: episodeNameParam,
  name_ja: episodeNameParam,
});
export type EditorEpisodeUploadQuery = z.input<typeof EditorEpisodeUploadQuerySchema>;

/** GET /ops/catalogue/episode/upload/status?upload_id=… */
export const EditorEpisodeUploadStatusQuerySchema = z.object({ upload_id: z.string().min(1).max(64) });
export type EditorEpisodeUploadStatusQuery = z.input<typeof EditorEpisodeUploadStatusQuerySchema>;

export const EditorUploadState = { Processing: 'processing', Done: 'done', Failed: 'failed' } as const;
export type EditorUploadState = (typeof EditorUploadState)[keyof typeof EditorUploadState];

export const EditorUploadSchema = z.strictObject({
  upload_id: z.string(),
  title_id: z.int(),
  state: z.enum([EditorUploadState.Processing, EditorUploadState.Done, EditorUploadState.Failed]),
  /** Every page is decoded first, then scrambled and stored. */
  stage: z.enum(['decode', 'store']),
  done: z.int(),
  total: z.int(),
  /** The new chapter once `state` is done, else 0. */
  episode_id: z.int(),
  /** Why it failed, naming the file at fault; "" otherwise. */
  error_message: z.string(),
});
export type EditorUpload = z.infer<typeof EditorUploadSchema>;

export const EditorUploadResponseSchema = z.strictObject({ ...successEnvelopeShape, upload: EditorUploadSchema });
export type EditorUploadResponse = z.infer<typeof EditorUploadResponseSchema>;

/** The most chapters one bulk scheduling may place (a year of weeks). */
export const BULK_SCHEDULE_MAX = 52;

/**
 * POST /ops/catalogue/episode/schedule: the title's next `count` unscheduled chapters, in reading
 * order, one a week on `weekday` (1 Monday … 7 Sunday) at `time` ('HH:MM', wire time zone), from the
 * first such moment after now.
 */
export const EditorEpisodeScheduleRequestSchema = z.object({
  title_id: IntParamSchema,
  weekday: IntParamSchema.refine((day) => day >= 1 && day <= 7, 'a weekday is 1 (Monday) to 7'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time is 'HH:MM'"),
  count: IntParamSchema.refine(
    (count) => count >= 1 && count <= BULK_SCHEDULE_MAX,
    `from 1 to ${BULK_SCHEDULE_MAX} chapters`,
  ),
});
export type EditorEpisodeScheduleRequest = z.input<typeof EditorEpisodeScheduleRequestSchema>;

/** The chapters scheduled, each after its change. */
export const EditorEpisodeScheduleResponseSchema = EditorEpisodeListResponseSchema;

/** GET /ops/catalogue/schedule?days=…: every title's chapters due in the coming days (default 28, at most 92). */
export const EditorScheduleQuerySchema = z.object({
  days: IntParamSchema.refine((days) => days >= 1 && days <= 92, 'from 1 to 92 days').optional(),
});
export type EditorScheduleQuery = z.input<typeof EditorScheduleQuerySchema>;

export const EditorScheduledEpisodeSchema = EditorEpisodeSchema.extend({
  title_name_en: z.string(),
  title_name_ja: z.string(),
});
export type EditorScheduledEpisode = z.infer<typeof EditorScheduledEpisodeSchema>;

export const EditorScheduleResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  schedule_list: z.array(EditorScheduledEpisodeSchema),
});
export type EditorScheduleResponse = z.infer<typeof EditorScheduleResponseSchema>;

/** The largest image one page replacement may send (as a cover's; the stored page is a few hundred KB). */
export const PAGE_REPLACE_MAX_BYTES = TITLE_ART_MAX_BYTES;
/** Image types a replacement page may have (the import pipeline decodes them). */
export const PAGE_REPLACE_MEDIA_TYPES = TITLE_ART_MEDIA_TYPES;

/** GET /ops/catalogue/episode/pages?episode_id=…: the chapter's pages in reading order. */
export const EditorEpisodePagesQuerySchema = z.object({ episode_id: IntParamSchema });
export type EditorEpisodePagesQuery = z.input<typeof EditorEpisodePagesQuerySchema>;

export const EditorPageSchema = z.strictObject({
  /** Stable across reorders and replacements' numbers: the page row's id. */
  page_id: z.int(),
  page_number: z.int(),
  width: z.int(),
  height: z.int(),
  /** Changes when the image does (its preview, GET /ops/catalogue/episode/page/image, is fetched again). */
  image_version: z.string(),
});
export type EditorPage = z.infer<typeof EditorPageSchema>;

export const EditorEpisodePagesResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  episode_id: z.int(),
  page_list: z.array(EditorPageSchema),
});
export type EditorEpisodePagesResponse = z.infer<typeof EditorEpisodePagesResponseSchema>;

/**
 * POST /ops/catalogue/episode/pages/order: `page_id_list` is every page id of the chapter, each once,
 * in the new reading order (comma-joined on the wire); anything else is refused.
 */
export const EditorEpisodePageOrderRequestSchema = z.object({
  episode_id: IntParamSchema,
  page_id_list: IdListSchema,
});
export type EditorEpisodePageOrderRequest = z.input<typeof EditorEpisodePageOrderRequestSchema>;

/**
 * POST /ops/catalogue/episode/page/replace?episode_id=…&page_id=…: the body is the image itself
 * (one of PAGE_REPLACE_MEDIA_TYPES, at most PAGE_REPLACE_MAX_BYTES; 413 beyond). The page keeps its
 * place; the chapter's pages come back.
 */
export const EditorEpisodePageReplaceQuerySchema = z.object({
  episode_id: IntParamSchema,
  page_id: IntParamSchema,
});
export type EditorEpisodePageReplaceQuery = z.input<typeof EditorEpisodePageReplaceQuerySchema>;

/** GET /ops/catalogue/episode/page/image?episode_id=…&page_id=…: the page unscrambled, small (JPEG). */
export const EditorEpisodePageImageQuerySchema = EditorEpisodePageReplaceQuerySchema;
