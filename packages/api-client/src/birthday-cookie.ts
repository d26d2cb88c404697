import { type BirthdayCookie, parseBirthdayCookie } from '@manga/contracts';

/**
 * Reads the birthday cookie (its value and expiry, for the signature) from a `Cookie` header or
 * `document.cookie`. `name` carries the environment prefix used outside production (SPEC §3).
 */
export function readBirthdayCookie(
  cookieHeader: string | null | undefined,
  name = 'birthday',
): BirthdayCookie | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    return parseBirthdayCookie(part.slice(separator + 1).trim());
  }
  return undefined;
}
