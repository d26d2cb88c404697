// The only reader of process.env in the API (architecture §3). Parsed once at boot; bad values stop the process.
import { randomBytes } from 'node:crypto';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COMMENT_REQUEST_MAX_LENGTH,
  DEFAULT_LOCALE,
  DEFAULT_SITE_ORIGINS,
  type Locale,
  LocaleSchema,
  parseSiteOrigins,
} from '@manga/contracts';
import { z } from 'zod';

/** Repository root, so that relative paths mean the same from `npm start` and from `npm run -w`. */
/** The repository root: above apps/api, whether this runs from src/ or from the build in dist/ (ADR 020). */
export const repositoryRoot = (() => {
  const here = fileURLToPath(import.meta.url);
  const at = here.lastIndexOf(`${sep}apps${sep}api${sep}`);
  return at >= 0 ? here.slice(0, at) : resolve(dirname(here), '../../..');
})();

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  MANGA_ENV: z.enum(['development', 'test', 'production']).default('development'),
  MANGA_API_HOST: z.string().min(1).optional(),
  MANGA_API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  MANGA_PUBLIC_API_URL: z.url().default('http://localhost:3001'),
  MANGA_WEB_ORIGIN: z
    .string()
    .default(DEFAULT_SITE_ORIGINS)
    .transform((value, ctx) => {
      const origins = parseSiteOrigins(value);
      if (!origins) ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of http(s) origins' });
      return origins ?? [];
    }),
  MANGA_DATA_DIR: z.string().min(1).default('data'),
  MANGA_DATABASE_URL: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  MANGA_STORAGE_DIR: z.string().min(1).optional(),
  // Object storage (ADR 038): s3://bucket[/prefix] stores images in a bucket instead of MANGA_STORAGE_DIR.
  MANGA_STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/,
      'must be s3://<bucket>[/<prefix>] (bucket: 3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  MANGA_STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  MANGA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  MANGA_S3_REGION: z.string().min(1).default('us-east-1'),
  MANGA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MANGA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MANGA_S3_FORCE_PATH_STYLE: flag.default(false),
  MANGA_REDIS_URL: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  MANGA_COOKIE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/)
    .optional(),
  MANGA_SIGNATURE_MODE: z.enum(['enforce', 'report', 'off']).default('report'),
  MANGA_IMAGE_URL_SECRET: z.string().min(16).optional(),
  MANGA_IMAGE_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(1800),
  // Hot page derivatives kept in memory per API process (ADR 020); 0 turns it off.
  MANGA_IMAGE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(128),
  // The largest chapter (.cbz or zipped folder) the console accepts (ADR 061).
  MANGA_CHAPTER_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(512),
  MANGA_WIRE_TIMEZONE: z.string().default('Asia/Tokyo'),
  MANGA_DEFAULT_LOCALE: LocaleSchema.default(DEFAULT_LOCALE),
  MANGA_MAINTENANCE: flag.default(false),
  MANGA_SEED_ON_START: flag.default(true),
  MANGA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MANGA_LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Prometheus metrics on a port of their own (unset: off), never on the public port.
  MANGA_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MANGA_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // false: no proxy in front; true: one; N: that many (the nearest N hops of X-Forwarded-For are ours).
  MANGA_TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxies')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
    .default(0),
  MANGA_RATE_LIMIT_NOT_FOUND_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // Security defaults (ADR 015).
  MANGA_DEV_OUTBOX: flag.optional(),
  MANGA_PROXY_SECRET: z.string().min(32).optional(),
  // Accounts, sessions and e-mail (ADR 007).
  MANGA_WEB_PUBLIC_URL: z.url().default('http://localhost:3000'),
  MANGA_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MANGA_MAIL_FROM: z.string().min(3).default('Manga <no-reply@localhost>'),
  MANGA_OUTBOX_DIR: z.string().min(1).optional(),
  MANGA_SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MANGA_DEVICE_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  MANGA_SIGNUP_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(1440),
  MANGA_PASSWORD_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  // Password-check throttle (ADR 015): delays, never lockouts.
  MANGA_LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).max(1000).default(5),
  MANGA_LOGIN_CLIENT_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).max(100_000).default(20),
  MANGA_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  MANGA_LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // Account-mail limits (ADR 015).
  MANGA_MAIL_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  MANGA_MAIL_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
  MANGA_MAIL_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  // Catalogue and discovery (ADR 009).
  MANGA_CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // Response cache of catalogue answers (ADR 020): memory in MB (0 turns it off), the longest life of
  // an entry, and how often the catalogue revision is read (0: on every cached call).
  MANGA_RESPONSE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(64),
  MANGA_RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  MANGA_CATALOGUE_REVISION_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // The revision is pushed (ADR 040): trusted without a read for at most this long; 0 turns push off.
  MANGA_CATALOGUE_PUSH_RECHECK_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  MANGA_JOBS_ENABLED: flag.default(true),
  // A scheduled job's run is held under a lease this long, renewed while it runs (ADR 040).
  MANGA_JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  MANGA_RANKING_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  MANGA_RANKING_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  // Comments and moderation (ADR 013).
  MANGA_COMMENT_MAX_LENGTH: z.coerce.number().int().min(1).max(COMMENT_REQUEST_MAX_LENGTH).default(500),
  MANGA_COMMENTER_TAG_SECRET: z.string().min(16).optional(),
  // Wallet (ADR 014).
  MANGA_POINT_EXPIRY_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  // Payments (ADR 019): both Stripe variables switch from the embedded test provider to Stripe.
  MANGA_STRIPE_SECRET_KEY: z.string().min(8).optional(),
  MANGA_STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API base (a local double in tests), e.g. http://127.0.0.1:12111. */
  MANGA_STRIPE_API_URL: z.url().optional(),
  MANGA_PLAN_BONUS_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // New-chapter alerts (ADR 065).
  MANGA_CHAPTER_ALERT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  MANGA_MAIL_LINK_SECRET: z.string().min(16).optional(),
});

