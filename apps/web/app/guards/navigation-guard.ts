import {
  AgeGroup,
  ageGroupOf,
  type ConsentValue,
  CRAWLER_DEFAULT_BIRTHDAY,
  hasLawConsent,
  type LawConsentState,
  parseBirthday,
  Region,
  sameOriginReturnTarget,
} from '@manga/contracts';
import type { RouteName } from '#app/route-table.ts';

// The navigation order of product §4, as one pure decision. The route middleware applies it
// (guards/route-middleware.server.ts); this file decides only.

/**
 * Whether sign-up must ask for the terms and privacy consent (issue 24: once is enough). In the US
 * the gate asked for it and the cookies hold it; in JP there is no gate, and the consent recorded
 * for an unknown age (product §4) was never the visitor's own answer, so sign-up asks.
 */
export function signupAsksConsent(
  state: { region: Region; birthday: string | undefined } & Omit<LawConsentState, 'birthday'>,
  now: Date,
): boolean {
  return state.region === Region.JP || !hasLawConsent(state, now);
}

/** Routes that bypass every check: maintenance, denied age, the server-error page, and the asset catch-all (not a page). */
export const BYPASS_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'maintenance',
  'law-age-denied',
  'error-errorCode',
  'catch-all',
]);
/**
 * Terms, privacy policy and help are open to every visitor, before any age or consent check: the
 * gate asks visitors to agree to them and the denied-age page sends them to help (ADR 018).
 */
export const OPEN_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'article-terms-of-service',
  'article-privacy-policy',
  'article-help',
]);
/** Where age and consent are entered. */
export const GATE_ROUTE: RouteName = 'law-age';
export const TOP_ROUTE: RouteName = 'index';

export const TOP_PATH = '/';
export const GATE_PATH = '/law/age';
export const DENIED_PATH = '/law/age/denied';
/** Query parameter carrying the page to return to after the gate. */
export const REDIRECT_PARAM = 'redirect';
/**
 * The birthday recorded for JP visitors whose age is unknown (ADR 008): the crawler default, an
 * adult, marked as a default (ADR 026). It lets them browse; it is no declared age, so age-rated
 * episodes ask for their birthday.
 */
export const JP_DEFAULT_BIRTHDAY = CRAWLER_DEFAULT_BIRTHDAY;

export interface NavigationState {
  /** false when cookie auth is off (MANGA_COOKIE_AUTH=false): no checks at all. */
  cookieAuth: boolean;
  region: Region;
  routeName: RouteName;
  /** Path and query of the page asked for, e.g. `/title/10001?x=1`. */
  target: string;
  /** The birthday cookie's `YYYY-MM`, if any. */
  birthday: string | undefined;
  /** The birthday is a default the site recorded (JP, crawlers), not a declared age (ADR 026). */
  birthdayIsDefault: boolean;
  /** A crawler (isbot): it gets the default consent (product §4) and skips the gate. */
  isCrawler: boolean;
  termsOfServiceMinor: ConsentValue;
  termsOfServiceAdult: ConsentValue;
  privacyPolicy: ConsentValue;
  now: Date;
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /**
   * Record this default birthday with the consent its age group needs (marked as a default, never a
   * declared age: ADR 026), then let the visitor through.
   */
  | { kind: 'record-default'; birthday: string };

const allow: NavigationDecision = { kind: 'allow' };

/** The top page, asked to send the visitor on to `target` afterwards. */
export function topPathFor(target: string): string {
  return target === TOP_PATH ? TOP_PATH : `${TOP_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** The gate, asked to send the visitor on to `target` afterwards. */
export function gatePathFor(target: string | undefined): string {
  return target && target !== TOP_PATH ? `${GATE_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}` : GATE_PATH;
}

/** The return target carried by a path's query (`/?redirect=/title/10001` → `/title/10001`). */
export function redirectTargetOf(path: string): string | undefined {
  const query = path.indexOf('?');
  if (query === -1) return undefined;
  return sameOriginReturnTarget(new URLSearchParams(path.slice(query + 1)).get(REDIRECT_PARAM));
}

/**
 * Where a visitor without (valid) age or consent goes: the top page with the target as a query
 * (product §4). The top page is where the gate opens, so on the top page itself it is the gate,
 * carrying the top page's own return target; on the gate it is the gate.
 */
function toGateway(state: NavigationState): NavigationDecision {
  if (state.routeName === GATE_ROUTE) return allow;
  if (state.routeName === TOP_ROUTE) return { kind: 'redirect', to: gatePathFor(redirectTargetOf(state.target)) };
  return { kind: 'redirect', to: topPathFor(state.target) };
}

/** product §4 navigation order. */
export function decideNavigation(state: NavigationState): NavigationDecision {
  // 1. Cookie auth off skips all checks.
  if (!state.cookieAuth) return allow;
  // Maintenance, denied-age and server-error routes bypass the checks.
  if (BYPASS_ROUTES.has(state.routeName)) return allow;
  // 5, moved first (ADR 018): terms, privacy and help are open, whatever the age and consent.
  if (OPEN_ROUTES.has(state.routeName)) return allow;

  const birthday = parseBirthday(state.birthday, state.now);
  // A default the site recorded is no known age (ADR 026).
  if (!birthday || state.birthdayIsDefault) {
    // 2. In JP, an unknown age is only recorded (birthday and consent); nobody is stopped. A default
    // already recorded with its consent is left as it is; so is a crawler's (the root middleware
    // records it before this runs, product §4).
    if (state.region === Region.JP || state.isCrawler) {
      const recorded = birthday !== undefined && hasLawConsent({ ...state, birthday }, state.now);
      return recorded ? allow : { kind: 'record-default', birthday: JP_DEFAULT_BIRTHDAY };
    }
    // 3. Otherwise an unknown age goes to the top page with the target as a query.
    return toGateway(state);
  }
  // 4. An impossible age (under 13) goes to the denied-age page.
  if (ageGroupOf(birthday, state.now) === AgeGroup.Impossible) return { kind: 'redirect', to: DENIED_PATH };
  // 6. Without law consent, go to the top page.
  if (!hasLawConsent({ ...state, birthday }, state.now)) return toGateway(state);
  return allow;
}
