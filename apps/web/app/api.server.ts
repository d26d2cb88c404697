import { env } from '#app/env.server.ts';

// API clients acting for a visitor are made by `apiFor` (visitor/visitor-context.server.ts).

/**
 * An image URL the browser can load: absolute URLs pass through, API-relative paths go through
 * the web origin's API prefix.
 */
export function toPublicImageUrl(url: string): string {
  if (url === '' || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${env.publicApiPrefix.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