export type SignatureMode = 'enforce' | 'report' | 'off';

/** An S3-compatible bucket (ADR 038); the secret key is configuration only and never logged. */
export interface ObjectStorageConfig {
  readonly bucket: string;
  /** Key prefix inside the bucket, no leading or trailing slash ('' for none). */
  readonly prefix: string;
  /** Undefined: AWS S3 in `region`. */
  readonly endpoint: string | undefined;
  readonly region: string;
  /** Undefined: the AWS SDK's own credential chain (an instance or task role). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  readonly forcePathStyle: boolean;
}

export interface Config {
  readonly env: 'development' | 'test' | 'production';
  /** Listen address: loopback outside production unless MANGA_API_HOST says otherwise (ADR 015). */
  readonly host: string;
  readonly port: number;
  readonly publicApiUrl: string;
  readonly webOrigins: readonly string[];
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** Page images and art on local disk, when `objectStorage` is undefined. */
  readonly storageDir: string;
  /** The S3-compatible bucket images live in (MANGA_STORAGE_URL), else undefined (ADR 038). Never logged. */
  readonly objectStorage: ObjectStorageConfig | undefined;
  /** Longest time of one object-store call, retries included (ADR 038). */
  readonly storageTimeoutMs: number;
  readonly redisUrl: string | undefined;
  readonly cookiePrefix: string;
  readonly secureCookies: boolean;
  readonly signatureMode: SignatureMode;
  /** MANGA_IMAGE_URL_SECRET; unset outside production, the app generates one in `secretsDir` (ADR 015). */
  readonly imageUrlSecret: string | undefined;
  /** MANGA_PROXY_SECRET, shared with the web server; unset, the app generates one in `secretsDir` (ADR 015). */
  readonly proxySecret: string | undefined;
  /** Where generated secrets live: `<data>/secrets` (0700, files 0600). */
  readonly secretsDir: string;
  readonly imageUrlTtlSeconds: number;
  /** Bytes of hot page derivatives kept in memory (ADR 020); 0 turns it off. */
  readonly imageCacheMaxBytes: number;
  /** The largest chapter upload of the console (ADR 061). */
  readonly chapterUploadMaxBytes: number;
  /** Where uploads are spooled while they are processed: `<data>/uploads`. */
  readonly uploadDir: string;
  readonly wireTimeZone: string;
  readonly defaultLocale: Locale;
  readonly maintenance: boolean;
  readonly seedOnStart: boolean;
  readonly logLevel: string;
  /** 'auto': readable lines on a terminal, JSON otherwise (log collectors). */
  readonly logFormat: 'auto' | 'json' | 'pretty';
  /** Port of the Prometheus endpoint (`GET /metrics`); undefined: no metrics server. */
  readonly metricsPort: number | undefined;
  /** Its listen address: loopback unless the scraper is on another host. */
  readonly metricsHost: string;
  /** Load balancers in front whose X-Forwarded-For entries we trust (0: none; never the client's own). */
  readonly trustProxy: number;
  readonly notFoundRateLimitPerMinute: number;
  /** GET /dev/outbox (loopback clients only); never in production (ADR 015). */
  readonly devOutbox: boolean;
  /** Absolute base of links in e-mails (the web app). */
  readonly webPublicUrl: string;
  /** SMTP server for outgoing mail; undefined writes every mail to `outboxDir` instead. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly outboxDir: string;
  readonly sessionTtlMs: number;
  /** Active sessions per account (2003 UserConnectDeviceOver beyond it). */
  readonly deviceLimit: number;
  /** Sign-up and e-mail change links. */
  readonly signupTokenTtlMs: number;
  /** Password change and reset links. */
  readonly passwordTokenTtlMs: number;
  /** Failed password checks of one (account, client) before further checks wait a growing delay. */
  readonly loginFailuresBeforeDelay: number;
  /** Failed password checks from one client (any account) before its checks wait. */
  readonly loginClientFailuresBeforeDelay: number;
  /** The longest of those delays. */
  readonly loginMaxDelayMs: number;
  readonly loginFailureWindowMs: number;
  /** Account mails (sign-up, reset, e-mail and password change) per address in the window. */
  readonly mailMaxPerAddress: number;
  /** Account mails one client may ask for in the window. */
  readonly mailMaxPerClient: number;
  readonly mailLimitWindowMs: number;
  /** TTL of the in-process catalogue cache; 0 turns it off (ADR 009). */
  readonly catalogueCacheTtlMs: number;
  /** Response cache of catalogue answers (ADR 020): bytes kept at most (0: off), entry life. */
  readonly responseCacheMaxBytes: number;
  readonly responseCacheTtlMs: number;
  /** How often the catalogue revision is read; 0 reads it on every cached call. */
  readonly catalogueRevisionCheckMs: number;
  /** How long a pushed revision is trusted without a read (ADR 040); 0: read on every cached call. */
  readonly cataloguePushRecheckMs: number;
  /** Whether main.ts starts the job scheduler (RebuildRankings, ExpirePoints). */
  readonly jobsEnabled: boolean;
  /** How long a job run is held without renewal; another process takes it over after (ADR 040). */
  readonly jobLeaseMs: number;
  readonly rankingIntervalMs: number;
  readonly rankingWindowDays: number;
  /** The longest comment readers may post, in code points (ADR 013). */
  readonly commentMaxLength: number;
  /**
   * MANGA_COMMENTER_TAG_SECRET, HMAC key of commenters' pseudonymous tags ("Reader 7K2QX9"); changing it
   * renames every commenter. Required in production; unset elsewhere, the app generates one in `secretsDir`.
   */
  readonly commenterTagSecret: string | undefined;
  /** How often the ExpirePoints job writes the expiry of due point lots (ADR 014). */
  readonly pointExpiryIntervalMs: number;
  /** Stripe, when both are set (ADR 019); otherwise the embedded test provider. Never logged. */
  readonly stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** How often the GrantPlanBonus job looks for plans due their monthly bonus (ADR 019). */
  readonly planBonusIntervalMs: number;
  /** How often the SendChapterAlerts job looks for readers due a new-chapter mail (ADR 065). */
  readonly chapterAlertIntervalMs: number;
  /**
   * MANGA_MAIL_LINK_SECRET, HMAC key of the alert mail's unsubscribe links (ADR 065); changing it
   * voids the links already mailed. Unset, the app generates one in `secretsDir`.
   */
  readonly mailLinkSecret: string | undefined;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export class ConfigError extends Error {}

/** Variables whose meaning changed, and what replaced them: refused rather than silently ignored. */
const REPLACED_VARIABLES: Readonly<Record<string, string>> = {
  MANGA_LOGIN_MAX_FAILURES_PER_ACCOUNT: 'MANGA_LOGIN_FAILURES_BEFORE_DELAY (failures of one account from one client)',
  MANGA_LOGIN_MAX_FAILURES_PER_IP: 'MANGA_LOGIN_CLIENT_FAILURES_BEFORE_DELAY',
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const replaced = Object.keys(REPLACED_VARIABLES).filter((name) => env[name] !== undefined);
  if (replaced.length > 0) {
    const hints = replaced.map((name) => `${name} is now ${REPLACED_VARIABLES[name]}`).join('; ');
    throw new ConfigError(`Invalid configuration: logins are slowed down, not locked (ADR 015): ${hints}`);
  }
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.MANGA_ENV === 'production';
  if (isProduction && !e.MANGA_IMAGE_URL_SECRET) {
    throw new ConfigError('Invalid configuration: MANGA_IMAGE_URL_SECRET is required when MANGA_ENV=production');
  }
  if (isProduction && !e.MANGA_COMMENTER_TAG_SECRET) {
    throw new ConfigError('Invalid configuration: MANGA_COMMENTER_TAG_SECRET is required when MANGA_ENV=production');
  }
  if (Boolean(e.MANGA_STRIPE_SECRET_KEY) !== Boolean(e.MANGA_STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: MANGA_STRIPE_SECRET_KEY and MANGA_STRIPE_WEBHOOK_SECRET are set together (ADR 019)',
    );
  }
  if (isProduction && e.MANGA_DEV_OUTBOX) {
    throw new ConfigError('Invalid configuration: MANGA_DEV_OUTBOX cannot be true when MANGA_ENV=production');
  }
  const dataDir = isAbsolute(e.MANGA_DATA_DIR) ? e.MANGA_DATA_DIR : resolve(repositoryRoot, e.MANGA_DATA_DIR);
  const databaseUrl = e.MANGA_DATABASE_URL ?? e.DATABASE_URL ?? `sqlite:${resolve(dataDir, 'manga.db')}`;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('Invalid configuration: MANGA_DATABASE_URL must start with sqlite: or postgres://');
  }
  if (Boolean(e.MANGA_S3_ACCESS_KEY_ID) !== Boolean(e.MANGA_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: MANGA_S3_ACCESS_KEY_ID and MANGA_S3_SECRET_ACCESS_KEY are set together (ADR 038)',
    );
  }
  const objectStorage = e.MANGA_STORAGE_URL ? parseStorageUrl(e.MANGA_STORAGE_URL, e) : undefined;
  const storageDir = e.MANGA_STORAGE_DIR
    ? isAbsolute(e.MANGA_STORAGE_DIR)
      ? e.MANGA_STORAGE_DIR
      : resolve(repositoryRoot, e.MANGA_STORAGE_DIR)
    : resolve(dataDir, 'storage');
  return Object.freeze({
    env: e.MANGA_ENV,
    host: e.MANGA_API_HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    port: e.MANGA_API_PORT,
    publicApiUrl: e.MANGA_PUBLIC_API_URL.replace(/\/+$/, ''),
    webOrigins: Object.freeze(e.MANGA_WEB_ORIGIN),
    dataDir,
    databaseUrl,
    storageDir,
    objectStorage,
    storageTimeoutMs: e.MANGA_STORAGE_TIMEOUT_MS,
    redisUrl: e.MANGA_REDIS_URL ?? e.REDIS_URL,
    // product §3: cookie names get an environment prefix outside production.
    cookiePrefix: e.MANGA_COOKIE_PREFIX ?? (isProduction ? '' : `${e.MANGA_ENV === 'test' ? 'test' : 'dev'}_`),
    secureCookies: e.MANGA_ENV !== 'development',
    signatureMode: e.MANGA_SIGNATURE_MODE,
    imageUrlSecret: e.MANGA_IMAGE_URL_SECRET,
    proxySecret: e.MANGA_PROXY_SECRET,
    secretsDir: resolve(dataDir, 'secrets'),
    imageUrlTtlSeconds: e.MANGA_IMAGE_URL_TTL_SECONDS,
    imageCacheMaxBytes: Math.round(e.MANGA_IMAGE_CACHE_MB * 1024 * 1024),
    chapterUploadMaxBytes: e.MANGA_CHAPTER_UPLOAD_MAX_MB * 1024 * 1024,
    uploadDir: resolve(dataDir, 'uploads'),
    wireTimeZone: e.MANGA_WIRE_TIMEZONE,
    defaultLocale: e.MANGA_DEFAULT_LOCALE,
    maintenance: e.MANGA_MAINTENANCE,
    seedOnStart: e.MANGA_SEED_ON_START,
    logLevel: e.MANGA_LOG_LEVEL,
    logFormat: e.MANGA_LOG_FORMAT,
    metricsPort: e.MANGA_METRICS_PORT,
    metricsHost: e.MANGA_METRICS_HOST,
    trustProxy: e.MANGA_TRUST_PROXY,
    notFoundRateLimitPerMinute: e.MANGA_RATE_LIMIT_NOT_FOUND_PER_MINUTE,
    devOutbox: e.MANGA_DEV_OUTBOX ?? e.MANGA_ENV === 'development',
    webPublicUrl: e.MANGA_WEB_PUBLIC_URL.replace(/\/+$/, ''),
    smtpUrl: e.MANGA_SMTP_URL,
    mailFrom: e.MANGA_MAIL_FROM,
    outboxDir: e.MANGA_OUTBOX_DIR
      ? isAbsolute(e.MANGA_OUTBOX_DIR)
        ? e.MANGA_OUTBOX_DIR
        : resolve(repositoryRoot, e.MANGA_OUTBOX_DIR)
      : resolve(dataDir, 'outbox'),
    sessionTtlMs: e.MANGA_SESSION_TTL_DAYS * DAY_MS,
    deviceLimit: e.MANGA_DEVICE_LIMIT,
    signupTokenTtlMs: e.MANGA_SIGNUP_TOKEN_TTL_MINUTES * MINUTE_MS,
    passwordTokenTtlMs: e.MANGA_PASSWORD_TOKEN_TTL_MINUTES * MINUTE_MS,
    loginFailuresBeforeDelay: e.MANGA_LOGIN_FAILURES_BEFORE_DELAY,
    loginClientFailuresBeforeDelay: e.MANGA_LOGIN_CLIENT_FAILURES_BEFORE_DELAY,
    loginMaxDelayMs: e.MANGA_LOGIN_MAX_DELAY_SECONDS * 1000,
    loginFailureWindowMs: e.MANGA_LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS,
    mailMaxPerAddress: e.MANGA_MAIL_MAX_PER_ADDRESS,
    mailMaxPerClient: e.MANGA_MAIL_MAX_PER_CLIENT,
    mailLimitWindowMs: e.MANGA_MAIL_LIMIT_WINDOW_MINUTES * MINUTE_MS,
    catalogueCacheTtlMs: e.MANGA_CATALOGUE_CACHE_SECONDS * 1000,
    responseCacheMaxBytes: Math.round(e.MANGA_RESPONSE_CACHE_MB * 1024 * 1024),
    responseCacheTtlMs: e.MANGA_RESPONSE_CACHE_SECONDS * 1000,
    catalogueRevisionCheckMs: e.MANGA_CATALOGUE_REVISION_CHECK_MS,
    cataloguePushRecheckMs: Math.round(e.MANGA_CATALOGUE_PUSH_RECHECK_SECONDS * 1000),
    jobsEnabled: e.MANGA_JOBS_ENABLED,
    jobLeaseMs: Math.round(e.MANGA_JOB_LEASE_SECONDS * 1000),
    rankingIntervalMs: e.MANGA_RANKING_INTERVAL_MINUTES * MINUTE_MS,
    rankingWindowDays: e.MANGA_RANKING_WINDOW_DAYS,
    commentMaxLength: e.MANGA_COMMENT_MAX_LENGTH,
    commenterTagSecret: e.MANGA_COMMENTER_TAG_SECRET,
    pointExpiryIntervalMs: e.MANGA_POINT_EXPIRY_INTERVAL_MINUTES * MINUTE_MS,
    stripe:
      e.MANGA_STRIPE_SECRET_KEY && e.MANGA_STRIPE_WEBHOOK_SECRET
        ? Object.freeze({
            secretKey: e.MANGA_STRIPE_SECRET_KEY,
            webhookSecret: e.MANGA_STRIPE_WEBHOOK_SECRET,
            apiUrl: e.MANGA_STRIPE_API_URL,
          })
        : undefined,
    planBonusIntervalMs: e.MANGA_PLAN_BONUS_INTERVAL_MINUTES * MINUTE_MS,
    chapterAlertIntervalMs: e.MANGA_CHAPTER_ALERT_INTERVAL_SECONDS * 1000,
    mailLinkSecret: e.MANGA_MAIL_LINK_SECRET,
  });
}

