// One storage contract, two backends (architecture §6, ADR 038): the local directory and an S3 bucket
// (s3rver on loopback, through the AWS SDK). Then what only S3 can do wrong: the prefix, a stopped
// server and a slow one, each a clear StorageUnavailableError within the configured timeout.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '#src/repositories/s3-storage.repository.ts';
import {
  InvalidStorageKeyError,
  LocalDiskStorage,
  type StorageRepository,
} from '#src/repositories/storage.repository.ts';
import { StorageRangeError, StorageUnavailableError } from '#src/rules/storage.error.ts';
import { S3_TEST_CREDENTIALS, S3_TEST_REGION, startDelayingProxy, startS3Server, type TestS3Server } from '#test/s3.ts';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

let s3: TestS3Server;
let dir: string;
let prefixes = 0;

beforeAll(async () => {
  s3 = await startS3Server();
  dir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
});
afterAll(async () => {
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const backends: { name: string; open: () => StorageRepository }[] = [
  { name: 'local directory', open: () => new LocalDiskStorage(join(dir, `local-${++prefixes}`)) },
  { name: 'S3 bucket (s3rver on loopback)', open: () => s3.storage(`contract/run-${++prefixes}`) },
];

describe.each(backends)('storage contract: $name', ({ open }) => {
  let storage: StorageRepository;
  const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

  beforeAll(() => {
    storage = open();
  });
  afterAll(async () => {
    await storage.close();
  });

  it('answers reachable', async () => {
    await expect(storage.checkReachable()).resolves.toBeUndefined();
  });

  it('stores bytes and reads them back whole, with their size and time, in one call', async () => {
    await storage.put('episodes/100001/s0000beef/001.jpg', binary, 'image/jpeg');
    const object = await storage.findObject('episodes/100001/s0000beef/001.jpg');
    expect(object?.body.equals(binary)).toBe(true);
    expect(object).toMatchObject({ key: 'episodes/100001/s0000beef/001.jpg', bytes: 256 });
    expect(object?.modifiedAt).toBeGreaterThan(Date.UTC(2020, 0, 1));
    const info = await storage.findObjectInfo('episodes/100001/s0000beef/001.jpg');
    expect(info).toEqual({ key: 'episodes/100001/s0000beef/001.jpg', bytes: 256, modifiedAt: object?.modifiedAt });
  });

  it('replaces an object written again under its key', async () => {
    await storage.put('titles/10001/thumbnail.webp', Buffer.from('first cover'), 'image/webp');
    await storage.put('titles/10001/thumbnail.webp', Buffer.from('second'), 'image/webp');
    const object = await storage.findObject('titles/10001/thumbnail.webp');
    expect(object?.body.toString()).toBe('second');
    expect(object?.bytes).toBe(6);
  });

  it('streams an object, whole or a range of it', async () => {
    await storage.put('titles/10002/banner.webp', Buffer.from('0123456789'), 'image/webp');
    const whole = await storage.openObject('titles/10002/banner.webp');
    expect(whole).toMatchObject({ bytes: 10 });
    expect(whole?.range).toBeUndefined();
    expect(await text(whole!.body)).toBe('0123456789');

    const middle = await storage.openObject('titles/10002/banner.webp', { start: 2, end: 5 });
    expect(middle).toMatchObject({ bytes: 10, range: { start: 2, end: 5 } });
    expect(await text(middle!.body)).toBe('2345');

    const tail = await storage.openObject('titles/10002/banner.webp', { start: 7 });
    expect(tail?.range).toEqual({ start: 7, end: 9 });
    expect(await text(tail!.body)).toBe('789');

    const clipped = await storage.openObject('titles/10002/banner.webp', { start: 8, end: 99 });
    expect(clipped?.range).toEqual({ start: 8, end: 9 });
    expect(await text(clipped!.body)).toBe('89');

    const past = storage.openObject('titles/10002/banner.webp', { start: 10 });
    await expect(past).rejects.toBeInstanceOf(StorageRangeError);
    await expect(past).rejects.toMatchObject({ bytes: 10 });
  });

  it('answers undefined for a missing object and ignores deleting one', async () => {
    expect(await storage.findObject('episodes/404/s00000001/001.jpg')).toBeUndefined();
    expect(await storage.findObjectInfo('episodes/404/s00000001/001.jpg')).toBeUndefined();
    expect(await storage.openObject('episodes/404/s00000001/001.jpg')).toBeUndefined();
    expect(await storage.openObject('episodes/404/s00000001/001.jpg', { start: 0, end: 1 })).toBeUndefined();
    await expect(storage.delete('episodes/404/s00000001/001.jpg')).resolves.toBeUndefined();
  });

  it('deletes one object', async () => {
    await storage.put('magazines/7/cover.webp', Buffer.from('m'), 'image/webp');
    await storage.delete('magazines/7/cover.webp');
    expect(await storage.findObjectInfo('magazines/7/cover.webp')).toBeUndefined();
  });

  it('deletes by prefix: a folder, or a partial name, and nothing beside it', async () => {
    const keys = [
      'episodes/1/s00000001/001.jpg',
      'episodes/1/s00000001/thumbnail.webp',
      'episodes/10/s00000001/001.jpg',
      'titles/100/thumbnail.webp',
      'titles/1001/thumbnail.webp',
      'titles/2001/thumbnail.webp',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.deletePrefix('episodes/1/');
    await storage.deletePrefix('titles/100');
    const left = [];
    for (const key of keys) if (await storage.findObjectInfo(key)) left.push(key);
    expect(left).toEqual(['episodes/10/s00000001/001.jpg', 'titles/2001/thumbnail.webp']);
  });

  it('refuses keys that could leave the store before touching it', async () => {
    for (const key of ['../secret', 'a//b', '/abs', 'a/./b', 'a b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.findObject(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe('local directory failures', () => {
  it('is not reachable when its directory cannot be made', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    await expect(new LocalDiskStorage(join(file, 'storage')).checkReachable()).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});

describe('S3 bucket specifics', () => {
  it('keeps every object under its prefix, apart from another prefix in the same bucket', async () => {
    const a = s3.storage('site-a/images');
    const b = s3.storage('site-b');
    try {
      await a.put('titles/10001/thumbnail.webp', Buffer.from('a'), 'image/webp');
      expect(await b.findObject('titles/10001/thumbnail.webp')).toBeUndefined();
      await b.put('titles/10001/thumbnail.webp', Buffer.from('b'), 'image/webp');
      await a.deletePrefix('titles/');
      expect((await b.findObject('titles/10001/thumbnail.webp'))?.body.toString()).toBe('b');
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: S3_TEST_REGION,
        credentials: { ...S3_TEST_CREDENTIALS },
        forcePathStyle: true,
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'site-' }));
      expect(listed.Contents?.map((object) => object.Key)).toEqual(['site-b/titles/10001/thumbnail.webp']);
      client.destroy();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('reports a bucket that does not exist as unreachable', async () => {
    const missing = new S3Storage({
      bucket: 'no-such-bucket',
      prefix: '',
      endpoint: s3.endpoint,
      region: S3_TEST_REGION,
      credentials: S3_TEST_CREDENTIALS,
      forcePathStyle: true,
      timeoutMs: 2000,
    });
    try {
      await expect(missing.checkReachable()).rejects.toThrow(/S3 check of bucket no-such-bucket failed: NotFound/);
      await expect(missing.findObject('titles/1/thumbnail.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await missing.close();
    }
  });

  it('fails every call with StorageUnavailableError while the server is stopped, and recovers when it is back', async () => {
    const storage = s3.storage('outage', { timeoutMs: 1500 });
    try {
      await storage.put('titles/10003/thumbnail.webp', Buffer.from('cover'), 'image/webp');
      await s3.stop();
      const calls: [string, () => Promise<unknown>][] = [
        ['read', () => storage.findObject('titles/10003/thumbnail.webp')],
        ['open', () => storage.openObject('titles/10003/thumbnail.webp')],
        ['stat', () => storage.findObjectInfo('titles/10003/thumbnail.webp')],
        ['put', () => storage.put('titles/10003/banner.webp', Buffer.from('b'), 'image/webp')],
        ['delete', () => storage.delete('titles/10003/thumbnail.webp')],
        ['delete', () => storage.deletePrefix('titles/')],
        ['check', () => storage.checkReachable()],
      ];
      for (const [name, call] of calls) {
        const error = await call().then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error, name).toBeInstanceOf(StorageUnavailableError);
        expect((error as Error).message).toMatch(new RegExp(`^S3 ${name} of `));
        expect((error as Error).message).not.toContain(S3_TEST_CREDENTIALS.secretAccessKey);
      }
      await s3.start();
      expect((await storage.findObject('titles/10003/thumbnail.webp'))?.body.toString()).toBe('cover');
    } finally {
      await s3.start();
      await storage.close();
    }
  });

  it('gives up on a slow store after its timeout with StorageUnavailableError', async () => {
    const proxy = await startDelayingProxy(s3.port, 0);
    const storage = s3.storage('slow', { endpoint: proxy.endpoint, timeoutMs: 400 });
    try {
      await storage.put('titles/10004/thumbnail.webp', Buffer.from('cover'), 'image/webp');
      proxy.delayMs = 5000;
      for (const call of [
        () => storage.findObject('titles/10004/thumbnail.webp'),
        () => storage.findObjectInfo('titles/10004/thumbnail.webp'),
        () => storage.checkReachable(),
      ]) {
        await expect(call()).rejects.toThrow(/no answer within 400 ms/);
      }
      proxy.delayMs = 0;
      expect((await storage.findObject('titles/10004/thumbnail.webp'))?.body.toString()).toBe('cover');
    } finally {
      await storage.close();
      await proxy.close();
    }
  });
});
