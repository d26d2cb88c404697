// The data saver's light tier (issue 28, ADR 055), on a local directory and on an S3 bucket (s3rver on
// loopback): an import stores both tiers; the web viewer serves the light one for `Save-Data: on` or
// `image_quality=light` (the parameter wins either way) and says which it served, with `Vary:
// Save-Data`; light pages are smaller, signed like standard ones and descramble with the same seed;
// entitlement is the same for both; a chapter is never served half light; `makeMissingLightTiers`
// (`npm run images:light`) makes the tier of chapters imported before it, through the real repository.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ResponseCode, tileRects } from '@manga/contracts';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { S3_TEST_CREDENTIALS, S3_TEST_REGION, startS3Server, type TestS3Server } from '#test/s3.ts';

const images = new SharpImageProcessor();
const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
const local = (url: string) => url.replace('http://api.test', '');

async function jpegPage(index: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1420"><rect width="1000" height="1420" fill="#fff"/><rect x="40" y="40" width="920" height="600" fill="none" stroke="#000" stroke-width="10"/><circle cx="${200 + index * 120}" cy="1000" r="180" fill="#c33"/><text x="80" y="1350" font-size="90">Page ${index}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

let dir: string;
let cbz: string;
let s3: TestS3Server;
let client: S3Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'api-data-saver-'));
  const pages = await Promise.all([1, 2, 3].map(jpegPage));
  cbz = join(dir, 'chapter.cbz');
  writeFileSync(cbz, zipSync(Object.fromEntries(pages.map((bytes, i) => [`p${i + 1}.jpg`, bytes]))));
  s3 = await startS3Server();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: S3_TEST_REGION,
    credentials: { ...S3_TEST_CREDENTIALS },
    forcePathStyle: true,
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const FREE_EPISODE = 910001;
const PAID_EPISODE = 910002;

