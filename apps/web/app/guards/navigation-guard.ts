import {
  AgeGroup,
  ageGroupOf,
  type ConsentValue,
  CRAWLER_DEFAULT_BIRTHDAY,
  hasLawConsent,
  parseBirthday,
  Region,
} from '@manga/contracts';
import type { RouteName } from '#app/route-table.ts';

// The navigation order of SPEC §4, as one pure decision. The route middleware applies it
// (guards/route-middleware.server.ts); this file decides only.

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
/** The birthday recorded for JP visitors whose age is unknown (ADR 008): the crawler default, an adult. */
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
  termsOfServiceMinor: ConsentValue;
  termsOfServiceAdult: ConsentValue;
  privacyPolicy: ConsentValue;
  now: Date;
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Record this birthday with the consent its age group needs, then let the visitor through. */
  | { kind: 'record-consent'; birthday: string };

const allow: NavigationDecision = { kind: 'allow' };

/** A same-origin path to return to, or undefined for anything else (no open redirects). */
export function safeRedirectTarget(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

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
  return safeRedirectTarget(new URLSearchParams(path.slice(query + 1)).get(REDIRECT_PARAM));
}

/**
 * Where a visitor without (valid) age or consent goes: the top page with the target as a query
 * (SPEC §4). The top page is where the gate opens, so on the top page itself it is the gate,
 * carrying the top page's own return target; on the gate it is the gate.
 */
function toGateway(state: NavigationState): NavigationDecision {
  if (state.routeName === GATE_ROUTE) return allow;
  if (state.routeName === TOP_ROUTE) return { kind: 'redirect', to: gatePathFor(redirectTargetOf(state.target)) };
  return { kind: 'redirect', to: topPathFor(state.target) };
}

/** SPEC §4 navigation order. */
export function decideNavigation(state: NavigationState): NavigationDecision {
  // 1. Cookie auth off skips all checks.
  if (!state.cookieAuth) return allow;
  // Maintenance, denied-age and server-error routes bypass the checks.
  if (BYPASS_ROUTES.has(state.routeName)) return allow;
  // 5, moved first (ADR 018): terms, privacy and help are open, whatever the age and consent.
  if (OPEN_ROUTES.has(state.routeName)) return allow;

  const birthday = parseBirthday(state.birthday, state.now);
  if (!birthday) {
    // 2. In JP, an unknown age is only recorded (birthday and consent); nobody is stopped.
    if (state.region === Region.JP) return { kind: 'record-consent', birthday: JP_DEFAULT_BIRTHDAY };
    // 3. Otherwise an unknown age goes to the top page with the target as a query.
    return toGateway(state);
  }
  // 4. An impossible age (under 13) goes to the denied-age page.
  if (ageGroupOf(birthday, state.now) === AgeGroup.Impossible) return { kind: 'redirect', to: DENIED_PATH };
  // 6. Without law consent, go to the top page.
  if (!hasLawConsent({ ...state, birthday }, state.now)) return toGateway(state);
  return allow;
}
