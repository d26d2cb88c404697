import { randomBytes } from 'node:crypto';

// The web server's security headers (ADR 015). Every answer of the web origin gets
// SECURITY_HEADERS (server/main.ts); server-rendered pages also get a Content-Security-Policy whose
// script-src admits only our own files and the inline scripts React Router renders with this
// request's nonce, and whose frame-ancestors keeps other sites from framing our pages.

/** Sent on every answer of the web origin: no type sniffing, no framing by others, no URLs leaking out. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  // Pages with single-use tokens in their URL (the account links) never send them to other origins.
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** A fresh nonce for one server-rendered page (128 bits). */
const NONCE_BYTES = 16;
/** Nonces drawn from the CSPRNG at once: a cached page's answer takes a slice, not a call (ADR 077). */
const NONCES_PER_DRAW = 256;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

/** A fresh CSP nonce: 16 random bytes, base64; each slice of the pool is handed out once. */
export function newCspNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceAt = 0;
  }
  const nonce = noncePool.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/**
 * The policy of a server-rendered page.
 * @param imageOrigins origins images come from besides ours (the API's public origin: covers and signed pages)
 */
export function contentSecurityPolicy(nonce: string, imageOrigins: readonly string[]): string {
  const images = ["'self'", 'data:', 'blob:', ...imageOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    // React's style={…} attributes (the loading bar, the reader's aspect ratio); no <style> elements.
    "style-src-attr 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self' data:",
    // Offline reading fetches the scrambled pages from the image origins to keep them (ADR 052).
    `connect-src ${["'self'", ...imageOrigins].join(' ')}`,
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Checkout: a shop form's answer redirects to Stripe's hosted page (ADR 019).
    "form-action 'self' https://checkout.stripe.com",
  ].join('; ');
}

/** The origin of an absolute URL, or nothing for a relative one. */
export function originOf(url: string): string[] {
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
