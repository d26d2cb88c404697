// Shop rules (ADR 019, ADR 024): the visitor's region and currency, prices as text, the return path
// (never an open redirect), the plan type a reader's payments give, how much a refund takes back, and
// one monthly plan per reader.
import { allowedOriginOf, type Locale, PlanTypeCode, ResponseCode, sameOriginReturnTarget } from '@manga/contracts';

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

/**
 * A same-origin path to come back to after checkout, or undefined: contracts' one rule for every
 * return target (resolved against `origin`, kept only if it stays there; issue 22).
 */
export function safeReturnPath(path: string, origin: string): string | undefined {
  return sameOriginReturnTarget(path, origin);
}

/**
 * The web origin checkout comes back to: the request's `Origin` when it is one of the site's origins
 * (MANGA_WEB_ORIGIN, contracts' allowedOriginOf), else the first of them. Only a configured origin is
 * ever answered, so a forged Origin header cannot make the success or cancel URL leave our site.
 *
 * @param configured serialised origins (config's webOrigins)
 */
export function checkoutOrigin(requestOrigin: string | undefined, configured: readonly string[]): string {
  const fallback = configured[0];
  if (fallback === undefined) throw new Error('no web origin configured');
  return allowedOriginOf(requestOrigin, configured) ?? fallback;
}

/** product §3: a live plan gives 2 (or 4 for a plan with premium tickets); a past payment 3; else 1. */
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

/**
 * One monthly plan per reader (ADR 024): a plan checkout is refused while a plan of the reader is live
 * (active or past due, canceled at its period's end or not: it still runs) or another plan checkout is
 * open (not paid, not yet expired). The code to answer, or undefined when it may open.
 */
export function planCheckoutRefusal(input: {
  livePlans: number;
  openPlanCheckout: boolean;
}): typeof ResponseCode.PlanAlreadySubscribed | typeof ResponseCode.PlanCheckoutOpen | undefined {
  if (input.livePlans > 0) return ResponseCode.PlanAlreadySubscribed;
  if (input.openPlanCheckout) return ResponseCode.PlanCheckoutOpen;
  return undefined;
}

/** A provider subscription that would be a reader's second live plan (refused at the webhook, ADR 024). */
export function isSecondPlan(
  livePlans: readonly { provider_subscription_id: string | null }[],
  providerSubscriptionId: string,
): boolean {
  return livePlans.some((plan) => plan.provider_subscription_id !== providerSubscriptionId);
}
