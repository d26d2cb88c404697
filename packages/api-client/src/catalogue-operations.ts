import {
  type ErrorEnvelope,
  type GenreListResponse,
  GenreListResponseSchema,
  type ImageQuality,
  type MagazineCategoryListResponse,
  MagazineCategoryListResponseSchema,
  type RankingAllResponse,
  RankingAllResponseSchema,
  type RecommendTitleListResponse,
  RecommendTitleListResponseSchema,
  type SearchSort,
  type SearchSuggestResponse,
  SearchSuggestResponseSchema,
  type SearchTitleResponse,
  SearchTitleResponseSchema,
  type TitleAgeGateResponse,
  TitleAgeGateResponseSchema,
  type TitleSupplementResponse,
  TitleSupplementResponseSchema,
  type TitleTicketListResponse,
  TitleTicketListResponseSchema,
  type TitleWeeklyResponse,
  TitleWeeklyResponseSchema,
  type WebEpisodeResponse,
  WebEpisodeResponseSchema,
  type WebMyPersonalResponse,
  WebMyPersonalResponseSchema,
  type WebRankingGenreResponse,
  WebRankingGenreResponseSchema,
  type WebTitleDetailResponse,
  WebTitleDetailResponseSchema,
  type WebTitlePersonalResponse,
  WebTitlePersonalResponseSchema,
  type WebTopResponse,
  WebTopResponseSchema,
  type WebTopUpdatedTitleResponse,
  WebTopUpdatedTitleResponseSchema,
  type WebViewerResponse,
  WebViewerResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import { businessError } from './api-error.ts';

// The catalogue calls the web app makes (product §7, wire §3.2–3.3), each validated with its
// contracts schema. They take any ApiClient (the server's, acting for a visitor, or the browser's).

export interface CallOptions {
  signal?: AbortSignal;
}

export interface PagingParams {
  limit?: number;
  offset?: number;
}

export interface RankingParams extends PagingParams {
  ranking_id: number;
}

export interface SearchTitleParams extends PagingParams {
  keyword?: string;
  genre_id?: number;
  tag_id?: number;
  magazine_category?: number;
  search_category?: number;
  author?: string;
  sort?: SearchSort;
}

/** GET /web/top: banners, bonus episodes, ranking, today's choice and updates, genre ranking. */
export function getWebTop(api: ApiClient, options: CallOptions = {}): Promise<WebTopResponse> {
  return api.call('getWebTop', 'GET', '/web/top', {}, { ...options, schema: WebTopResponseSchema });
}

/** GET /ranking/all: the tabs and one page of a tab's title ids. */
export function getRanking(
  api: ApiClient,
  params: RankingParams,
  options: CallOptions = {},
): Promise<RankingAllResponse> {
  return api.call('getRanking', 'GET', '/ranking/all', { ...params }, { ...options, schema: RankingAllResponseSchema });
}

/** GET /web/ranking/genre: each genre tab's top titles, with the titles. */
export function getGenreRankings(api: ApiClient, options: CallOptions = {}): Promise<WebRankingGenreResponse> {
  return api.call(
    'getWebRankingGenre',
    'GET',
    '/web/ranking/genre',
    {},
    { ...options, schema: WebRankingGenreResponseSchema },
  );
}

/** GET /title/weekly: serialised titles by weekday (1 Monday … 7 Sunday). */
export function getWeeklyTitles(api: ApiClient, options: CallOptions = {}): Promise<TitleWeeklyResponse> {
  return api.call('getTitleWeekly', 'GET', '/title/weekly', {}, { ...options, schema: TitleWeeklyResponseSchema });
}

/** GET /web/top/updated/title: titles updated on a site-local date (YYYY-MM-DD). */
export function listUpdatedTitles(
  api: ApiClient,
  params: { base_date: string },
  options: CallOptions = {},
): Promise<WebTopUpdatedTitleResponse> {
  return api.call(
    'listWebTopUpdatedTitles',
    'GET',
    '/web/top/updated/title',
    { ...params },
    { ...options, schema: WebTopUpdatedTitleResponseSchema },
  );
}

/** GET /search/title: every filter combined; title_list is one page of title_id_list. */
export function searchTitles(
  api: ApiClient,
  params: SearchTitleParams,
  options: CallOptions = {},
): Promise<SearchTitleResponse> {
  return api.call(
    'searchTitles',
    'GET',
    '/search/title',
    { ...params },
    { ...options, schema: SearchTitleResponseSchema },
  );
}

/** GET /search/title/suggest (ours): titles for what the reader has typed so far. */
export function suggestTitles(
  api: ApiClient,
  params: { keyword: string; limit?: number },
  options: CallOptions = {},
): Promise<SearchSuggestResponse> {
  return api.call(
    'suggestTitles',
    'GET',
    '/search/title/suggest',
    { ...params },
    { ...options, schema: SearchSuggestResponseSchema },
  );
}

/** GET /genre/search/list: the genres that published titles have. */
export function listSearchGenres(api: ApiClient, options: CallOptions = {}): Promise<GenreListResponse> {
  return api.call('listSearchGenres', 'GET', '/genre/search/list', {}, { ...options, schema: GenreListResponseSchema });
}

/** GET /genre/list: every genre, or those of `genre_id_list`. */
export function listGenres(
  api: ApiClient,
  params: { genre_id_list?: readonly number[] } = {},
  options: CallOptions = {},
): Promise<GenreListResponse> {
  return api.call('listGenres', 'GET', '/genre/list', { ...params }, { ...options, schema: GenreListResponseSchema });
}

/** GET /magazine/category/search/list: the categories search offers. */
export function listSearchMagazineCategories(
  api: ApiClient,
  params: PagingParams = {},
  options: CallOptions = {},
): Promise<MagazineCategoryListResponse> {
  return api.call(
    'listSearchMagazineCategories',
    'GET',
    '/magazine/category/search/list',
    { ...params },
    { ...options, schema: MagazineCategoryListResponseSchema },
  );
}

/** GET /web/title/detail: the title page's main facts. */
export function getWebTitleDetail(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<WebTitleDetailResponse> {
  return api.call(
    'getWebTitleDetail',
    'GET',
    '/web/title/detail',
    { ...params },
    { ...options, schema: WebTitleDetailResponseSchema },
  );
}

/** GET /web/title/personal: a logged-in reader's part of a title page in one call (ADR 076). */
export function getWebTitlePersonal(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<WebTitlePersonalResponse> {
  return api.call(
    'getWebTitlePersonal',
    'GET',
    '/web/title/personal',
    { ...params },
    { ...options, schema: WebTitlePersonalResponseSchema },
  );
}

/** GET /web/my/personal: a logged-in reader's /my in one call, each part its call's answer or refusal (ADR 076). */
export function getWebMyPersonal(
  api: ApiClient,
  params: {
    viewed_limit?: number;
    purchased_limit?: number;
    purchased_offset?: number;
    comment_limit?: number;
    comment_offset?: number;
  },
  options: CallOptions = {},
): Promise<WebMyPersonalResponse> {
  return api.call(
    'getWebMyPersonal',
    'GET',
    '/web/my/personal',
    { ...params },
    { ...options, schema: WebMyPersonalResponseSchema },
  );
}

/**
 * A part of a composite answer (ADR 076) as its call alone would have been taken: the answer, or the
 * ApiError its error envelope makes (the same code and message; `call` names it).
 */
export function partAnswer<T extends { status: 'success' }>(part: T | ErrorEnvelope, call: string): T {
  if (part.status === 'success') return part as T;
  const envelope = part as ErrorEnvelope;
  throw businessError(envelope, envelope.response_code, {
    httpStatus: undefined,
    body: JSON.stringify(envelope),
    url: call,
  });
}

/** GET /web/title/age_gate: whether the title's age rating admits the caller, and whether their birthday is known (ADR 026). */
export function getTitleAgeGate(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<TitleAgeGateResponse> {
  return api.call(
    'getTitleAgeGate',
    'GET',
    '/web/title/age_gate',
    { ...params },
    { ...options, schema: TitleAgeGateResponseSchema },
  );
}

/** GET /title/supplement: authors with roles, tags, ticket settings, next-update text. */
export function getTitleSupplement(
  api: ApiClient,
  params: { title_id: number },
  options: CallOptions = {},
): Promise<TitleSupplementResponse> {
  return api.call(
    'getTitleSupplement',
    'GET',
    '/title/supplement',
    { ...params },
    { ...options, schema: TitleSupplementResponseSchema },
  );
}

/** GET /title/ticket/list: the caller's tickets for each title. */
export function listTitleTickets(
  api: ApiClient,
  params: { title_id_list: readonly number[] },
  options: CallOptions = {},
): Promise<TitleTicketListResponse> {
  return api.call(
    'listTitleTickets',
    'GET',
    '/title/ticket/list',
    { ...params },
    { ...options, schema: TitleTicketListResponseSchema },
  );
}

/** GET /web/recommend/title/list: titles like `title_id`, else the caller's prediction. */
export function listWebRecommendedTitles(
  api: ApiClient,
  params: PagingParams & { title_id?: number } = {},
  options: CallOptions = {},
): Promise<RecommendTitleListResponse> {
  return api.call(
    'listWebRecommendedTitles',
    'GET',
    '/web/recommend/title/list',
    { ...params },
    { ...options, schema: RecommendTitleListResponseSchema },
  );
}

/** GET /web/episode: one episode's facts and its share link. */
export function getWebEpisode(
  api: ApiClient,
  params: { episode_id: number },
  options: CallOptions = {},
): Promise<WebEpisodeResponse> {
  return api.call(
    'getWebEpisode',
    'GET',
    '/web/episode',
    { ...params },
    { ...options, schema: WebEpisodeResponseSchema },
  );
}

/**
 * GET /web/episode/viewer: signed page URLs, page sizes and the scramble seed; HTTP 400 / 3105 when
 * locked. `prefetch: 1` reads ahead without recording a read (the next chapter, fresh URLs).
 */
export function getWebViewer(
  api: ApiClient,
  params: { episode_id: number; prefetch?: 0 | 1; image_quality?: ImageQuality },
  options: CallOptions = {},
): Promise<WebViewerResponse> {
  return api.call(
    'getWebViewer',
    'GET',
    '/web/episode/viewer',
    { ...params },
    { ...options, schema: WebViewerResponseSchema },
  );
}
