// Resolves `request.auth` once per request (ADR 007): the session of the `uwt` cookie (prefixed
// name from our web app, bare `uwt` from third-party clients), else a user proven by the app
// signature (`user_id` + `x-mgpk-hash`), else nobody. Services decide what a call requires.
// Also the cookie helpers routes use to set and clear the session and law cookies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ConsentCookies } from '#src/services/age-gate.rule.ts';
import { ANONYMOUS, type RequestAuth } from '#src/services/auth-context.ts';
import type { SessionService, StartedSession } from '#src/services/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

export const SESSION_COOKIE = 'uwt';

export interface AuthPluginOptions {
  cookiePrefix: string;
  sessions: Pick<SessionService, 'resolveAuth'>;
}

/** A cookie by its SPEC §3 name: the environment-prefixed one first, then the bare one. */
export function readCookie(request: FastifyRequest, prefix: string, name: string): string | undefined {
  const cookies = request.cookies ?? {};
  const value = cookies[`${prefix}${name}`] ?? cookies[name];
  return value === '' ? undefined : value;
}

/** The birthday and consent cookies as sent. */
export function readConsentCookies(request: FastifyRequest): ConsentCookies {
  const prefix = request.server.container.config.cookiePrefix;
  return {
    birthday: readCookie(request, prefix, 'birthday'),
    terms_of_service_minor: readCookie(request, prefix, 'terms_of_service_minor'),
    terms_of_service_adult: readCookie(request, prefix, 'terms_of_service_adult'),
    privacy_policy: readCookie(request, prefix, 'privacy_policy'),
  };
}

/** Client facts a new session records (device list). */
export function sessionClient(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { platform: request.client.platform, userAgent: typeof agent === 'string' ? agent : '' };
}

/** `uwt`: HttpOnly, SameSite=Lax, Path=/, Secure outside local development, until the session expires. */
export function setSessionCookie(reply: FastifyReply, session: StartedSession): void {
  const { config, clock } = reply.server.container;
  reply.setCookie(`${config.cookiePrefix}${SESSION_COOKIE}`, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.secureCookies,
    maxAge: Math.max(0, Math.floor((session.expiresAt - clock.now()) / 1000)),
  });
}

/** Ends the session cookie, under the prefixed and the bare name. */
export function clearSessionCookie(reply: FastifyReply): void {
  const { config } = reply.server.container;
  const names = new Set([`${config.cookiePrefix}${SESSION_COOKIE}`, SESSION_COOKIE]);
  for (const name of names) {
    reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies });
  }
}

/** Law cookies (birthday, terms, privacy) are read by the web app's scripts, so not HttpOnly. */
export function setLawCookies(
  reply: FastifyReply,
  cookies: readonly { name: string; value: string; maxAgeSeconds: number }[],
): void {
  const { config } = reply.server.container;
  for (const cookie of cookies) {
    // Values are already URL-encoded JSON (WIRE.md §1.5); encode must not encode them twice.
    reply.setCookie(`${config.cookiePrefix}${cookie.name}`, cookie.value, {
      sameSite: 'lax',
      path: '/',
      secure: config.secureCookies,
      maxAge: cookie.maxAgeSeconds,
      encode: (value) => value,
    });
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
    app.decorateRequest('auth', null as unknown as RequestAuth);
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
