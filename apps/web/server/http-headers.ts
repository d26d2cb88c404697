import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Headers of one connection, never forwarded by a proxy (RFC 9110 §7.6.1). */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Headers without hop-by-hop ones, including those the Connection header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    result[name] = value;
  }
  return result;
}

/** The codings of an Accept-Encoding header the client takes (a q of 0 refuses one), lower-cased. */
export function acceptedEncodings(acceptEncoding: string | string[] | undefined): string[] {
  return String(acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => (name ?? '').trim().toLowerCase());
}

/**
 * `get` of a Node request's headers, as its Fetch headers would answer (repeated headers joined):
 * what reading the visitor needs, without building a `Headers` (its checks were a tenth of a cached page).
 */
export function headerReaderOf(headers: IncomingHttpHeaders): { get(name: string): string | null } {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** The Fetch headers of a Node request (repeated headers joined, as React Router's adapter does). */
export function fetchHeadersOf(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    result.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return result;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
