import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '#app/env.server.ts';
import { connectionAddress } from './client-connection.server.ts';
import { trustedHopHeaders } from './trusted-hop.server.ts';

vi.mock('#app/env.server.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#app/env.server.ts')>();
  return { ...actual, env: { ...actual.env, proxySecret: 's'.repeat(40), dataDir: '/nonexistent' } };
});
const original = { ...env };
afterEach(() => Object.assign(env, original));

describe('the trusted hop to the API (ADR 015)', () => {
  it("names the visitor's address with the proxy secret", async () => {
    expect(await trustedHopHeaders({ address: '203.0.113.9', relayed: false })).toEqual({
      'x-manga-client-ip': '203.0.113.9',
      'x-manga-proxy-secret': 's'.repeat(40),
    });
  });

  it('names nobody without a secret, an address, or for a relayed request that looks local', async () => {
    expect(await trustedHopHeaders(undefined)).toEqual({});
    expect(await trustedHopHeaders({ address: '127.0.0.1', relayed: true })).toEqual({});
    Object.assign(env, { proxySecret: undefined });
    expect(await trustedHopHeaders({ address: '203.0.113.9', relayed: false })).toEqual({});
  });

  it('sends the request id on every call, with the proof or without it (issue 25)', async () => {
    expect(await trustedHopHeaders({ address: '203.0.113.9', relayed: false, requestId: 'page-1' })).toEqual({
      'x-request-id': 'page-1',
      'x-manga-client-ip': '203.0.113.9',
      'x-manga-proxy-secret': 's'.repeat(40),
    });
    expect(await trustedHopHeaders({ address: '127.0.0.1', relayed: true, requestId: 'page-2' })).toEqual({
      'x-request-id': 'page-2',
    });
  });
});

describe('connectionAddress', () => {
  it('believes X-Forwarded-For only as far as MANGA_TRUST_PROXY says, from the right', () => {
    expect(connectionAddress('10.0.0.2', '6.6.6.6, 198.51.100.4', 0)).toBe('10.0.0.2');
    expect(connectionAddress('10.0.0.2', '6.6.6.6, 198.51.100.4', 1)).toBe('198.51.100.4');
    expect(connectionAddress('10.0.0.2', '6.6.6.6, 198.51.100.4, 10.0.0.3', 2)).toBe('198.51.100.4');
    expect(connectionAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
  });
});
