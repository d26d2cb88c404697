/**
 * An image URL the browser can load: absolute URLs pass through, API-relative paths go through
 * the web origin's API prefix (server and browser alike).
 */
export function imageUrlThrough(apiPrefix: string, url: string): string {
  if (url === '' || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${apiPrefix.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
