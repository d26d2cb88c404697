// Absolute media URLs (architecture §6): covers are public; page images are signed and expire. A URL
// lives the configured TTL at most: an `expires` further ahead than that (plus a little clock skew
// between API processes) was not made by us and is refused, however it is signed (ADR 015).

import { LRUCache } from 'lru-cache';

export interface MediaUrlSignerOptions {
  baseUrl: string;
  secret: string;
  ttlSeconds: number;
  sign(value: string): string;
  safeEqual(a: string, b: string): boolean;
}

/** Clock difference between API processes that a URL may show. */
export const SIGNED_URL_CLOCK_SKEW_SECONDS = 60;

/** Signatures kept: a page's URL is signed for every viewer and verified for every image answer. */
const KEPT_SIGNATURES = 20_000;

export class MediaUrlSigner {
  /**
   * The signature of each `key:expires` this process made or verified (a successful check only: a
   * forged one never enters), so that a URL asked again is checked without a new HMAC (ADR 085). An
   * expiry is still checked on every request; what is kept is only a pure function of the secret.
   */
  private readonly signatures = new LRUCache<string, string>({ max: KEPT_SIGNATURES });

  constructor(private readonly options: MediaUrlSignerOptions) {}

  get ttlSeconds(): number {
    return this.options.ttlSeconds;
  }

  /** '' stays '' so that wire fields are always strings (wire §3.1). */
  publicUrl(key: string): string {
    return key ? `${this.options.baseUrl}/images/${encodeKey(key)}` : '';
  }

  signedUrl(key: string, nowMs: number): string {
    // Round the expiry down to a tenth of the TTL so URLs stay identical, and cacheable, for a while;
    // a URL then lives between 90% and 100% of the TTL.
    const ttl = this.options.ttlSeconds;
    const step = Math.max(1, Math.floor(ttl / 10));
    const expires = Math.floor((Math.floor(nowMs / 1000) + ttl) / step) * step;
    const value = `${key}:${expires}`;
    let signature = this.signatures.get(value);
    if (signature === undefined) {
      signature = this.options.sign(value);
      this.signatures.set(value, signature);
    }
    return `${this.publicUrl(key)}?expires=${expires}&sig=${signature}`;
  }

  verify(key: string, expires: string | undefined, sig: string | undefined, nowMs: number): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    const nowSeconds = nowMs / 1000;
    const at = Number(expires);
    if (at <= nowSeconds || at > nowSeconds + this.options.ttlSeconds + SIGNED_URL_CLOCK_SKEW_SECONDS) return false;
    const value = `${key}:${expires}`;
    const kept = this.signatures.get(value);
    if (kept !== undefined) return this.options.safeEqual(sig, kept);
    const signature = this.options.sign(value);
    if (!this.options.safeEqual(sig, signature)) return false;
    this.signatures.set(value, signature);
    return true;
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
