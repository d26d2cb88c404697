export type { BirthdayCookie, EpisodeListResponse, TitleListResponse } from '@manga/contracts';
export {
  type AccountOperations,
  accountOperations,
  fetchCollectingSetCookies,
  type LoginParams,
  type OptOutParams,
  setCookieHeaders,
  type TokenParams,
} from './account-operations.ts';
export {
  type ApiAnswer,
  type ApiClient,
  type ApiClientOptions,
  assertRequiredParameters,
  type CachedRequestOptions,
  CRAWLER_HEADER,
  createApiClient,
  HASH_HEADER,
  type HttpMethod,
  type ListEpisodesParams,
  type ListTitlesParams,
  type OperationName,
  type RequestOptions,
  type ResponseSchema,
  WEB_PLATFORM,
  WEB_VERSION,
} from './api-client.ts';
export { ApiError, NO_RESPONSE_CODE, RequiredError, responseCodeOf } from './api-error.ts';
export { type PollBuildManifestOptions, pollBuildManifest } from './build-manifest.ts';
export {
  type CallOptions,
  getGenreRankings,
  getRanking,
  getTitleSupplement,
  getWebEpisode,
  getWebTitleDetail,
  getWebTop,
  getWebViewer,
  getWeeklyTitles,
  listGenres,
  listSearchGenres,
  listSearchMagazineCategories,
  listTitleTickets,
  listUpdatedTitles,
  listWebRecommendedTitles,
  type PagingParams,
  type RankingParams,
  type SearchTitleParams,
  searchTitles,
} from './catalogue-operations.ts';
export {
  type CommentOperations,
  type CommentPage,
  commentOperations,
  type ModerationOperations,
  moderationOperations,
} from './comment-operations.ts';
export {
  buyEpisode,
  buyEpisodes,
  buyMagazine,
  cancelPlan,
  claimLoginBonus,
  getAccountPoint,
  getEpisodeStatus,
  getShop,
  getShopSubscription,
  getTestCheckout,
  listPointFlow,
  listPointHistory,
  listPurchasedTitles,
  listReservationFlow,
  listTicketFlow,
  payTestCheckout,
  rentEpisodeWithTicket,
  startCheckout,
} from './commerce-operations.ts';
export { addFavoriteTitle, deleteFavoriteTitle, listFavoriteTitles } from './favorite-operations.ts';
export {
  deleteAllViewedTitles,
  deleteViewedTitle,
  finishViewerEpisode,
  getNextEpisodeTime,
  getViewedTitleProgress,
  listViewedTitles,
  reachViewerLastPage,
  recordViewerProgress,
} from './reading-operations.ts';
export { type ApiParams, type ApiParamValue, encodeParams } from './request-params.ts';
export { DEFAULT_CACHE_TTL_MS, ResponseCache, type ResponseCacheOptions } from './response-cache.ts';
export {
  BROWSER_API_PREFIX,
  type BrowserApiClientOptions,
  createBrowserApiClient,
  createServerApiClient,
  SERVICE_HASH_HEADER,
  type ServerApiClientOptions,
  SSR_FORWARDED_HEADERS,
} from './visitor-clients.ts';
