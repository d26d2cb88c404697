// What the comment and moderation services need to know about the caller (ADR 013), read once.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readConsentCookies } from '#src/plugins/auth.plugin.ts';
import type { CommentCaller } from '#src/services/comment.service.ts';
import type { OpsCaller } from '#src/services/moderation.service.ts';

export function commentCaller(request: FastifyRequest): CommentCaller {
  return {
    auth: request.auth,
    locale: request.client.locale,
    isCrawler: request.client.isCrawler,
    cookies: readConsentCookies(request),
  };
}

export function opsCaller(request: FastifyRequest): OpsCaller {
  return { auth: request.auth, locale: request.client.locale };
}

/** Answers that depend on who asks are never stored by a shared cache (DESIGN §6a). */
export async function privateAnswer(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 300) reply.header('cache-control', 'private, no-store');
  return payload;
}
