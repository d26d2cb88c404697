import { data } from 'react-router';
import { env } from '#app/env.server.ts';
import { notFoundMessage } from '#app/errors/error-routing.ts';

/** Development-only pages answer 404 in production (ADR 007: the outbox exists outside production only). */
export function requireDevelopment(url: URL): void {
  if (env.deployment === 'production') {
    throw data(notFoundMessage(`${url.pathname}${url.search}`), { status: 404 });
  }
}
