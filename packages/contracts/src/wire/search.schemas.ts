import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema, PagingQueryShape } from './params.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

// Title search (product §7, wire §3.2, ADR 009).

/** Sort orders: popularity (the All ranking), newest title, latest update, name. */
export const SearchSortSchema = z.enum(['popular', 'new', 'updated', 'name']);
export type SearchSort = z.infer<typeof SearchSortSchema>;

/** search_category (ADR 009): 0 all, 1 serializing, 2 complete, 3 one-shot, 4 free campaign now. */
export const SearchCategory = { All: 0, Serializing: 1, Complete: 2, OneShot: 3, FreeCampaign: 4 } as const;
export const SearchCategorySchema = IntParamSchema.refine((value) => value <= 4, 'must be 0–4');

/** A keyword is at most 100 characters. */
export const SearchKeywordSchema = z.string().max(100, 'at most 100 characters');

/** GET /search/title */
export const SearchTitleQuerySchema = z.object({
  keyword: SearchKeywordSchema.optional(),
  genre_id: IntParamSchema.optional(),
  tag_id: IntParamSchema.optional(),
  magazine_category: IntParamSchema.optional(),
  search_category: SearchCategorySchema.optional(),
  author: SearchKeywordSchema.optional(),
  sort: SearchSortSchema.optional(),
  ...PagingQueryShape,
});
export type SearchTitleQuery = z.infer<typeof SearchTitleQuerySchema>;

/** title_list: the page asked for; title_id_list: every match, in the same order. */
export const SearchTitleResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  title_list: z.array(TitleSchema),
  title_id_list: z.array(z.int()),
});
export type SearchTitleResponse = z.infer<typeof SearchTitleResponseSchema>;

/** GET /search/title/suggest (ours, issue 24): what the reader has typed so far. */
export const SearchSuggestQuerySchema = z.object({ keyword: SearchKeywordSchema, limit: IntParamSchema.optional() });
export type SearchSuggestQuery = z.infer<typeof SearchSuggestQuerySchema>;

/** One suggestion: enough to show and open the title. */
export const SearchSuggestionSchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  author_text: z.string(),
  thumbnail_image_url: z.string(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

export const SearchSuggestResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  suggestion_list: z.array(SearchSuggestionSchema),
});
export type SearchSuggestResponse = z.infer<typeof SearchSuggestResponseSchema>;

/** GET /web/search/title */
export const WebSearchTitleQuerySchema = z.object({
  keyword: SearchKeywordSchema,
  limit: IntParamSchema.optional(),
  offset: IntParamSchema.optional(),
});
export type WebSearchTitleQuery = z.infer<typeof WebSearchTitleQuerySchema>;

export const WebSearchTitleResponseSchema = SearchTitleResponseSchema;
export type WebSearchTitleResponse = SearchTitleResponse;

/** An item of GET /search/title/all: the compact index an app searches locally. */
export const SearchTitleEntrySchema = z.strictObject({
  title_id: z.int(),
  title_name: z.string(),
  author_text: z.string(),
  thumbnail_image_url: z.string(),
  genre_id_list: z.array(z.int()),
  magazine_category: z.int(),
  publish_category: z.int(),
});
export type SearchTitleEntry = z.infer<typeof SearchTitleEntrySchema>;

export const SearchTitleAllResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  search_title_list: z.array(SearchTitleEntrySchema),
});
export type SearchTitleAllResponse = z.infer<typeof SearchTitleAllResponseSchema>;