function parseStorageUrl(url: string, e: z.infer<typeof EnvSchema>): ObjectStorageConfig {
  const [bucket = '', ...prefix] = url.slice('s3://'.length).replace(/\/+$/, '').split('/');
  if (prefix.some((segment) => segment === '.' || segment === '..')) {
    throw new ConfigError('Invalid configuration: MANGA_STORAGE_URL: the prefix cannot have . or .. segments');
  }
  return Object.freeze({
    bucket,
    prefix: prefix.join('/'),
    endpoint: e.MANGA_S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.MANGA_S3_REGION,
    credentials:
      e.MANGA_S3_ACCESS_KEY_ID && e.MANGA_S3_SECRET_ACCESS_KEY
        ? Object.freeze({ accessKeyId: e.MANGA_S3_ACCESS_KEY_ID, secretAccessKey: e.MANGA_S3_SECRET_ACCESS_KEY })
        : undefined,
    forcePathStyle: e.MANGA_S3_FORCE_PATH_STYLE,
  });
}

/** Config for tests: defaults plus overrides, never the process environment; fresh secrets, no files. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return Object.freeze({
    ...loadConfig({ MANGA_ENV: 'test', MANGA_SEED_ON_START: 'false' }),
    imageUrlSecret: randomBytes(32).toString('base64url'),
    proxySecret: randomBytes(32).toString('base64url'),
    commenterTagSecret: randomBytes(32).toString('base64url'),
    ...overrides,
  });
}
