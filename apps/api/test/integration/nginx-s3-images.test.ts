// The production front of ADR 038 (docs/deploy/nginx/manga-s3.conf): nginx checks the API's signed
// page URLs and fetches the bytes from a private bucket with requests it signs itself (AWS SigV4 in
// njs), with the API out of the image path (the test API never listens). The bucket is s3rver on
// loopback behind a gate that, like a private bucket, refuses any request whose SigV4 signature the
// AWS SDK's own signer (@smithy/signature-v4) does not reproduce: s3rver itself does not check V4
// signatures. Runs with the real nginx and its js module when installed (CI installs them).
import type { ChildProcess } from 'node:child_process';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#src/config.ts';
import { storageKeys } from '#src/services/ingest.service.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { NGINX_JS_MODULE, nginxWithJsAvailable, startNginx } from '#test/nginx.ts';
import { freePort, S3_TEST_CREDENTIALS, S3_TEST_REGION, startS3Server, type TestS3Server } from '#test/s3.ts';

const example = join(repositoryRoot, 'docs/deploy/nginx');

/** SHA-256 and HMAC-SHA256 from node:crypto in the shape the SDK's signer takes. */
class NodeSha256 {
  private hash: Hash | Hmac;
  private readonly key: string | Buffer | undefined;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.key =
      secret === undefined || typeof secret === 'string'
        ? secret
        : ArrayBuffer.isView(secret)
          ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength)
          : Buffer.from(secret);
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.key === undefined ? createHash('sha256') : createHmac('sha256', this.key);
  }
  update(data: Uint8Array | string): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

const signer = new SignatureV4({
  credentials: { ...S3_TEST_CREDENTIALS },
  region: S3_TEST_REGION,
  service: 's3',
  sha256: NodeSha256,
  uriEscapePath: false, // S3 canonicalises the path once
});

/** Whether a request carries the SigV4 signature the AWS SDK computes for the same request. */
async function hasValidSignature(request: IncomingMessage): Promise<boolean> {
  const authorization = request.headers.authorization ?? '';
  const date = String(request.headers['x-amz-date'] ?? '');
  const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  if (!authorization.startsWith('AWS4-HMAC-SHA256 ') || !/^\d{8}T\d{6}Z$/.test(date) || !signed.includes('host')) {
    return false;
  }
  const headers: Record<string, string> = {};
  for (const name of signed) headers[name] = String(request.headers[name] ?? '');
  const url = new URL(request.url ?? '/', 'http://bucket.invalid');
  const at = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const expected = await signer.sign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: headers.host?.split(':')[0] ?? '',
      port: Number(headers.host?.split(':')[1]) || undefined,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
    },
    { signingDate: at, unsignableHeaders: new Set(), signableHeaders: new Set(signed) },
  );
  return expected.headers.authorization === authorization;
}

interface PrivateBucketGate {
  port: number;
  verified: number;
  refused: number;
  close(): Promise<void>;
}

