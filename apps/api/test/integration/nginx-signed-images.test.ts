// The nginx example of docs/deploy/nginx (ADR 020) takes the API's signed page-image URLs: run with
// the real nginx and its js module when they are installed (CI installs them), skipped otherwise.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#src/config.ts';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { NGINX_JS_MODULE, nginxWithJsAvailable, startNginx } from '#test/nginx.ts';
import { freePort } from '#test/s3.ts';

const example = join(repositoryRoot, 'docs/deploy/nginx');

describe.skipIf(!nginxWithJsAvailable)(
  'nginx example in front of the API (needs nginx and libnginx-mod-http-js)',
  () => {
    let t: TestApp;
    let nginx: ChildProcess;
    let dir: string;
    let base: string;
    const page = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 5, 4, 3, 2, 1]);
    const pageKey = storageKeys.page(100003, 0xfeed, 1);
    // The data saver's tier (ADR 055) lives under light/ beside it and is guarded the same way.
    const lightPage = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9]);
    const lightKey = storageKeys.lightPage(100003, 0xfeed, 1);

    beforeAll(async () => {
      t = await createTestApp();
      dir = mkdtempSync(join(tmpdir(), 'nginx-example-'));
      chmodSync(dir, 0o755); // nginx's workers may run as nobody
      const storage = join(dir, 'storage');
      mkdirSync(join(storage, 'episodes/100003/s0000feed'), { recursive: true });
      mkdirSync(join(storage, 'titles/10003'), { recursive: true });
      writeFileSync(join(storage, pageKey), page);
      mkdirSync(join(storage, 'episodes/100003/s0000feed/light'), { recursive: true });
      writeFileSync(join(storage, lightKey), lightPage);
      writeFileSync(join(storage, 'titles/10003/thumbnail.webp'), 'RIFF....WEBPVP8 cover');
      copyFileSync(join(example, 'signed-images.js'), join(dir, 'signed-images.js'));
      const port = await freePort();
      const conf = readFileSync(join(example, 'manga.conf'), 'utf8')
        .replace('load_module modules/ngx_http_js_module.so;', `load_module ${NGINX_JS_MODULE};`)
        .replace('worker_processes auto;', 'worker_processes 1;')
        .replace('js_import signed from signed-images.js;', `js_import signed from ${dir}/signed-images.js;`)
        .replaceAll('/srv/manga/storage/', `${storage}/`)
        .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${port};`);
      writeFileSync(join(dir, 'nginx.conf'), conf);
      const env = {
        ...process.env,
        MANGA_IMAGE_URL_SECRET: t.config.imageUrlSecret ?? '',
        MANGA_IMAGE_URL_TTL_SECONDS: String(t.config.imageUrlTtlSeconds),
      };
      base = `http://127.0.0.1:${port}`;
      nginx = await startNginx(dir, env, `${base}/images/titles/10003/thumbnail.webp`);
    });

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      await t?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const signed = (nowMs = Date.now(), key = pageKey) => {
      const url = new URL(t.app.container.mediaUrls.signedUrl(key, nowMs));
      return `${url.pathname}${url.search}`;
    };

    it('serves a page derivative through the URL the API signed, as immutable', async () => {
      const res = await fetch(`${base}${signed()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
      expect(Buffer.from(await res.arrayBuffer()).equals(page)).toBe(true);
    });

    it('refuses a derivative without a signature, with a tampered one, expired, or dated too far ahead', async () => {
      const good = new URL(`${base}${signed()}`);
      const tampered = new URL(good);
      const sig = good.searchParams.get('sig') ?? '';
      // A different first character (a fixed one matched the real signature one time in 64).
      tampered.searchParams.set('sig', `${sig.startsWith('x') ? 'y' : 'x'}${sig.slice(1)}`);
      const otherKey = good.toString().replace('/001.jpg', '/002.jpg');
      for (const url of [
        `${base}/images/${pageKey}`,
        tampered.toString(),
        otherKey,
        `${base}${signed(Date.now() - 2 * t.config.imageUrlTtlSeconds * 1000)}`,
        `${base}${signed(Date.now() + 10 * t.config.imageUrlTtlSeconds * 1000)}`,
      ]) {
        expect((await fetch(url)).status, url).toBe(403);
      }
    });

    it("serves the data saver's light page through its own signed URL, never through the standard page's", async () => {
      const res = await fetch(`${base}${signed(Date.now(), lightKey)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
      expect(Buffer.from(await res.arrayBuffer()).equals(lightPage)).toBe(true);
      const borrowed = `${base}/images/${lightKey}${new URL(`${base}${signed()}`).search}`;
      for (const url of [`${base}/images/${lightKey}`, borrowed]) expect((await fetch(url)).status, url).toBe(403);
    });

    it('serves public art without a signature', async () => {
      const res = await fetch(`${base}/images/titles/10003/thumbnail.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    });
  },
);

it.skipIf(nginxWithJsAvailable)('skips the nginx example test: nginx or its js module is not installed', () => {
  expect(nginxWithJsAvailable).toBe(false);
});
