import { z } from 'zod';
import { BOOKMARK_NOTE_MAX_LENGTH } from '../constants.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema } from './episode.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

// Page bookmarks (ours, issue 28, ADR 044): a logged-in reader marks a page of a chapter they may
// open, with an optional note; the list is kept with the account, so every device shows it.

/** Whether a text holds a control character (C0 or DEL); a line break is one too. */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A bookmark's note: plain text, trimmed, at most BOOKMARK_NOTE_MAX_LENGTH characters (code points). */
export const BookmarkNoteSchema = z
  .string()
  .transform((note) => note.trim())
  .refine((note) => [...note].length <= BOOKMARK_NOTE_MAX_LENGTH, `at most ${BOOKMARK_NOTE_MAX_LENGTH} characters`)
  .refine((note) => !hasControlCharacter(note.replace(/\r?\n|\t/g, ' ')), 'control characters');

export const BookmarkSchema = z.strictObject({
  bookmark_id: z.int(),
  title_id: z.int(),
  episode_id: z.int(),
  /** 1-based page. */
  page: z.int(),
  note: z.string(),
  created_time: WireDateTimeSchema,
  updated_time: WireDateTimeSchema,
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

/** POST /bookmark/add (episode_id, page, note): a page already bookmarked keeps its one bookmark, with the new note. */
export const BookmarkAddRequestSchema = z.object({
  episode_id: IntParamSchema,
  page: IntParamSchema,
  note: BookmarkNoteSchema.optional(),
});
export type BookmarkAddRequest = z.infer<typeof BookmarkAddRequestSchema>;

/** POST /bookmark/update (bookmark_id, note). */
export const BookmarkUpdateRequestSchema = z.object({
  bookmark_id: IntParamSchema,
  note: BookmarkNoteSchema,
});

/** POST /bookmark/delete (bookmark_id). */
export const BookmarkIdRequestSchema = z.object({ bookmark_id: IntParamSchema });

export const BookmarkChangeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** The bookmark as stored; null after a delete. */
  bookmark: BookmarkSchema.nullable(),
  bookmark_num: z.int(),
  max_bookmark_num: z.int(),
});
export type BookmarkChangeResponse = z.infer<typeof BookmarkChangeResponseSchema>;

/** GET /bookmark/list (title_id, limit, offset): one title's bookmarks in reading order, or all, newest first. */
export const BookmarkListQuerySchema = z.object({
  title_id: IntParamSchema.optional(),
  ...PagingQueryShape,
});
export type BookmarkListQuery = z.infer<typeof BookmarkListQuerySchema>;

/**
 * `title_list` and `episode_list` hold the Title and Episode of the bookmarks listed (each once);
 * bookmarks of titles or chapters no longer published are left out.
 */
export const BookmarkListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  bookmark_list: z.array(BookmarkSchema),
  title_list: z.array(TitleSchema),
  episode_list: z.array(EpisodeSchema),
  bookmark_num: z.int(),
  max_bookmark_num: z.int(),
});
export type BookmarkListResponse = z.infer<typeof BookmarkListResponseSchema>;
