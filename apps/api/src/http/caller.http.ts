// What services need to know about the caller, read from the request once per route: the viewer's
// locale, crawler flag, seed format, cookies and user, and the client facts a new session records.
import type { FastifyRequest } from 'fastify';
import { readConsentCookies } from '#src/http/cookies.http.ts';
import type { SessionClient } from '#src/services/session.service.ts';
import type { ViewerContext } from '#src/services/viewer.service.ts';

export function viewerContext(request: FastifyRequest): ViewerContext {
  return {
    locale: request.client.locale,
    isCrawler: request.client.isCrawler,
    seedFormat: request.client.seedFormat,
    cookies: readConsentCookies(request),
    user: request.auth?.user ?? null,
  };
}

/** Client facts a new session records (device list). */
export function sessionClient(request: FastifyRequest): SessionClient {
  const agent = request.headers['user-agent'];
  return { platform: request.client.platform, userAgent: typeof agent === 'string' ? agent : '' };
}