for (const store of ['a local directory', 'an S3 bucket'] as const) {
  describe(`the data saver tier on ${store}`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(store === 'an S3 bucket' ? s3.config('saver') : {});
      const importer = t.app.container.services.episodeImport;
      await importer.importEpisode({
        source: cbz,
        titleId: 54001,
        episodeId: FREE_EPISODE,
        titleName: 'Light Reading',
      });
      await importer.importEpisode({ source: cbz, titleId: 54001, episodeId: PAID_EPISODE, point: 80 });
    });
    afterAll(() => t?.close());

    const viewer = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/web/episode/viewer?${query}`, headers });

    const storedBytes = async (key: string) => {
      if (store === 'a local directory') return (await t.app.container.repositories.storage.findObject(key))!.body;
      const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `saver/${key}` }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    };

    it('serves the standard tier by default and the light one for Save-Data: on, saying which, varying on Save-Data', async () => {
      const standard = await viewer(`episode_id=${FREE_EPISODE}`);
      const light = await viewer(`episode_id=${FREE_EPISODE}`, { 'save-data': 'on' });
      for (const res of [standard, light]) {
        expect(res.statusCode, res.body).toBe(200);
        expect(String(res.headers.vary)).toMatch(/\bSave-Data\b/);
      }
      expect(standard.json()).toMatchObject({ image_quality: 'standard' });
      expect(light.json()).toMatchObject({ image_quality: 'light' });
      const standardUrls: string[] = standard.json().page_list;
      const lightUrls: string[] = light.json().page_list;
      expect(lightUrls).toHaveLength(3);
      // Different URLs per tier: no cache keyed on the URL can hand out one tier for the other.
      for (const [i, url] of lightUrls.entries()) {
        expect(url).toMatch(/\/images\/episodes\/910001\/s[0-9a-f]{8}\/light\/00\d\.jpg\?expires=\d+&sig=/);
        expect(standardUrls[i]).not.toContain('/light/');
      }
      expect(light.json().page_size_list[0]).toEqual({ width: 576, height: 832 });
      expect(standard.json().page_size_list[0]).toEqual({ width: 960, height: 1344 });
      // The scramble seed is the same: the client descrambles both tiers alike.
      expect(light.json().scramble_seed).toBe(standard.json().scramble_seed);
    });

    it('lets image_quality override Save-Data either way, and refuses an unknown quality', async () => {
      const asked = await viewer(`episode_id=${FREE_EPISODE}&image_quality=light`);
      expect(asked.json().image_quality).toBe('light');
      const overridden = await viewer(`episode_id=${FREE_EPISODE}&image_quality=standard`, { 'save-data': 'on' });
      expect(overridden.json().image_quality).toBe('standard');
      for (const bad of ['high', 'LIGHT', '', '1']) {
        const res = await viewer(`episode_id=${FREE_EPISODE}&image_quality=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
      }
    });

    it('serves light pages only through signed URLs, smaller, byte for byte from the store, descrambling with the seed', async () => {
      const standard = (await viewer(`episode_id=${FREE_EPISODE}`)).json();
      const light = (await viewer(`episode_id=${FREE_EPISODE}&image_quality=light`)).json();
      const seed = (
        await t.database.db
          .selectFrom('episode')
          .select('scramble_seed')
          .where('id', '=', FREE_EPISODE)
          .executeTakeFirstOrThrow()
      ).scramble_seed;
      let standardTotal = 0;
      let lightTotal = 0;
      for (const [i, url] of (light.page_list as string[]).entries()) {
        const lightRes = await t.app.inject({ method: 'GET', url: local(url) });
        const standardRes = await t.app.inject({ method: 'GET', url: local(standard.page_list[i]) });
        expect(lightRes.statusCode).toBe(200);
        expect(lightRes.headers['content-type']).toBe('image/jpeg');
        expect(lightRes.headers['cache-control']).toBe(`public, max-age=${t.config.imageUrlTtlSeconds}, immutable`);
        const key = new URL(url).pathname.replace('/images/', '');
        expect(lightRes.rawPayload.equals(await storedBytes(key))).toBe(true);
        standardTotal += standardRes.rawPayload.length;
        lightTotal += lightRes.rawPayload.length;

        const stored = await images.decode(lightRes.rawPayload);
        expect([stored.width, stored.height]).toEqual([576, 832]);
        const restored = images.moveTiles(stored, tileRects(576, 832, seed, 'v1'));
        const reference = await images.decode(standardRes.rawPayload);
        const unscrambled = images.moveTiles(reference, tileRects(960, 1344, seed, 'v1'));
        const expected = await images.shrinkPage(unscrambled, { targetWidth: 576, multiple: 64 });
        expect(meanDiff(restored.data, expected.data)).toBeLessThan(4);
        expect(meanDiff(stored.data, expected.data)).toBeGreaterThan(meanDiff(restored.data, expected.data) * 2);

        const unsigned = await t.app.inject({ method: 'GET', url: `/images/${key}` });
        const tampered = await t.app.inject({ method: 'GET', url: local(url).replace('sig=', 'sig=0') });
        // A standard page's signature does not open the light page (the key is signed).
        const borrowed = await t.app.inject({
          method: 'GET',
          url: `/images/${key}${new URL(standard.page_list[i]).search}`,
        });
        for (const res of [unsigned, tampered, borrowed]) expect(res.statusCode).toBe(403);
      }
      expect(lightTotal).toBeLessThan(standardTotal * 0.6);
    });

    it('opens a paid chapter in neither tier to a reader who may not, and says the same thing', async () => {
      for (const query of ['', '&image_quality=light', '&image_quality=standard']) {
        const res = await viewer(`episode_id=${PAID_EPISODE}${query}`, { 'save-data': 'on' });
        expect(res.statusCode).toBe(400);
        expect(res.json().response_code).toBe(ResponseCode.EpisodeUnpurchased);
      }
    });

    it('never serves a chapter half light, and makes the missing tier of an older chapter', async () => {
      const { db } = t.database;
      const page = await db
        .selectFrom('page')
        .selectAll()
        .where('episode_id', '=', FREE_EPISODE)
        .where('page_number', '=', 2)
        .executeTakeFirstOrThrow();
      await t.app.container.repositories.storage.delete(page.light_storage_key!);
      await db
        .updateTable('page')
        .set({ light_width: null, light_height: null, light_bytes: null, light_storage_key: null })
        .where('id', '=', page.id)
        .execute();
      const half = (await viewer(`episode_id=${FREE_EPISODE}`, { 'save-data': 'on' })).json();
      expect(half.image_quality).toBe('standard');
      expect((half.page_list as string[]).some((url) => url.includes('/light/'))).toBe(false);

      const made = await t.app.container.services.lightTier.makeMissingLightTiers();
      expect(made).toMatchObject({ episodes: 1, pages: 3 });
      const whole = (await viewer(`episode_id=${FREE_EPISODE}`, { 'save-data': 'on' })).json();
      expect(whole.image_quality).toBe('light');
      const res = await t.app.inject({ method: 'GET', url: local(whole.page_list[1]) });
      expect(res.statusCode).toBe(200);
      expect(await t.app.container.services.lightTier.makeMissingLightTiers()).toEqual({
        episodes: 0,
        pages: 0,
        bytes: 0,
      });
    });

    it('deletes both tiers of a chapter when it is imported again', async () => {
      const before = await t.database.db
        .selectFrom('page')
        .select(['storage_key', 'light_storage_key'])
        .where('episode_id', '=', FREE_EPISODE)
        .execute();
      await t.app.container.services.episodeImport.importEpisode({
        source: cbz,
        titleId: 54001,
        episodeId: FREE_EPISODE,
      });
      const storage = t.app.container.repositories.storage;
      for (const row of before) {
        expect(await storage.findObjectInfo(row.storage_key)).toBeUndefined();
        expect(await storage.findObjectInfo(row.light_storage_key!)).toBeUndefined();
      }
      expect((await viewer(`episode_id=${FREE_EPISODE}&image_quality=light`)).json().image_quality).toBe('light');
    });
  });
}
