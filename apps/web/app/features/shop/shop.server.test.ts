import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '#app/env.server.ts';
import { checkoutReturnPath } from './shop.server.ts';

vi.mock('#app/env.server.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#app/env.server.ts')>();
  return { ...actual, env: { ...actual.env } };
});
const original = { ...env };
afterEach(() => Object.assign(env, original));

describe("checkoutReturnPath (a checkout's success and cancel URLs, issue 22 item 3)", () => {
  it('keeps the path, query and hash of a URL on one of the site origins', () => {
    Object.assign(env, { webOrigins: ['http://localhost:3000', 'http://127.0.0.1:3240'] });
    expect(checkoutReturnPath('http://127.0.0.1:3240/my/shop/result?status=1&payment_id=7&return=%2Fmy')).toBe(
      '/my/shop/result?status=1&payment_id=7&return=%2Fmy',
    );
    expect(checkoutReturnPath('http://localhost:3000/my/shop/result?status=2#x')).toBe('/my/shop/result?status=2#x');
  });

  it('gives nothing for any other origin or a path that leaves', () => {
    Object.assign(env, { webOrigins: ['http://127.0.0.1:3240'] });
    for (const url of [
      'http://127.0.0.1:9999/my/shop/result',
      'https://127.0.0.1:3240/my/shop/result',
      'http://evil.example/my/shop/result',
      'http://127.0.0.1:3240@evil.example/',
      '//evil.example/x',
      '/.//evil.example',
      'javascript:alert(1)',
    ]) {
      expect(checkoutReturnPath(url), url).toBeUndefined();
    }
  });
});
