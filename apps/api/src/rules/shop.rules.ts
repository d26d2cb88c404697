// Shop rules (ADR 019): the visitor's region and currency, prices as text, the return path (never an
// open redirect), the plan type a reader's payments give, and how much a refund takes back.
import { type Locale, PlanTypeCode } from '@manga/contracts';

export type ShopRegion = 'US' | 'JP';

/** Web visitors: the region follows the language they read in (ja → JP, yen; otherwise US, USD). */
export function regionOfLocale(locale: Locale): ShopRegion {
  return locale === 'ja' ? 'JP' : 'US';
}

/** "$4.99" or "¥600". */
export function formatPrice(priceMinor: number, currency: string): string {
  if (currency === 'jpy') return `¥${priceMinor.toLocaleString('en-US')}`;
  return `$${(priceMinor / 100).toFixed(2)}`;
}

export const MAX_RETURN_PATH_LENGTH = 512;

/**
 * A same-origin path to come back to after checkout, or undefined: it starts with one `/`, names no
 * other host (`//x`, `/\x`), holds no control characters and stays on `origin` once resolved.
 */
export function safeReturnPath(path: string, origin: string): string | undefined {
  if (path.length === 0 || path.length > MAX_RETURN_PATH_LENGTH) return undefined;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(path, origin);
  } catch {
    return undefined;
  }
  if (resolved.origin !== new URL(origin).origin) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * The web origin checkout comes back to: the request's `Origin` when it is exactly one of the configured
 * web origins (MANGA_WEB_ORIGIN), else the first of them. Only a configured origin is ever answered, so a
 * forged Origin header (another host, another port or scheme, `null`, a path or credentials) cannot make
 * the success or cancel URL leave our site.
 */
export function checkoutOrigin(requestOrigin: string | undefined, configured: readonly string[]): string {
  const fallback = configured[0];
  if (fallback === undefined) throw new Error('no web origin configured');
  if (!requestOrigin || requestOrigin.length > 200) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(requestOrigin);
  } catch {
    return fallback;
  }
  // An Origin header is scheme://host[:port] and nothing else.
  if (parsed.origin === 'null' || parsed.origin !== requestOrigin) return fallback;
  return configured.find((origin) => safeOrigin(origin) === parsed.origin) ?? fallback;
}

function safeOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin;
  } catch {
    return undefined;
  }
}

/** SPEC §3: a live plan gives 2 (or 4 for a plan with premium tickets); a past payment 3; else 1. */
export function chargeTypeOf(input: { livePlanPremium: boolean[]; hasPaid: boolean }): number {
  if (input.livePlanPremium.some(Boolean)) return PlanTypeCode.subscription_p;
  if (input.livePlanPremium.length > 0) return PlanTypeCode.subscription;
  return input.hasPaid ? PlanTypeCode.charger : PlanTypeCode.non_charger;
}

/**
 * Points a refund takes back (ADR 019): the refunded share of what the payment credited, rounded up,
 * less what earlier refunds took; a dispute takes everything. Only unspent points leave (the wallet
 * takes from this payment's own lots, never from others); spent points stay spent.
 */
export function refundTakeBack(input: {
  credited: number;
  alreadyTaken: number;
  amountMinor: number;
  refundedMinor: number;
  dispute: boolean;
}): number {
  if (input.dispute || input.amountMinor <= 0) return Math.max(0, input.credited - input.alreadyTaken);
  const share = Math.min(1, input.refundedMinor / input.amountMinor);
  return Math.max(0, Math.ceil(input.credited * share) - input.alreadyTaken);
}
