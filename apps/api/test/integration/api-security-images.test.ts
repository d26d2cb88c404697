// Issue 9, finding 2: forged page-image URLs. The attack signed `<page key>:<expires in 10 years>`
// with the development secret that was a constant in the source, and was served a paid page.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#src/config.ts';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

/** The constant the source used to hold (issue 9): a URL signed with it must be worth nothing. */
const OLD_DEVELOPMENT_SECRET = 'development-only-image-url-secret';
const pageKey = storageKeys.page(100006, 0xbadc0de, 1);
const page = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9]);

let t: TestApp;
let dataDir: string;

/** Unsigned configuration secrets: the app generates its own in the data directory. */
function generatedSecretsConfig() {
  return { imageUrlSecret: undefined, proxySecret: undefined, secretsDir: path.join(dataDir, 'secrets') };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'manga-data-'));
  t = await createTestApp(generatedSecretsConfig());
  await t.app.container.repositories.storage.put(pageKey, page, 'image/jpeg');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sign = (secret: string, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}:${expires}`, 'utf8').digest('base64url');
const nowSeconds = () => Math.floor(t.clock.now() / 1000);
const fetchPage = (key: string, expires: number | string, sig: string) =>
  t.app.inject({ method: 'GET', url: `/images/${key}?expires=${expires}&sig=${sig}` });
const secretFile = () => path.join(dataDir, 'secrets', 'image-url-secret');

describe('signed page-image URLs', () => {
  it('refuses a URL signed with the old source constant', async () => {
    const expires = nowSeconds() + 10 * 365 * 86_400;
    const res = await fetchPage(pageKey, expires, sign(OLD_DEVELOPMENT_SECRET, pageKey, expires));
    expect(res.statusCode).toBe(403);
    const soon = nowSeconds() + 600;
    expect((await fetchPage(pageKey, soon, sign(OLD_DEVELOPMENT_SECRET, pageKey, soon))).statusCode).toBe(403);
  });

  it('signs with a random secret generated once in the data directory, readable by the owner only', async () => {
    const mode = statSync(secretFile()).mode & 0o777;
    expect(mode).toBe(0o600);
    const url = new URL(t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()));
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
  });

  it('keeps the secret across a restart and between API processes sharing the data directory', async () => {
    const url = new URL(t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()));
    const second = await createTestApp({ ...generatedSecretsConfig(), storageDir: t.config.storageDir }, t.database);
    try {
      second.clock.set(t.clock.now());
      const res = await second.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses an expiry further ahead than the configured lifetime allows, even correctly signed', async () => {
    const ttl = t.config.imageUrlTtlSeconds;
    const secret = (await import('node:fs')).readFileSync(secretFile(), 'utf8').trim();
    for (const ahead of [ttl + 3600, 10 * 365 * 86_400]) {
      const expires = nowSeconds() + ahead;
      const res = await fetchPage(pageKey, expires, sign(secret, pageKey, expires));
      expect(res.statusCode, `${ahead}s ahead`).toBe(403);
    }
    const withinTtl = nowSeconds() + ttl;
    expect((await fetchPage(pageKey, withinTtl, sign(secret, pageKey, withinTtl))).statusCode).toBe(200);
  });

  it('refuses a tampered path: the signature covers the key', async () => {
    const url = new URL(t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()));
    const otherKey = storageKeys.page(100007, 0xbadc0de, 1);
    await t.app.container.repositories.storage.put(otherKey, page, 'image/jpeg');
    const tampered = url.pathname.replace('100006', '100007');
    expect((await t.app.inject({ method: 'GET', url: `${tampered}${url.search}` })).statusCode).toBe(403);
    const otherPage = url.pathname.replace(/001\.jpg$/, '002.jpg');
    expect((await t.app.inject({ method: 'GET', url: `${otherPage}${url.search}` })).statusCode).toBe(403);
  });

  it('hands out URLs that live the configured lifetime, not longer', () => {
    const url = new URL(t.app.container.mediaUrls.signedUrl(pageKey, t.clock.now()));
    const lifetime = Number(url.searchParams.get('expires')) - nowSeconds();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(t.config.imageUrlTtlSeconds);
  });
});

describe('configuration', () => {
  it('still refuses a production start without MANGA_IMAGE_URL_SECRET', () => {
    expect(() => loadConfig({ MANGA_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ MANGA_ENV: 'production' })).toThrow(/MANGA_IMAGE_URL_SECRET/);
    expect(loadConfig({ MANGA_ENV: 'development' }).imageUrlSecret).toBeUndefined();
  });
});
