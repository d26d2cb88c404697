// Absolute media URLs (DESIGN §6): covers are public; page images are signed and expire.

export interface MediaUrlSignerOptions {
  baseUrl: string;
  secret: string;
  ttlSeconds: number;
  sign(value: string): string;
  safeEqual(a: string, b: string): boolean;
}

export class MediaUrlSigner {
  constructor(private readonly options: MediaUrlSignerOptions) {}

  get ttlSeconds(): number {
    return this.options.ttlSeconds;
  }

  /** '' stays '' so that wire fields are always strings (WIRE.md §3.1). */
  publicUrl(key: string): string {
    return key ? `${this.options.baseUrl}/images/${encodeKey(key)}` : '';
  }

  signedUrl(key: string, nowMs: number): string {
    // Round the expiry up to the TTL grid so URLs stay identical, and cacheable, within a window.
    const ttl = this.options.ttlSeconds;
    const expires = (Math.floor(nowMs / 1000 / ttl) + 2) * ttl;
    return `${this.publicUrl(key)}?expires=${expires}&sig=${this.options.sign(`${key}:${expires}`)}`;
  }

  verify(key: string, expires: string | undefined, sig: string | undefined, nowMs: number): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 <= nowMs) return false;
    return this.options.safeEqual(sig, this.options.sign(`${key}:${expires}`));
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
