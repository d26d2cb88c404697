// The API on an S3 bucket (ADR 038), with s3rver on loopback as the store: an import (the ingest
// service the console will use, and `npm run import`) writes into the bucket and nothing onto the
// process's disk; the viewer's signed page URLs serve exactly the bucket's bytes, which descramble to
// the imported page; cover art streams. A missing object is 404 for that image; a stopped or slow store
// is 503 (1099, Retry-After) for that image within the timeout while the rest of the API answers,
// `/readyz` is 503 until the store is back, and hot pages keep being served from memory.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { tileRects } from '@manga/contracts';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { createDemoSeedService } from '#src/demo/demo-seeder.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { S3_TEST_CREDENTIALS, S3_TEST_REGION, startDelayingProxy, startS3Server, type TestS3Server } from '#test/s3.ts';

const images = new SharpImageProcessor();

async function jpegPage(index: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="710"><rect width="500" height="710" fill="#fff"/><rect x="20" y="20" width="460" height="300" fill="none" stroke="#000" stroke-width="6"/><circle cx="${100 + index * 60}" cy="500" r="90" fill="#c33"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

let s3: TestS3Server;
let client: S3Client;
let dir: string;
let cbz: string;
const sources: Buffer[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: S3_TEST_REGION,
    credentials: { ...S3_TEST_CREDENTIALS },
    forcePathStyle: true,
  });
  dir = mkdtempSync(join(tmpdir(), 'api-s3-'));
  for (const index of [1, 2, 3]) sources.push(await jpegPage(index));
  cbz = join(dir, 'chapter.cbz');
  writeFileSync(cbz, zipSync({ 'p1.jpg': sources[0]!, 'p2.jpg': sources[1]!, 'p3.jpg': sources[2]! }));
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function bucketObject(key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

const local = (url: string) => url.replace('http://api.test', '');

/** The viewer's page URLs of an episode. */
async function viewerPages(t: TestApp, episodeId: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/web/episode/viewer?episode_id=${episodeId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().page_list as string[];
}

/** Each page through its signed URL: the bucket's bytes under `prefix`, descrambling to its source. */
async function expectPagesServedFromBucket(t: TestApp, episodeId: number, prefix: string): Promise<void> {
  const urls = await viewerPages(t, episodeId);
  const rows = await t.database.db
    .selectFrom('page')
    .selectAll()
    .where('episode_id', '=', episodeId)
    .orderBy('page_number')
    .execute();
  const episode = await t.database.db
    .selectFrom('episode')
    .select('scramble_seed')
    .where('id', '=', episodeId)
    .executeTakeFirstOrThrow();
  expect(urls).toHaveLength(rows.length);
  for (const [i, row] of rows.entries()) {
    expect(urls[i]).toContain(`/images/${row.storage_key}?expires=`);
    const res = await t.app.inject({ method: 'GET', url: local(urls[i]!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(await bucketObject(`${prefix}/${row.storage_key}`))).toBe(true);
    expect(res.rawPayload.length).toBe(row.bytes);
    const stored = await images.decode(res.rawPayload);
    expect([stored.width, stored.height]).toEqual([row.width, row.height]);
    const restored = images.moveTiles(stored, tileRects(stored.width, stored.height, episode.scramble_seed, 'v1'));
    const [original] = await t.app.container.services.ingest.normalisePages([sources[i]!]);
    expect(meanDiff(restored.data, original!.pixels.data)).toBeLessThan(4);
  }
}

describe('the API with its images in an S3 bucket', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...s3.config('api', { timeoutMs: 1500 }), imageCacheMaxBytes: 8 * 1024 * 1024 });
  });
  afterAll(() => t?.close());

  it('imports a .cbz into the bucket and serves the viewer its signed page bytes, with nothing on local disk', async () => {
    const result = await t.app.container.services.episodeImport.importEpisode({
      source: cbz,
      titleId: 54321,
      episodeId: 900001,
      titleName: 'Tales from the Bucket',
    });
    expect(result).toMatchObject({ titleCreated: true, pageCount: 3 });
    await expectPagesServedFromBucket(t, 900001, 'api');
    for (const folder of ['episodes', 'titles']) expect(existsSync(join(t.config.storageDir, folder))).toBe(false);
  });

  it('streams cover art from the bucket with its length and ETag, and answers 304 to it', async () => {
    const key = 'titles/54321/thumbnail.webp';
    const res = await t.app.inject({ method: 'GET', url: `/images/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const stored = await bucketObject(`api/${key}`);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(res.headers['content-length']).toBe(String(stored.length));
    const again = await t.app.inject({
      method: 'GET',
      url: `/images/${key}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 with the envelope for a page whose object is missing', async () => {
    const page = await t.database.db
      .selectFrom('page')
      .select('storage_key')
      .where('episode_id', '=', 900001)
      .where('page_number', '=', 2)
      .executeTakeFirstOrThrow();
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `api/${page.storage_key}` }));
    const signed = local(t.app.container.mediaUrls.signedUrl(page.storage_key, t.clock.now()));
    const fresh = await createTestApp({ ...s3.config('api') }, t.database);
    try {
      const res = await fresh.app.inject({ method: 'GET', url: signed });
      // A fresh process has nothing in memory; its own signer has another secret, so sign again.
      expect(res.statusCode).toBe(403);
      const url = local(fresh.app.container.mediaUrls.signedUrl(page.storage_key, fresh.clock.now()));
      const missing = await fresh.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ status: 'error', response_code: 1002 });
    } finally {
      await fresh.close();
    }
  });

  it('while the store is stopped: 503 for an image, the catalogue answers, readyz is 503; all well once it is back', async () => {
    const [first] = await viewerPages(t, 900001); // read before: held in memory
    const page3 = await t.database.db
      .selectFrom('page')
      .select('storage_key')
      .where('episode_id', '=', 900001)
      .where('page_number', '=', 3)
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await s3.stop();
    try {
      const cold = await t.app.inject({ method: 'GET', url: '/images/titles/54321/banner.webp' });
      expect(cold.statusCode).toBe(503);
      expect(cold.headers['retry-after']).toBe('5');
      expect(cold.json()).toMatchObject({ status: 'error', response_code: 1099 });
      expect(cold.json().error_message).toBe('image storage is unavailable; try again shortly');

      const hot = await t.app.inject({ method: 'GET', url: local(first!) });
      expect(hot.statusCode).toBe(200); // the hot-image cache still answers pages read before

      const title = await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=54321' });
      expect(title.statusCode).toBe(200);
      expect(title.json().title_list).toHaveLength(1);
      const viewer = await t.app.inject({ method: 'GET', url: '/web/episode/viewer?episode_id=900001' });
      expect(viewer.statusCode).toBe(200);

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ response_code: 1099, error_message: 'image storage unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'GET',
      url: local(t.app.container.mediaUrls.signedUrl(page3.storage_key, t.clock.now())),
    });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(await bucketObject(`api/${page3.storage_key}`))).toBe(true);
  });

  it('gives a slow store up after its timeout: 503 for the image, never a hung request', async () => {
    const proxy = await startDelayingProxy(s3.port, 0);
    const slow = await createTestApp({ ...s3.config('api', { endpoint: proxy.endpoint, timeoutMs: 500 }) }, t.database);
    try {
      expect((await slow.app.inject({ method: 'GET', url: '/images/titles/54321/feature.webp' })).statusCode).toBe(200);
      proxy.delayMs = 5000;
      const res = await slow.app.inject({ method: 'GET', url: '/images/titles/54321/feature.webp' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', response_code: 1099 });
      expect((await slow.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await slow.app.inject({ method: 'GET', url: '/title/list?title_id_list=54321' })).statusCode).toBe(200);
    } finally {
      await slow.close();
      await proxy.close();
    }
  });
});

