// What the logs never show (architecture habit 10, ADR 015): the session cookie, the app signature key and
// signatures, e-mail addresses, passwords, tokens and secrets, wherever a request carries them.

/** Parameter names whose values are secret or personal, matched case-insensitively. */
const SENSITIVE_NAME = /^(uwt|hash_key|sig|email|new_email|mail)$|password|token|secret/i;

export const REDACTED = '[redacted]';

/** Whether a parameter or header of this name must not be logged. */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

/**
 * The URL with every sensitive query value replaced, names compared after percent-decoding
 * (`?%74oken=` is `token`); a query that does not parse is dropped whole.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(url.slice(start + 1));
  } catch {
    return `${url.slice(0, start)}?${REDACTED}`;
  }
  const parts: string[] = [];
  for (const [name, value] of params) {
    parts.push(`${encodeURIComponent(name)}=${isSensitiveName(name) ? REDACTED : encodeURIComponent(value)}`);
  }
  return `${url.slice(0, start)}?${parts.join('&')}`;
}

/** pino redact paths: headers, cookies and bodies that reach a log line, should one ever do. */
export const REDACTED_LOG_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-mgpk-hash"]',
  'req.headers["x-manga-proxy-secret"]',
  'res.headers["set-cookie"]',
  ...['password', 'new_password', 'current_password', 'token', 'uwt', 'hash_key', 'sig', 'email', 'new_email'].flatMap(
    (name) => [`*.${name}`, `*.*.${name}`],
  ),
];
