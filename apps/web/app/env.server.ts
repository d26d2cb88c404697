import { isAbsolute, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CATALOGUE_REVISION_HEARTBEAT_MS,
  DEFAULT_WIRE_TIME_ZONE,
  isKnownTimeZone,
  parseSiteOrigins,
  Region,
} from '@manga/contracts';

// The web server's configuration, read once from the environment (the only reader of process.env in app/).

export type DeploymentEnv = 'development' | 'test' | 'production';

export interface WebEnv {
  /** MANGA_ENV, shared with the API. */
  deployment: DeploymentEnv;
  /** Prefix of the cookie names (product §3), with the API's default: none in production, dev_/test_ otherwise. */
  cookiePrefix: string;
  /** Where the server calls the API during SSR. */
  apiUrl: string;
  /** Port of the web server. */
  port: number;
  /** Path prefix under which the web origin proxies the API for browsers. */
  publicApiPrefix: string;
  /** MANGA_COOKIE_AUTH: false skips every navigation check (age gate, consent; product §4). */
  cookieAuth: boolean;
  /** MANGA_VIEWER_COUNTRY_HEADER: request header holding the visitor's country (ISO 3166 alpha-2). */
  viewerCountryHeader: string;
  /** MANGA_DEFAULT_REGION: region of visitors whose request has no country header. */
  defaultRegion: Region;
  /** MANGA_WIRE_TIMEZONE, shared with the API: the zone of `YYYY-MM-DD HH:MM:SS` times on the wire. */
  wireTimeZone: string;
  /**
   * Whether API errors redirect to /error/{code}: everywhere except local development, where the
   * error stays on the page that caused it (product §4).
   */
  errorRedirect: boolean;
  /** MANGA_WEB_HOST: listen address; loopback outside production by default (ADR 015). */
  host: string;
  /** MANGA_DEV_OUTBOX: the /dev/outbox pages, for loopback visitors; on in development only, never in production. */
  devOutbox: boolean;
  /** MANGA_PROXY_SECRET, shared with the API; unset, the one the API generated under `dataDir` (ADR 015). */
  proxySecret: string | undefined;
  /** MANGA_DATA_DIR as the API resolves it (relative to the repository root). */
  dataDir: string;
  /** MANGA_TRUST_PROXY: load balancers in front whose X-Forwarded-For entry names the visitor (0: none). */
  trustedProxyHops: number;
  /** MANGA_PUBLIC_API_URL, shared with the API: where images come from (the pages' img-src). */
  publicApiUrl: string;
  /**
   * MANGA_WEB_ORIGIN, shared with the API: the origins this site is served at (comma-separated), the
   * only ones whose pages may post to it with a visitor's cookies (ADR 028).
   */
  webOrigins: string[];
  /** MANGA_WEB_PAGE_CACHE_MB: memory for server-rendered pages of anonymous visitors (0: off; ADR 020). */
  pageCacheMaxBytes: number;
  /** MANGA_WEB_PAGE_CACHE_SECONDS: the longest life of a cached page. */
  pageCacheTtlMs: number;
  /** MANGA_WEB_PAGE_CACHE_REVISION_CHECK_MS: how often the API's catalogue revision is asked (0: every hit). */
  pageCacheRevisionCheckMs: number;
  /**
   * MANGA_WEB_PAGE_CACHE_PUSH_RECHECK_SECONDS: the revision is pushed by the API (ADR 078) and a pushed
   * revision trusted at most this long after its last line (0: off, asked as above; else above the
   * API's 5 s heartbeat).
   */
  pageCachePushRecheckMs: number;
  /**
   * MANGA_WEB_PERSONAL_CACHE_SESSIONS: logged-in readers' sessions whose personal answers are kept
   * (ADR 081; 0: off). Only with a pushed revision: the same stream tells which readers moved.
   */
  personalCacheSessions: number;
  /**
   * MANGA_WEB_TRUST_REQUEST_ID: take the X-Request-Id of the request (set by the balancer in front,
   * nginx's `$request_id`) instead of making one; only when every request comes through that front.
   */
  trustRequestId: boolean;
  /** MANGA_WEB_METRICS_PORT: port of the Prometheus endpoint (undefined: none). */
  metricsPort: number | undefined;
  /** MANGA_WEB_METRICS_HOST: its listen address (loopback by default). */
  metricsHost: string;
}

function readNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max)
    throw new Error(`${name} must be a number from 0 to ${max}, got "${raw}"`);
  return value;
}

function readPushRecheck(raw: string | undefined): number {
  const name = 'MANGA_WEB_PAGE_CACHE_PUSH_RECHECK_SECONDS';
  const ms = readNumber(name, raw, 10, 3_600) * 1000;
  if (ms !== 0 && ms <= CATALOGUE_REVISION_HEARTBEAT_MS)
    throw new Error(
      `${name} must be 0 (off) or more than the API's ${CATALOGUE_REVISION_HEARTBEAT_MS / 1000} s heartbeat, got "${raw}"`,
    );
  return ms;
}

/** The repository root, for relative paths as the API reads them: above apps/web (source or build). */
function repositoryRoot(): string {
  const here = fileURLToPath(import.meta.url);
  const at = here.lastIndexOf(`${sep}apps${sep}web${sep}`);
  return at >= 0 ? here.slice(0, at) : process.cwd();
}

function readPort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`MANGA_WEB_PORT must be a port number, got "${raw}"`);
  return port;
}

function readMetricsPort(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`MANGA_WEB_METRICS_PORT must be a port number, got "${raw}"`);
  return port;
}

function readUrl(raw: string | undefined, fallback: string, name = 'MANGA_API_URL'): string {
  const value = raw?.trim() || fallback;
  try {
    return new URL(value).toString().replace(/\/+$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
}

function readPrefix(raw: string | undefined, fallback: string): string {
  return `/${(raw?.trim() || fallback).replace(/^\/+|\/+$/g, '')}`;
}

function readDeployment(raw: string | undefined): DeploymentEnv {
  const value = raw?.trim() || 'development';
  if (value === 'development' || value === 'test' || value === 'production') return value;
  throw new Error(`MANGA_ENV must be development, test or production, got "${value}"`);
}

function readCookiePrefix(raw: string | undefined, deployment: DeploymentEnv): string {
  if (raw === undefined) return deployment === 'production' ? '' : `${deployment === 'test' ? 'test' : 'dev'}_`;
  if (!/^[a-z0-9_]*$/.test(raw)) throw new Error(`MANGA_COOKIE_PREFIX may hold a-z, 0-9 and _ only, got "${raw}"`);
  return raw;
}

function readFlag(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function readHeaderName(raw: string | undefined, fallback: string): string {
  const value = (raw?.trim() || fallback).toLowerCase();
  if (!/^[a-z0-9-]+$/.test(value)) throw new Error(`MANGA_VIEWER_COUNTRY_HEADER must be a header name, got "${raw}"`);
  return value;
}

function readRegion(raw: string | undefined): Region {
  const value = raw?.trim().toUpperCase() || Region.JP;
  if (value === Region.JP || value === Region.US) return value;
  throw new Error(`MANGA_DEFAULT_REGION must be JP or US, got "${raw}"`);
}

function readTimeZone(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_WIRE_TIME_ZONE;
  if (!isKnownTimeZone(value)) throw new Error(`MANGA_WIRE_TIMEZONE must be an IANA time zone, got "${raw}"`);
  return value;
}

function readHost(raw: string | undefined, deployment: DeploymentEnv): string {
  const value = raw?.trim();
  if (value) return value;
  return deployment === 'production' ? '0.0.0.0' : '127.0.0.1';
}

function readDevOutbox(raw: string | undefined, deployment: DeploymentEnv): boolean {
  const on = readFlag('MANGA_DEV_OUTBOX', raw, deployment === 'development');
  if (on && deployment === 'production') throw new Error('MANGA_DEV_OUTBOX cannot be true when MANGA_ENV=production');
  return on;
}

function readProxySecret(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.length < 32) throw new Error('MANGA_PROXY_SECRET must be at least 32 characters');
  return value;
}

/** false/0: no proxy in front; true: one; a number: that many (the API reads it the same way). */
function readTrustedProxyHops(raw: string | undefined): number {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false') return 0;
  if (value === 'true') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  throw new Error(`MANGA_TRUST_PROXY must be true, false or a number of proxies, got "${raw}"`);
}

function readWebOrigins(raw: string | undefined): string[] {
  const origins = parseSiteOrigins(raw);
  if (!origins) throw new Error(`MANGA_WEB_ORIGIN must be a comma-separated list of http(s) origins, got "${raw}"`);
  return origins;
}

function readDataDir(raw: string | undefined): string {
  const value = raw?.trim() || 'data';
  return isAbsolute(value) ? value : resolve(repositoryRoot(), value);
}

export function readWebEnv(source: Readonly<Record<string, string | undefined>>): WebEnv {
  const deployment = readDeployment(source.MANGA_ENV);
  return {
    deployment,
    cookiePrefix: readCookiePrefix(source.MANGA_COOKIE_PREFIX, deployment),
    apiUrl: readUrl(source.MANGA_API_URL, 'http://127.0.0.1:3001'),
    port: readPort(source.MANGA_WEB_PORT, 3000),
    publicApiPrefix: readPrefix(source.MANGA_PUBLIC_API_PREFIX, '/api'),
    cookieAuth: readFlag('MANGA_COOKIE_AUTH', source.MANGA_COOKIE_AUTH, true),
    viewerCountryHeader: readHeaderName(source.MANGA_VIEWER_COUNTRY_HEADER, 'cloudfront-viewer-country'),
    defaultRegion: readRegion(source.MANGA_DEFAULT_REGION),
    wireTimeZone: readTimeZone(source.MANGA_WIRE_TIMEZONE),
    errorRedirect: deployment !== 'development',
    host: readHost(source.MANGA_WEB_HOST, deployment),
    devOutbox: readDevOutbox(source.MANGA_DEV_OUTBOX, deployment),
    proxySecret: readProxySecret(source.MANGA_PROXY_SECRET),
    dataDir: readDataDir(source.MANGA_DATA_DIR),
    trustedProxyHops: readTrustedProxyHops(source.MANGA_TRUST_PROXY),
    publicApiUrl: readUrl(source.MANGA_PUBLIC_API_URL, 'http://localhost:3001', 'MANGA_PUBLIC_API_URL'),
    webOrigins: readWebOrigins(source.MANGA_WEB_ORIGIN),
    pageCacheMaxBytes: Math.round(
      readNumber('MANGA_WEB_PAGE_CACHE_MB', source.MANGA_WEB_PAGE_CACHE_MB, 32, 16_384) * 1024 * 1024,
    ),
    pageCacheTtlMs: readNumber('MANGA_WEB_PAGE_CACHE_SECONDS', source.MANGA_WEB_PAGE_CACHE_SECONDS, 60, 86_400) * 1000,
    pageCacheRevisionCheckMs: readNumber(
      'MANGA_WEB_PAGE_CACHE_REVISION_CHECK_MS',
      source.MANGA_WEB_PAGE_CACHE_REVISION_CHECK_MS,
      0,
      60_000,
    ),
    pageCachePushRecheckMs: readPushRecheck(source.MANGA_WEB_PAGE_CACHE_PUSH_RECHECK_SECONDS),
    personalCacheSessions: Math.floor(
      readNumber('MANGA_WEB_PERSONAL_CACHE_SESSIONS', source.MANGA_WEB_PERSONAL_CACHE_SESSIONS, 10_000, 1_000_000),
    ),
    trustRequestId: readFlag('MANGA_WEB_TRUST_REQUEST_ID', source.MANGA_WEB_TRUST_REQUEST_ID, false),
    metricsPort: readMetricsPort(source.MANGA_WEB_METRICS_PORT),
    metricsHost: source.MANGA_WEB_METRICS_HOST?.trim() || '127.0.0.1',
  };
}

export const env: WebEnv = readWebEnv(process.env);
