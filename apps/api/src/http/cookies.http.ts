// The product §3 cookies on the HTTP edge: reading them (prefixed name first, then the bare one) and
// writing the session and law cookies. Routes and plugins use these; services only see values.
import { CONSENT_COOKIE_NAMES, CookieName } from '@manga/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsentCookies } from '#src/rules/age-gate.rules.ts';
import type { StartedSession } from '#src/services/session.service.ts';

export const SESSION_COOKIE = CookieName.Uwt;

/** A cookie by its product §3 name: the environment-prefixed one first, then the bare one. */
export function readCookie(request: FastifyRequest, prefix: string, name: string): string | undefined {
  const cookies = request.cookies ?? {};
  const value = cookies[`${prefix}${name}`] ?? cookies[name];
  return value === '' ? undefined : value;
}

/** The birthday and consent cookies as sent. */
export function readConsentCookies(request: FastifyRequest): ConsentCookies {
  const prefix = request.server.container.config.cookiePrefix;
  const cookies: ConsentCookies = { birthday: readCookie(request, prefix, CookieName.Birthday) };
  for (const name of CONSENT_COOKIE_NAMES) cookies[name] = readCookie(request, prefix, name);
  return cookies;
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
    // Values are already URL-encoded JSON (wire §1.5); encode must not encode them twice.
    reply.setCookie(`${config.cookiePrefix}${cookie.name}`, cookie.value, {
      sameSite: 'lax',
      path: '/',
      secure: config.secureCookies,
      maxAge: cookie.maxAgeSeconds,
      encode: (value) => value,
    });
  }
}
