import { Region } from '@manga/contracts';

// The reader's own time zone (issue 24): every time the web shows is in it. The wire keeps its zone
// (MANGA_WIRE_TIMEZONE), which only reads the API's times; this zone only shows them. The browser
// names it (Intl) and remembers it in the `time_zone` cookie, so that server rendering and hydration
// agree from the second page on; a first visit renders in its region's usual zone, then the browser's.

/** The zone a region's first visit is shown in, before the browser has named its own. */
export const DEFAULT_TIME_ZONE_OF_REGION: Readonly<Record<Region, string>> = {
  [Region.JP]: 'Asia/Tokyo',
  [Region.US]: 'America/New_York',
};

/** How long the browser's zone is remembered. */
export const TIME_ZONE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** An IANA zone name as Intl knows it (canonical spelling), or undefined for anything else. */
export function parseTimeZone(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(raw).trim();
  } catch {
    return undefined;
  }
  if (!ZONE_SHAPE.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The zone to show times in: the one the browser named, else the region's usual one. */
export function displayTimeZoneOf(cookieValue: string | undefined, region: Region): string {
  return parseTimeZone(cookieValue) ?? DEFAULT_TIME_ZONE_OF_REGION[region];
}
