export type { BirthdayCookie, EpisodeListResponse, TitleListResponse } from '@manga/contracts';
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
export { readBirthdayCookie } from './birthday-cookie.ts';
export { type PollBuildManifestOptions, pollBuildManifest } from './build-manifest.ts';
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
