// Absolute media URLs (architecture §6): covers are public; page images are signed and expire. A URL
// lives the configured TTL at most: an `expires` further ahead than that (plus a little clock skew
// between API processes) was not made by us and is refused, however it is signed (ADR 015).

export interface MediaUrlSignerOptions {
  baseUrl: string;
  secret: string;
  ttlSeconds: number;
  sign(value: string): string;
  safeEqual(a: string, b: string): boolean;
}

/** Clock difference between API processes that a URL may show. */
export const SIGNED_URL_CLOCK_SKEW_SECONDS = 60;

export class MediaUrlSigner {
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
    return `${this.publicUrl(key)}?expires=${expires}&sig=${this.options.sign(`${key}:${expires}`)}`;
  }

  verify(key: string, expires: string | undefined, sig: string | undefined, nowMs: number): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    const nowSeconds = nowMs / 1000;
    const at = Number(expires);
    if (at <= nowSeconds || at > nowSeconds + this.options.ttlSeconds + SIGNED_URL_CLOCK_SKEW_SECONDS) return false;
    return this.options.safeEqual(sig, this.options.sign(`${key}:${expires}`));
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
