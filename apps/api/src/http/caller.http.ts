// What services need to know about the caller, read from the request once per route: the reader
// (session user, crawler flag, birthday cookie) for access decisions, the viewer's seed format,
// the session of comment, moderation, purchase and rental calls, and the client facts a new
// session records.
import type { FastifyRequest } from 'fastify';
import { readConsentCookies } from '#src/http/cookies.http.ts';
import type { Reader } from '#src/rules/entitlement.rules.ts';
import type { EpisodeListContext } from '#src/services/catalogue.service.ts';
import type { CommentCaller } from '#src/services/comment.service.ts';
import type { OpsCaller } from '#src/services/moderation.service.ts';
import type { PurchaseCaller } from '#src/services/purchase.service.ts';
import type { SessionClient } from '#src/services/session.service.ts';
import type { ViewerContext } from '#src/services/viewer.service.ts';

/** The reader whose access episode answers are decided for. */
export function readerOf(request: FastifyRequest): Reader {
  return {
    user: request.auth?.user ?? null,
    isCrawler: request.client.isCrawler,
    cookies: readConsentCookies(request),
  };
}

/** The locale and the reader of calls that answer episodes with their access (badges, prices). */
export function episodeListContext(request: FastifyRequest): EpisodeListContext {
  return { locale: request.client.locale, reader: readerOf(request) };
}

/** The reader, the locale and the scramble-seed format of a viewer call (ADR 009). */
export function viewerContext(request: FastifyRequest): ViewerContext {
  return { locale: request.client.locale, seedFormat: request.client.seedFormat, reader: readerOf(request) };
}

/** The session, the locale and the reader of a comment call (ADR 013). */
export function commentCaller(request: FastifyRequest): CommentCaller {
  return { auth: request.auth, locale: request.client.locale, reader: readerOf(request) };
}

/** The session and the locale of a moderation call (ADR 013). */
export function opsCaller(request: FastifyRequest): OpsCaller {
  return { auth: request.auth, locale: request.client.locale };
}

/** The session and the reader of a purchase or a rental: the reader's rating and holdings decide (ADR 014). */
export function purchaseCaller(request: FastifyRequest): PurchaseCaller {
  return { auth: request.auth, reader: readerOf(request) };
}

/** Client facts a new session records (device list). */
export function sessionClient(request: FastifyRequest): SessionClient {
  const agent = request.headers['user-agent'];
  return { platform: request.client.platform, userAgent: typeof agent === 'string' ? agent : '' };
}
