import type { Locale, Region } from '@manga/contracts';
import { useRouteLoaderData } from 'react-router';

/** What the root loader hands to every page and to the browser (allow-listed, no secrets). */
export interface RootData {
  locale: Locale;
  region: Region;
  /** From the uwt cookie on the server (SPEC §4); the client keeps it in local storage afterwards. */
  isLoggedIn: boolean;
  isCrawler: boolean;
  /** Environment prefix of cookie names, for the browser's API client (birthday cookie). */
  cookiePrefix: string;
  /** The API's path on the web origin. */
  apiPrefix: string;
  /** false in local development: errors stay on the page instead of redirecting to /error/{code}. */
  errorRedirect: boolean;
  /** The zone of the API's wire times (MANGA_WIRE_TIMEZONE): release dates are shown in it. */
  wireTimeZone: string;
}

export const ROOT_ROUTE_ID = 'root';

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
}
