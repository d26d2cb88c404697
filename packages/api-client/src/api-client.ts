import {
  type BirthdayCookie,
  type EpisodeListResponse,
  EpisodeListResponseSchema,
  findMissingParameter,
  type HashFunctions,
  type OperationWithRequiredParameters,
  ResponseCode,
  requiredParameters,
  signWebRequest,
  type TitleListResponse,
  TitleListResponseSchema,
} from '@manga/contracts';
import { ApiError, answerCode, answerMessage, businessError, NO_RESPONSE_CODE, RequiredError } from './api-error.ts';
import { type ApiParams, encodeParams, formEncode, joinUrl } from './request-params.ts';
import { ResponseCache } from './response-cache.ts';

/** `platform` for the web (wire §1.2). */
export const WEB_PLATFORM = 3;
/** `version` the web client sends (wire §1.2). */
export const WEB_VERSION = '6.0.0';

export type HttpMethod = 'GET' | 'POST';

/** Anything that validates an answer and returns its typed form (a contracts zod schema). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** An answer before validation: the envelope beside the payload (wire §1.7). */
export type ApiAnswer = {
  status?: string;
  response_code?: number;
  error_message?: string;
} & Record<string, unknown>;

export interface RequestOptions<T> {
  /** Validates a successful answer; a mismatch is a ServerError. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Extra headers for this call only. */
  headers?: Readonly<Record<string, string>>;
  /** Let the request outlive the page (fetch `keepalive`), for small writes sent as the reader leaves. */
  keepalive?: boolean;
}

export interface CachedRequestOptions<T> extends RequestOptions<T> {
  method?: HttpMethod;
  ttlMs?: number;
}

export interface ApiClientOptions {
  /** The API server URL (`http://127.0.0.1:3001`) or a proxy prefix (`/api`). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Sent as `platform` on every call; default 3 (web). */
  platform?: number;
  /** Sent as `version` on every call; default 6.0.0. */
  version?: string;
  /** The stored birthday cookie (value and expiry) that the signature covers. */
  getBirthdayCookie?: () => BirthdayCookie | undefined;
  /** Headers forwarded on every call, e.g. the visitor's cookie and service-hash header during SSR. */
  forwardHeaders?: Readonly<Record<string, string>>;
  /** Sent as `x-manga-is-crawler`. */
  isCrawler?: boolean;
  /** Lifetime of `getCached` answers, in milliseconds (default 30 s). */
  cacheTtlMs?: number;
  /** Share a cache between clients; only for answers that do not depend on the visitor. */
  cache?: ResponseCache;
  /** The signature's hash functions: the pure-JS ones by default, node:crypto's on a server. */
  hashes?: HashFunctions;
}

export interface ListTitlesParams {
  title_id_list: readonly number[];
}

export interface ListEpisodesParams {
  episode_id_list: readonly number[];
  force_master?: 0 | 1;
}

/** An operation name: one of product §5's (checked for required parameters) or any other call's name. */
export type OperationName = OperationWithRequiredParameters | (string & {});

export interface ApiClient {
  readonly baseUrl: string;
  get<T = ApiAnswer>(path: string, params?: ApiParams, options?: RequestOptions<T>): Promise<T>;
  /** POST with a form-urlencoded body. */
  post<T = ApiAnswer>(path: string, params?: ApiParams, options?: RequestOptions<T>): Promise<T>;
  /** Like `get` (or `post`), answered from an in-memory cache keyed by url plus body while fresh. */
  getCached<T = ApiAnswer>(path: string, params?: ApiParams, options?: CachedRequestOptions<T>): Promise<T>;
  /** Checks the operation's required parameters (product §5), then sends the call. */
  call<T = ApiAnswer>(
    operation: OperationName,
    method: HttpMethod,
    path: string,
    params?: ApiParams,
    options?: RequestOptions<T>,
  ): Promise<T>;
  /**
   * Where and how to send a body that is not parameters (an uploaded file): the URL with the signed
   * parameters in its query and the headers to send beside the body's own content type.
   */
  uploadTarget(path: string, params?: ApiParams): { url: string; headers: Record<string, string> };
  /** GET /title/list */
  listTitles(params: ListTitlesParams, options?: { signal?: AbortSignal }): Promise<TitleListResponse>;
  /** POST /episode/list */
  listEpisodes(params: ListEpisodesParams, options?: { signal?: AbortSignal }): Promise<EpisodeListResponse>;
  clearCache(): void;
}

/** Signature and crawler headers (wire §1.4). */
export const HASH_HEADER = 'x-manga-hash';
export const CRAWLER_HEADER = 'x-manga-is-crawler';

function hasRequiredParameters(operation: string): operation is OperationWithRequiredParameters {
  return Object.hasOwn(requiredParameters, operation);
}

