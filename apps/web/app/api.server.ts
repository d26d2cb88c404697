import { env } from '#app/env.server.ts';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';

// API clients acting for a visitor are made by `apiFor` (visitor/visitor-context.server.ts).

/**
 * An image URL the browser can load: absolute URLs pass through, API-relative paths go through
 * the web origin's API prefix.
 */
export function toPublicImageUrl(url: string): string {
  return imageUrlThrough(env.publicApiPrefix, url);
}
