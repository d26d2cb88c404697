import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newCspNonce, originOf, SECURITY_HEADERS } from './security-headers.server.ts';

describe('the web security headers (ADR 015)', () => {
  it('admits scripts from our origin and with this page nonce only, and no framing by other sites', () => {
    const policy = contentSecurityPolicy('abc123', ['https://api.example']);
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toContain('https://api.example');
    expect(policy).not.toContain("'unsafe-eval'");
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('makes a new 128-bit nonce each time', () => {
    const nonce = newCspNonce();
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(newCspNonce()).not.toBe(nonce);
  });

  it('never hands out the same nonce twice, across draws of the random pool', () => {
    // 256 nonces per draw: 2,000 cross several draws; a pool slice reused would repeat one.
    const nonces = Array.from({ length: 2_000 }, () => newCspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('sends nosniff, no framing by others and a referrer policy that keeps URLs on the site', () => {
    expect(SECURITY_HEADERS).toEqual({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });

  it('reads origins of absolute URLs only', () => {
    expect(originOf('http://127.0.0.1:3001/images')).toEqual(['http://127.0.0.1:3001']);
    expect(originOf('/api')).toEqual([]);
  });
});
