import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';

const signer = new MediaUrlSigner({
  baseUrl: 'http://api.test',
  secret: 's',
  ttlSeconds: 600,
  sign: (v) => createHmac('sha256', 'secret').update(v).digest('base64url'),
  safeEqual: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
});

function parts(url: string) {
  const u = new URL(url);
  return {
    key: decodeURIComponent(u.pathname.replace('/images/', '')),
    expires: u.searchParams.get('expires') ?? undefined,
    sig: u.searchParams.get('sig') ?? undefined,
  };
}

describe('MediaUrlSigner', () => {
  it('builds absolute public URLs and keeps empty keys empty', () => {
    expect(signer.publicUrl('titles/10001/thumbnail.webp')).toBe('http://api.test/images/titles/10001/thumbnail.webp');
    expect(signer.publicUrl('')).toBe('');
  });

  it('accepts its own signature before expiry and rejects it after', () => {
    const now = 1_800_000_000_000;
    const { key, expires, sig } = parts(signer.signedUrl('episodes/100001/pages/001.jpg', now));
    expect(signer.verify(key, expires, sig, now)).toBe(true);
    expect(signer.verify(key, expires, sig, Number(expires) * 1000)).toBe(false);
  });

  it('signs a URL once, keeps only signatures it made or verified, and still checks every expiry (ADR 085)', () => {
    let signed = 0;
    const counting = new MediaUrlSigner({
      baseUrl: 'http://api.test',
      secret: 's',
      ttlSeconds: 600,
      sign: (v) => {
        signed += 1;
        return createHmac('sha256', 'secret').update(v).digest('base64url');
      },
      safeEqual: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
    });
    const now = 1_800_000_000_000;
    const url = counting.signedUrl('episodes/100001/pages/001.jpg', now);
    expect(counting.signedUrl('episodes/100001/pages/001.jpg', now)).toBe(url);
    const { key, expires, sig } = parts(url);
    for (let i = 0; i < 3; i++) expect(counting.verify(key, expires, sig, now)).toBe(true);
    expect(signed).toBe(1);
    // Expired: refused before any signature is looked at.
    expect(counting.verify(key, expires, sig, Number(expires) * 1000)).toBe(false);
    // A forged signature is refused, and never kept: the right one still verifies, the forged one never.
    const other = 'episodes/100001/pages/002.jpg';
    const forged = sig?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect(counting.verify(other, expires, forged, now)).toBe(false);
    const right = createHmac('sha256', 'secret').update(`${other}:${expires}`).digest('base64url');
    expect(counting.verify(other, expires, right, now)).toBe(true);
    expect(counting.verify(other, expires, forged, now)).toBe(false);
    expect(counting.verify(other, expires, right, now)).toBe(true);
    expect(signed).toBe(3);
  });

  it('refuses an expiry further ahead than the TTL (plus clock skew), however it is signed', () => {
    const now = 1_800_000_000_000;
    const key = 'episodes/100001/pages/001.jpg';
    const at = (seconds: number) => String(now / 1000 + seconds);
    const sign = (expires: string) => createHmac('sha256', 'secret').update(`${key}:${expires}`).digest('base64url');
    expect(signer.verify(key, at(600), sign(at(600)), now)).toBe(true);
    expect(signer.verify(key, at(660), sign(at(660)), now)).toBe(true);
    expect(signer.verify(key, at(661), sign(at(661)), now)).toBe(false);
    expect(signer.verify(key, at(315_360_000), sign(at(315_360_000)), now)).toBe(false);
  });

  it('hands out URLs living between 90% and 100% of the TTL', () => {
    for (const now of [1_800_000_000_000, 1_800_000_059_000, 1_800_000_599_999]) {
      const lifetime = Number(parts(signer.signedUrl('k.jpg', now)).expires) - now / 1000;
      expect(lifetime).toBeGreaterThan(540 - 1);
      expect(lifetime).toBeLessThanOrEqual(600);
    }
  });

  it('gives the same URL within one window so browsers can cache it', () => {
    const now = 1_800_000_000_000;
    expect(signer.signedUrl('k.jpg', now)).toBe(signer.signedUrl('k.jpg', now + 1000));
  });

  it('rejects a tampered key, expiry or signature', () => {
    const now = 1_800_000_000_000;
    const { key, expires, sig } = parts(signer.signedUrl('episodes/1/pages/001.jpg', now));
    expect(signer.verify('episodes/2/pages/001.jpg', expires, sig, now)).toBe(false);
    expect(signer.verify(key, String(Number(expires) + 600), sig, now)).toBe(false);
    expect(signer.verify(key, expires, `${sig}x`, now)).toBe(false);
    expect(signer.verify(key, undefined, sig, now)).toBe(false);
    expect(signer.verify(key, 'abc', sig, now)).toBe(false);
  });
});
