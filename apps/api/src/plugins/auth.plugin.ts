// Resolves `request.auth` once per request (ADR 007): the session of the `uwt` cookie (prefixed
// name from our web app, bare `uwt` from third-party clients), else a user proven by the app
// signature (`user_id` + `x-mgpk-hash`), else nobody. Services decide what a call requires.
// And, in one place for every route, keeps answers that depend on the caller out of shared caches
// (architecture §6a, ADR 015). To our web servers, a logged-in reader's answers say who the reader is
// (READER_HEADER, ADR 081).
import { READER_HEADER } from '@manga/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readCookie, SESSION_COOKIE } from '#src/http/cookies.http.ts';
import { ANONYMOUS, type RequestAuth } from '#src/rules/auth.rules.ts';
import type { SessionService } from '#src/services/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

export interface AuthPluginOptions {
  cookiePrefix: string;
  sessions: Pick<SessionService, 'resolveAuth'>;
}

/** The Cache-Control of every answer that depends on who asks. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * An answer depends on the caller when the request carries what identifies or describes them
 * (cookies: the session, the birthday and consents; the app signature) or the answer sets cookies.
 * Routes that never read the caller (health, images, webhooks: `signature: false`) keep their own.
 */
function dependsOnCaller(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.routeOptions.config?.signature === false) return false;
  return Boolean(request.headers.cookie) || Boolean(request.headers['x-mgpk-hash']) || reply.hasHeader('set-cookie');
}

export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
    app.decorateRequest('auth', null as unknown as RequestAuth);
    app.addHook('onSend', async (request, reply, payload) => {
      if (dependsOnCaller(request, reply)) reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      // Our web servers keep a reader's personal answer by who they are until told it moved (ADR 081).
      const user = request.auth?.user;
      if (user?.sessionExpiresAt !== undefined && (request.source.local || request.source.viaWebServer)) {
        reply.header(READER_HEADER, `${user.userId};${user.sessionExpiresAt}`);
      }
      return payload;
    });
    app.addHook('preValidation', async (request) => {
      // Machine routes (health, images, webhooks) skip the signature and need no caller either.
      if (request.is404 || request.routeOptions.config?.signature === false) {
        request.auth = ANONYMOUS;
        return;
      }
      const appHash = request.headers['x-mgpk-hash'];
      request.auth = await options.sessions.resolveAuth({
        webToken: readCookie(request, options.cookiePrefix, SESSION_COOKIE),
        app: typeof appHash === 'string' && appHash !== '' ? { hash: appHash, params: request.sentParams } : undefined,
      });
    });
  },
  { name: 'auth', dependencies: ['client-context'] },
);
