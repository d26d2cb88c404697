import type { IncomingMessage, ServerResponse } from 'node:http';
import { crossSiteRefusal } from '@manga/contracts';
import { sendJson } from './http-headers.ts';

// Cross-site request forgery (ADR 028): before the /api proxy or a form action sees it, a
// state-changing request that carries cookies must come from one of the site's origins
// (MANGA_WEB_ORIGIN), by contracts' rule, the one the API applies too.

export interface CrossSiteGuardOptions {
  /** The site's origins (env.webOrigins). */
  allowedOrigins: readonly string[];
  /** The wire clock, for the envelope's `server_time`. */
  serverTime(): string;
  /** Sent with the answer to a page request (the app's own headers: no sniffing, no framing). */
  securityHeaders: Readonly<Record<string, string>>;
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Answers a cross-site request 403 and returns true: in the API's envelope (1001) on the /api proxy,
 * as text elsewhere; returns false, answering nothing, for any other request.
 */
export function refuseCrossSite(
  req: IncomingMessage,
  res: ServerResponse,
  isApiPath: boolean,
  options: CrossSiteGuardOptions,
): boolean {
  const refusal = crossSiteRefusal(
    {
      method: req.method ?? 'GET',
      origin: headerOf(req.headers.origin),
      secFetchSite: headerOf(req.headers['sec-fetch-site']),
      carriesCookies: Boolean(req.headers.cookie),
    },
    options.allowedOrigins,
  );
  if (!refusal) return false;
  // The body is never read: drain it so that the connection can carry on.
  req.resume();
  if (isApiPath) {
    sendJson(
      res,
      403,
      { status: 'error', response_code: 1001, error_message: refusal, server_time: options.serverTime() },
      { 'cache-control': 'no-store', ...options.securityHeaders },
    );
    return true;
  }
  const text = `403 Forbidden: ${refusal}\n`;
  res.writeHead(403, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...options.securityHeaders,
  });
  res.end(text);
  return true;
}
