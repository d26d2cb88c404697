// What the caller is: platform, version, crawler flag and locale (architecture §4, wire §1.3–1.4),
// plus the parameters exactly as sent, which the signature covers (wire §2.1 step 1), and where
// the request comes from (ADR 015).

import {
  CLIENT_ADDRESS_HEADER,
  DEFAULT_PLATFORM,
  FORWARDING_HEADERS,
  type Locale,
  Platform,
  PROXY_SECRET_HEADER,
  pickLocale,
  type ScrambleSeedFormat,
} from '@manga/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientAddressResolver, RequestSource } from '#src/services/client-address-resolver.service.ts';

export interface ClientContext {
  platform: Platform;
  version: string;
  isCrawler: boolean;
  locale: Locale;
  /**
   * How this client reads the viewer's scramble_seed (wire §4.2, ADR 009): the K MANGA alphabets
   * for `x-kmanga-*` clients, the integer for Ciao (`x-bambi-*`) clients or `scramble_seed_format=int`,
   * else the Magapoke alphabets (our own `x-manga-*` clients and clients without such headers).
   */
  seedFormat: ScrambleSeedFormat;
}

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientContext;
    /** The client's address and whether it is on this machine, from onRequest on (ADR 015). */
    source: RequestSource;
    /** Query (GET) or form (POST) parameters as sent, decoded, one string per key. */
    sentParams: Record<string, string>;
  }
  interface FastifyContextConfig {
    /** false: the route skips the request-signature check (health, images, webhooks). */
    signature?: boolean;
    /** false: the route answers during maintenance (health, readiness, OpenAPI). */
    maintenance?: boolean;
  }
}

const PLATFORMS: ReadonlySet<number> = new Set(Object.values(Platform));

function header(request: FastifyRequest, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** `x-manga-is-crawler`, `x-kmanga-is-crawler`, `x-bambi-is-crawler` and any brand's twin. */
const CRAWLER_HEADER = /^x-[a-z0-9]+-is-crawler$/;

/** Any crawler header saying so makes the request a crawler's: the flag can only close doors (ADR 015). */
export function isCrawlerRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  return Object.entries(request.headers).some(
    ([name, value]) => CRAWLER_HEADER.test(name) && typeof value === 'string' && /^(true|1)$/i.test(value.trim()),
  );
}

/** The query parameters of `url` as sent, decoded, one string per key (repeated keys joined by commas). */
export function queryParamsOf(url: string): Record<string, string> {
  const params: Record<string, string> = {};
  const queryStart = url.indexOf('?');
  if (queryStart >= 0) {
    for (const [key, value] of new URLSearchParams(url.slice(queryStart + 1))) {
      params[key] = key in params ? `${params[key]},${value}` : value;
    }
  }
  return params;
}

export function collectSentParams(request: FastifyRequest): Record<string, string> {
  const params = queryParamsOf(request.url);
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      params[key] = Array.isArray(value) ? value.map(String).join(',') : String(value);
    }
  }
  return params;
}

/** The scramble-seed family a client reads, from its header names (ADR 009). */
export function seedFormatOf(
  request: Pick<FastifyRequest, 'headers'>,
  params: Record<string, string>,
): ScrambleSeedFormat {
  if (params.scramble_seed_format === 'int') return 'int';
  const names = Object.keys(request.headers);
  if (names.some((name) => name.startsWith('x-bambi-'))) return 'int';
  if (names.some((name) => name.startsWith('x-kmanga-'))) return 'kmanga';
  return 'magapoke';
}

export function parsePlatform(raw: string | undefined): Platform | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return PLATFORMS.has(n) ? (n as Platform) : undefined;
}

/** What of the client a catalogue answer may depend on: the response cache's key (ADR 020). */
export type ClientFamily = Pick<ClientContext, 'locale' | 'seedFormat' | 'isCrawler'>;

/** The client family of a request from its headers, its sent parameters and its locale cookie. */
export function clientFamilyOf(
  request: Pick<FastifyRequest, 'headers'>,
  params: Record<string, string>,
  localeCookie: string | undefined,
  defaultLocale: Locale,
): ClientFamily {
  return {
    isCrawler: isCrawlerRequest(request),
    // The picking rule is shared with the web app (@manga/contracts locale.rules.ts).
    locale: pickLocale(params.lang ?? localeCookie, request.headers['accept-language'], defaultLocale),
    seedFormat: seedFormatOf(request, params),
  };
}

export interface ClientContextOptions {
  defaultLocale: Locale;
  cookiePrefix: string;
  addresses: Pick<ClientAddressResolver, 'resolve'>;
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export default fp(
  async function clientContextPlugin(app: FastifyInstance, options: ClientContextOptions) {
    app.decorateRequest('client', null as unknown as ClientContext);
    app.decorateRequest('sentParams', null as unknown as Record<string, string>);
    app.decorateRequest('source', null as unknown as RequestSource);
    app.addHook('onRequest', async (request) => {
      request.source = options.addresses.resolve({
        socketAddress: request.raw.socket?.remoteAddress ?? '',
        proxiedAddress: request.ip,
        relayed: FORWARDING_HEADERS.some((name) => name in request.headers),
        claimedAddress: singleHeader(request, CLIENT_ADDRESS_HEADER),
        claimedSecret: singleHeader(request, PROXY_SECRET_HEADER),
      });
      if (request.source.rejectedHop) {
        request.log.warn(`${PROXY_SECRET_HEADER} does not match MANGA_PROXY_SECRET; the client address is ignored`);
      }
    });
    // preValidation: the form body is parsed, and the raw strings are still as sent.
    app.addHook('preValidation', async (request) => {
      const params = collectSentParams(request);
      request.sentParams = params;
      const cookies = request.cookies ?? {};
      request.client = {
        platform:
          parsePlatform(params.platform) ??
          parsePlatform(header(request, 'x-manga-platform', 'x-kmanga-platform')) ??
          DEFAULT_PLATFORM,
        version: params.version ?? '',
        ...clientFamilyOf(request, params, cookies[`${options.cookiePrefix}locale`], options.defaultLocale),
      };
    });
  },
  { name: 'client-context', dependencies: ['@fastify/cookie'] },
);
