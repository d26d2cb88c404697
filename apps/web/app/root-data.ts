import type { Locale, Region } from '@manga/contracts';
import { useRouteLoaderData } from 'react-router';

/** What the root loader hands to every page and to the browser (allow-listed, no secrets). */
export interface RootData {
  locale: Locale;
  region: Region;
  /** From the uwt cookie on the server (product §4); the client keeps it in local storage afterwards. */
  isLoggedIn: boolean;
  /** The page is the shared member shell; the reader's own state comes in its personal answer (ADR 048). */
  personalDeferred: boolean;
  isCrawler: boolean;
  /** Environment prefix of cookie names, for the browser's API client (birthday cookie). */
  cookiePrefix: string;
  /** The API's path on the web origin. */
  apiPrefix: string;
  /** false in local development: errors stay on the page instead of redirecting to /error/{code}. */
  errorRedirect: boolean;
  /** Sign-up asks for the terms and privacy consent: not when the gate already recorded it (issue 24). */
  signupAsksConsent: boolean;
  /** The zone of the API's wire times (MANGA_WIRE_TIMEZONE): wire times are read in it, never shown in it. */
  wireTimeZone: string;
  /** The zone times are shown in on the server render (issue 24); the browser's own after hydration (useDateFormat). */
  timeZone: string;
  /**
   * The offline page (ADR 052): precached without cookies and shown to whoever is offline, so its
   * `isLoggedIn` says nothing about the reader; the browser's own login flag stands.
   */
  offlineShell: boolean;
  /** Cookies are written `Secure` (outside development). */
  secureCookies: boolean;
}

export const ROOT_ROUTE_ID = 'root';

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
}