/** Throws RequiredError for the first of the operation's required parameters (product §5) that is null or undefined. */
export function assertRequiredParameters(operation: OperationName, params: ApiParams): void {
  if (!hasRequiredParameters(operation)) return;
  const missing = findMissingParameter(operation, params);
  if (missing !== undefined) throw new RequiredError(missing, operation);
}

interface PreparedRequest {
  url: string;
  body: string;
  init: RequestInit;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const platform = options.platform ?? WEB_PLATFORM;
  const version = options.version ?? WEB_VERSION;
  const cache = options.cache ?? new ResponseCache({ ttlMs: options.cacheTtlMs });

  function prepare(
    method: HttpMethod,
    path: string,
    params: ApiParams,
    extra: RequestOptions<unknown>,
  ): PreparedRequest {
    const sent = encodeParams({ platform, version, ...params });
    const birthday = options.getBirthdayCookie?.();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.forwardHeaders,
      ...extra.headers,
      [HASH_HEADER]: signWebRequest(sent, birthday?.value ?? '', birthday?.expires ?? '', options.hashes),
      [CRAWLER_HEADER]: options.isCrawler ? 'true' : 'false',
    };
    const encoded = formEncode(sent);
    const init: RequestInit = { method, headers, credentials: 'include', signal: extra.signal };
    if (extra.keepalive) init.keepalive = true;
    if (method === 'GET') return { url: joinUrl(options.baseUrl, path, encoded), body: '', init };
    headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = encoded;
    return { url: joinUrl(options.baseUrl, path), body: encoded, init };
  }

  async function send<T>(request: PreparedRequest, schema: ResponseSchema<T> | undefined): Promise<T> {
    const { url } = request;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, request.init);
      text = await response.text();
    } catch (cause) {
      if (request.init.signal?.aborted) throw cause;
      throw new ApiError({
        message: 'Unknown Error',
        responseCode: NO_RESPONSE_CODE,
        httpStatus: undefined,
        body: undefined,
        url,
        cause,
      });
    }

    let answer: unknown;
    let readable = true;
    try {
      answer = JSON.parse(text);
    } catch {
      readable = false;
    }
    const httpStatus = response.status;

    if (!response.ok) {
      // product §4: the code from the JSON-parsed error body, else the HTTP status.
      const code = readable ? answerCode(answer) : undefined;
      const retryAfter = response.headers.get('retry-after');
      throw new ApiError({
        message: (readable && answerMessage(answer)) || `Request failed with HTTP ${httpStatus}`,
        responseCode: code ?? httpStatus,
        httpStatus,
        body: text,
        url,
        ...(retryAfter && /^\d{1,9}$/.test(retryAfter) ? { retryAfterSeconds: Number(retryAfter) } : {}),
      });
    }
    if (!readable) {
      // product §7: an unreadable answer yields the server-error code.
      throw new ApiError({
        message: 'Unreadable answer',
        responseCode: ResponseCode.ServerError,
        httpStatus,
        body: text,
        url,
      });
    }
    const code = answerCode(answer);
    if (code !== undefined && code !== 0) throw businessError(answer, code, { httpStatus, body: text, url });
    if (!schema) return answer as T;
    try {
      return schema.parse(answer);
    } catch (cause) {
      throw new ApiError({
        message: 'Answer does not match its schema',
        responseCode: ResponseCode.ServerError,
        httpStatus,
        body: text,
        url,
        cause,
      });
    }
  }

  function request<T>(method: HttpMethod, path: string, params: ApiParams = {}, extra: RequestOptions<T> = {}) {
    return send(prepare(method, path, params, extra), extra.schema);
  }

  const client: ApiClient = {
    baseUrl: options.baseUrl,
    get: (path, params, extra) => request('GET', path, params, extra),
    post: (path, params, extra) => request('POST', path, params, extra),
    getCached(path, params = {}, extra = {}) {
      const prepared = prepare(extra.method ?? 'GET', path, params, extra);
      const key = ResponseCache.key(prepared.url, prepared.body);
      return cache.getOrLoad(key, () => send(prepared, extra.schema), extra.ttlMs);
    },
    call(operation, method, path, params = {}, extra) {
      try {
        assertRequiredParameters(operation, params);
      } catch (error) {
        return Promise.reject(error);
      }
      return request(method, path, params, extra);
    },
    uploadTarget(path, params = {}) {
      // Signed like a GET: the parameters travel in the query, the body is the file itself.
      const prepared = prepare('GET', path, params, {});
      return { url: prepared.url, headers: { ...(prepared.init.headers as Record<string, string>) } };
    },
    listTitles: (params, extra) =>
      client.call('listTitles', 'GET', '/title/list', { ...params }, { ...extra, schema: TitleListResponseSchema }),
    listEpisodes: (params, extra) =>
      client.call(
        'listEpisodes',
        'POST',
        '/episode/list',
        { ...params },
        { ...extra, schema: EpisodeListResponseSchema },
      ),
    clearCache: () => cache.clear(),
  };
  return client;
}
