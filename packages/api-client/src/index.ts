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
export { answerResponse, createBatchingFetch } from './batching-fetch.ts';
export {
  addBookmark,
  deleteBookmark,
  getReadingSetting,
  listBookmarks,
  nameDevice,
  setPrivateReading,
  updateBookmark,
} from './bookmark-operations.ts';
export { type PollBuildManifestOptions, pollBuildManifest } from './build-manifest.ts';
export {
  type CallOptions,
  getGenreRankings,
  getRanking,
  getTitleAgeGate,
  getTitleSupplement,
  getWebEpisode,
  getWebMyPersonal,
  getWebTitleDetail,
  getWebTitlePersonal,
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
  partAnswer,
  type RankingParams,
  type SearchTitleParams,
  searchTitles,
  suggestTitles,
} from './catalogue-operations.ts';
export {
  getChapterAlertSetting,
  listNewChapters,
  markNewChaptersSeen,
  readUnsubscribe,
  setChapterAlertMail,
  setTitleAlert,
  unsubscribe,
} from './chapter-alert-operations.ts';
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
  getLoginBonusCalendar,
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
export { type EditorialOperations, editorialOperations } from './editorial-operations.ts';
export { addFavoriteTitle, deleteFavoriteTitle, listFavoriteTitles } from './favorite-operations.ts';
export { type FiguresOperations, figuresOperations } from './figures-operations.ts';
export { getNickname, setNickname } from './nickname-operations.ts';
export {
  deleteAllViewedTitles,
  deleteViewedTitle,
  finishViewerEpisode,
  getNextEpisodeTime,
  getViewedTitleProgress,
  getWebEpisodeDownload,
  listViewedTitles,
  reachViewerLastPage,
  recordViewerProgress,
} from './reading-operations.ts';
export { type ApiParams, type ApiParamValue, encodeParams } from './request-params.ts';
export { DEFAULT_CACHE_TTL_MS, ResponseCache, type ResponseCacheOptions } from './response-cache.ts';
export { type StaffOperations, staffOperations } from './staff-operations.ts';
export { type SupportOperations, supportOperations } from './support-operations.ts';
export {
  BROWSER_API_PREFIX,
  type BrowserApiClientOptions,
  createBrowserApiClient,
  createServerApiClient,
  SERVICE_HASH_HEADER,
  type ServerApiClientOptions,
  SSR_FORWARDED_HEADERS,
} from './visitor-clients.ts';
