import { isWireDateTime, wireZoneOffsetAt } from './date-time.schemas.ts';

// Reading wire times back (wire §1.7): `YYYY-MM-DD HH:MM:SS` is wall-clock time in the site's time
// zone (MANGA_WIRE_TIMEZONE, Asia/Tokyo by default), which the API and the web server both configure.

/** The time zone wire times are in when nothing is configured. */
export const DEFAULT_WIRE_TIME_ZONE = 'Asia/Tokyo';

/** Whether `timeZone` is an IANA zone name this runtime knows ('Asia/Tokyo', 'UTC'…). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant a wire date-time names in `timeZone`, or undefined when `value` is not one: the
 * inverse of formatWireDateTime. (A wall time that a daylight-saving change skips or repeats gets
 * one of its readings; the default zone has no such changes.)
 */
export function parseWireDateTime(value: string | null | undefined, timeZone: string): Date | undefined {
  if (!value || !isWireDateTime(value)) return undefined;
  const wallAsUtc = Date.parse(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(wallAsUtc)) return undefined;
  const first = wallAsUtc - wireZoneOffsetAt(wallAsUtc, timeZone);
  return new Date(wallAsUtc - wireZoneOffsetAt(first, timeZone));
}
