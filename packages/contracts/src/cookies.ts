// Cookies of product §3 and wire §1.5 as the API, the API client and the web server all read them:
// their names (without the environment prefix used outside production), the `Cookie` header, and
// the JSON values clients write in several spellings.

export const CookieName = {
  Birthday: 'birthday',
  TermsOfServiceMinor: 'terms_of_service_minor',
  TermsOfServiceAdult: 'terms_of_service_adult',
  PrivacyPolicy: 'privacy_policy',
  /** User web token: present means logged in. */
  Uwt: 'uwt',
  /** The language the visitor chose, which the API reads too. */
  Locale: 'locale',
  /** The browser's time zone (IANA name), which the web shows times in (web only, issue 24). */
  TimeZone: 'time_zone',
  /** The reader's data saver setting, `on` or `off` (absent: auto; web only, ADR 055). */
  DataSaver: 'data_saver',
} as const;
export type CookieName = (typeof CookieName)[keyof typeof CookieName];

/** The cookies of a `Cookie` header (or `document.cookie`) by name: the first occurrence wins, values stay raw. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, part.slice(separator + 1).trim());
  }
  return cookies;
}

/**
 * A JSON cookie value read leniently (wire §1.5 "parsing rule"): URL-decoded if it decodes (PYKAPI
 * sends raw JSON), surrounding double quotes stripped, then JSON-parsed; undefined when it is not JSON.
 */
export function parseJsonCookieValue(raw: string | undefined): unknown {
  if (!raw) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(raw).trim();
  } catch {
    text = raw.trim(); // not URL-encoded, use as is
  }
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
