// What the viewer service needs to know about the caller (ADR 009), read from the request once.
import type { FastifyRequest } from 'fastify';
import { readConsentCookies } from '#src/plugins/auth.plugin.ts';
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