/** A private bucket's front door: validly signed requests go on to the S3 server, others get 403. */
async function startPrivateBucketGate(s3Port: number): Promise<PrivateBucketGate> {
  const gate: PrivateBucketGate = { port: 0, verified: 0, refused: 0, close: async () => undefined };
  const server: Server = createServer(async (request, response) => {
    if (!(await hasValidSignature(request))) {
      gate.refused++;
      response.writeHead(403, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    gate.verified++;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: s3Port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(503);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  gate.port = typeof address === 'object' && address ? address.port : 0;
  gate.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((closed) => server.close(() => closed()));
  };
  return gate;
}

describe.skipIf(!nginxWithJsAvailable)(
  'nginx in front of a private S3 bucket (needs nginx and libnginx-mod-http-js)',
  () => {
    let s3: TestS3Server;
    let gate: PrivateBucketGate;
    let t: TestApp;
    let nginx: ChildProcess;
    let dir: string;
    let base: string;
    const page = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 7, 7, 7, 1, 2, 3]);
    const pageKey = storageKeys.page(100005, 0xfeed, 1);
    const coverKey = 'titles/10005/thumbnail.webp';
    const cover = Buffer.from('RIFF....WEBPVP8 cover of 10005');

    beforeAll(async () => {
      s3 = await startS3Server({ bucket: 'manga' });
      gate = await startPrivateBucketGate(s3.port);
      // The API writes through its own S3 client, straight to the bucket; readers never reach it.
      t = await createTestApp({ ...s3.config('images') });
      const { storage } = t.app.container.repositories;
      await storage.put(pageKey, page, 'image/jpeg');
      await storage.put(coverKey, cover, 'image/webp');

      dir = mkdtempSync(join(tmpdir(), 'nginx-s3-'));
      chmodSync(dir, 0o755);
      for (const file of ['signed-images.js', 's3-signed-requests.js', 's3-proxy.conf']) {
        copyFileSync(join(example, file), join(dir, file));
      }
      const port = await freePort();
      const conf = readFileSync(join(example, 'manga-s3.conf'), 'utf8')
        .replace('load_module modules/ngx_http_js_module.so;', `load_module ${NGINX_JS_MODULE};`)
        .replace('worker_processes auto;', 'worker_processes 1;')
        .replace('js_import signed from signed-images.js;', `js_import signed from ${dir}/signed-images.js;`)
        .replace('js_import s3 from s3-signed-requests.js;', `js_import s3 from ${dir}/s3-signed-requests.js;`)
        .replaceAll('include s3-proxy.conf;', `include ${dir}/s3-proxy.conf;`)
        .replace(
          'upstream manga_bucket { server 127.0.0.1:9000;',
          `upstream manga_bucket { server 127.0.0.1:${gate.port};`,
        )
        .replace('set $s3_host 127.0.0.1:9000;', `set $s3_host 127.0.0.1:${gate.port};`)
        .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${port};`);
      expect(conf).toContain(`server 127.0.0.1:${gate.port}`);
      writeFileSync(join(dir, 'nginx.conf'), conf);
      const env = {
        ...process.env,
        MANGA_IMAGE_URL_SECRET: t.config.imageUrlSecret ?? '',
        MANGA_IMAGE_URL_TTL_SECONDS: String(t.config.imageUrlTtlSeconds),
        MANGA_S3_REGION: S3_TEST_REGION,
        MANGA_S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        MANGA_S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      };
      base = `http://127.0.0.1:${port}`;
      nginx = await startNginx(dir, env, `${base}/images/titles/10005/missing.webp`);
    });

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      await t?.close();
      await gate?.close();
      await s3?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const signed = (nowMs = Date.now()) => {
      const url = new URL(t.app.container.mediaUrls.signedUrl(pageKey, nowMs));
      return `${base}${url.pathname}${url.search}`;
    };

    it('keeps the bucket private: an unsigned or wrongly signed request is refused', async () => {
      const direct = `http://127.0.0.1:${gate.port}/manga/images/${pageKey}`;
      expect((await fetch(direct)).status).toBe(403);
      const forged = await fetch(direct, {
        headers: {
          authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/20260101/${S3_TEST_REGION}/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
          'x-amz-date': '20260101T000000Z',
        },
      });
      expect(forged.status).toBe(403);
    });

    it('serves a page from the bucket through the URL the API signed, with nginx signing its request', async () => {
      const verifiedBefore = gate.verified;
      const res = await fetch(signed());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
      expect(res.headers.get('x-amz-request-id')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(page)).toBe(true);
      expect(gate.verified).toBe(verifiedBefore + 1);
    });

    it('refuses a page without a signature, with a tampered one, expired, or for another key: 403, the bucket not asked', async () => {
      const asked = gate.verified + gate.refused;
      const good = new URL(signed());
      const tampered = new URL(good);
      const sig = good.searchParams.get('sig') ?? '';
      tampered.searchParams.set('sig', `${sig.startsWith('x') ? 'y' : 'x'}${sig.slice(1)}`);
      for (const url of [
        `${base}/images/${pageKey}`,
        tampered.toString(),
        good.toString().replace('/001.jpg', '/002.jpg'),
        signed(Date.now() - 2 * t.config.imageUrlTtlSeconds * 1000),
      ]) {
        const res = await fetch(url);
        expect(res.status, url).toBe(403);
        expect(res.headers.get('content-type')).toBe('application/json');
        expect(await res.json()).toMatchObject({ status: 'error', response_code: 1001 });
      }
      expect(gate.verified + gate.refused).toBe(asked);
    });

    it('serves public art from the bucket without a signature', async () => {
      const res = await fetch(`${base}/images/${coverKey}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
      expect(Buffer.from(await res.arrayBuffer()).equals(cover)).toBe(true);
    });

    it('answers 404 with the envelope for a signed page that is not in the bucket', async () => {
      const url = new URL(t.app.container.mediaUrls.signedUrl(storageKeys.page(100005, 0xfeed, 9), Date.now()));
      const res = await fetch(`${base}${url.pathname}${url.search}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toMatchObject({ status: 'error', response_code: 1002 });
    });

    it('answers 503 with Retry-After while the bucket is down, and serves again once it is back', async () => {
      await s3.stop();
      try {
        const res = await fetch(signed());
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(res.headers.get('content-type')).toBe('application/json');
        expect(await res.json()).toMatchObject({ status: 'error', response_code: 1099 });
      } finally {
        await s3.start();
      }
      const again = await fetch(signed());
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(page)).toBe(true);
    });
  },
);

it.skipIf(nginxWithJsAvailable)('skips the nginx S3 front test: nginx or its js module is not installed', () => {
  expect(nginxWithJsAvailable).toBe(false);
});
