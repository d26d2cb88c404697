// The `birthday` cookie (WIRE.md §1.5): URL-encoded JSON `{"value":"YYYY-MM","expires":<unix seconds>}`.

export type BirthdayCookie = { value: string; expires: string };

const DIGITS = /^[0-9]+$/;

function decodeIfEncoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // not URL-encoded (PYKAPI sends raw JSON), use as is
  }
}

function expiresAsString(expires: unknown): string | undefined {
  if (typeof expires === 'number') return Number.isSafeInteger(expires) && expires >= 0 ? String(expires) : undefined;
  if (typeof expires === 'string') return DIGITS.test(expires) ? expires : undefined;
  return undefined;
}

/**
 * Reads the cookie leniently: URL-decode if it decodes, strip surrounding double quotes,
 * JSON-parse; `value` must be a string and `expires` a number or a numeric string. The result
 * is what the signature hashes (WIRE.md §2.1 step 6); undefined when unusable.
 */
export function parseBirthdayCookie(raw: string | undefined): BirthdayCookie | undefined {
  if (!raw) return undefined;
  let text = decodeIfEncoded(raw).trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { value, expires } = parsed as Record<string, unknown>;
  if (typeof value !== 'string') return undefined;
  const expiresText = expiresAsString(expires);
  return expiresText === undefined ? undefined : { value, expires: expiresText };
}

/** Writes the cookie as TOSHO does: URL-encoded compact JSON with a numeric `expires`. */
export function serializeBirthdayCookie(value: string, expires: number | string): string {
  const expiresText = expiresAsString(expires);
  if (expiresText === undefined || !Number.isSafeInteger(Number(expiresText)))
    throw new RangeError(`birthday cookie expiry must be unix seconds, got ${expires}`);
  return encodeURIComponent(JSON.stringify({ value, expires: Number(expiresText) }));
}