describe('npm run import with MANGA_STORAGE_URL', () => {
  it('writes the episode into the bucket, and the API serves its pages from there', async () => {
    const databaseUrl = `sqlite:${join(dir, 'cli.db')}`;
    // Asynchronous: the S3 server runs in this process and must keep answering.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((settle) => {
      const child = execFile(
        join(repositoryRoot, 'node_modules/.bin/tsx'),
        ['src/cli/import.cli.ts', cbz, '--title', '54322', '--episode', '900002', '--title-name', 'CLI Tales'],
        {
          cwd: join(repositoryRoot, 'apps/api'),
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            MANGA_DATA_DIR: dir,
            MANGA_DATABASE_URL: databaseUrl,
            MANGA_STORAGE_URL: `s3://${s3.bucket}/cli`,
            MANGA_S3_ENDPOINT: s3.endpoint,
            MANGA_S3_REGION: S3_TEST_REGION,
            MANGA_S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
            MANGA_S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
            MANGA_S3_FORCE_PATH_STYLE: 'true',
          },
        },
        (_error, stdout, stderr) => settle({ status: child.exitCode, stdout, stderr }),
      );
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Imported episode 900002 of title 54322 \(new title\): 3 pages/);
    expect(existsSync(join(dir, 'storage'))).toBe(false);

    const database = createDatabase({ url: databaseUrl });
    const t = await createTestApp({ ...s3.config('cli') }, database);
    try {
      t.clock.set(Date.now() + 60_000); // the CLI dated the episode by the real clock
      await expectPagesServedFromBucket(t, 900002, 'cli');
    } finally {
      await t.close();
      await database.close();
    }
  });
});

describe('the demo seeder with MANGA_STORAGE_URL', () => {
  it('draws the catalogue into the bucket, replaces it there on --force, and the API serves it', async () => {
    const t = await createTestApp({ ...s3.config('seed') });
    try {
      const seeder = () =>
        createDemoSeedService(
          { config: t.config, database: t.database, clock: t.clock },
          {
            titleCount: 2,
            minEpisodes: 2,
            pagesPerEpisode: { min: 1, max: 2 },
            pagesPerPalette: 2,
            pageWidth: 128,
            pageHeight: 192,
          },
        );
      const report = await seeder().seedIfEmpty(() => undefined);
      expect(report).toMatchObject({ titles: 2 });
      const keysOf = async () =>
        (
          await t.database.db
            .selectFrom('page')
            .innerJoin('episode', 'episode.id', 'page.episode_id')
            .select(['page.storage_key', 'episode.id'])
            .orderBy('page.storage_key')
            .execute()
        ).map((row) => row.storage_key);
      const before = await keysOf();
      expect(before.length).toBeGreaterThan(0);
      for (const key of before) expect((await bucketObject(`seed/${key}`)).length).toBeGreaterThan(0);
      expect(existsSync(join(t.config.storageDir, 'episodes'))).toBe(false);

      // --force clears the demo prefixes in the bucket before drawing again.
      const { storage } = t.app.container.repositories;
      const stray = 'episodes/999999/s00000001/001.jpg';
      await storage.put(stray, Buffer.from('left over'), 'image/jpeg');
      await seeder().reseed(() => undefined);
      expect(await storage.findObjectInfo(stray)).toBeUndefined();
      expect(await keysOf()).toEqual(before);
      for (const key of before) expect(await storage.findObjectInfo(key), key).toBeDefined();
      const first = await t.database.db
        .selectFrom('page')
        .select('storage_key')
        .orderBy('storage_key')
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'GET',
        url: local(t.app.container.mediaUrls.signedUrl(first.storage_key, t.clock.now())),
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(await bucketObject(`seed/${first.storage_key}`))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
