import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeadersPlugin, { helmetHeaders } from '#src/plugins/security-headers.plugin.ts';

describe('security headers', () => {
  it("are helmet's own, worked out once: CSP, nosniff, frame and resource policies; HSTS only when asked", () => {
    const headers = helmetHeaders({ crossOriginResourcePolicy: { policy: 'cross-origin' }, hsts: false });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders({})['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('are on every answer, errors and unknown paths included', async () => {
    const app = Fastify({ logger: false });
    await app.register(securityHeadersPlugin, { hsts: false });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fail', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fail', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeDefined();
    }
    await app.close();
  });

  it('refuses options helmet refuses', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { 'default-src': ["'self';"] } } })).toThrow();
  });
});
