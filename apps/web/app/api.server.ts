import { type ApiClient, createApiClient, readBirthdayCookie } from '@manga/api-client';
import { isbot } from 'isbot';
import { env } from '#app/env.server.ts';

/** Visitor headers that the API sees during SSR as if the browser had called it (SPEC §7). */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-manga-service-hash'];

/** An API client acting for the visitor of `request`: their cookie, birthday signature and crawler flag. */
export function createServerApiClient(request: Request): ApiClient {
  const forwardHeaders: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) forwardHeaders[name] = value;
  }
  const cookie = request.headers.get('cookie');
  return createApiClient({
    baseUrl: env.apiUrl,
    forwardHeaders,
    isCrawler: isbot(request.headers.get('user-agent')),
    getBirthdayCookie: () => readBirthdayCookie(cookie, `${env.cookiePrefix}birthday`),
  });
}

/**
 * An image URL the browser can load: absolute URLs pass through, API-relative paths go through
 * the web origin's API prefix.
 */
export function toPublicImageUrl(url: string): string {
  if (url === '' || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${env.publicApiPrefix.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
