// Which store a process opens (ADR 038): the local directory unless MANGA_STORAGE_URL names a bucket;
// bad settings refuse to start, and no message or location carries the secret key.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#src/config.ts';
import { S3Storage } from '#src/repositories/s3-storage.repository.ts';
import { LocalDiskStorage } from '#src/repositories/storage.repository.ts';
import { openStorage } from '#src/repositories/storage-backend.repository.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const s3Env = {
  MANGA_STORAGE_URL: 's3://manga-images/prod/pages/',
  MANGA_S3_ENDPOINT: 'http://minio.internal:9000/',
  MANGA_S3_REGION: 'eu-central-1',
  MANGA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  MANGA_S3_SECRET_ACCESS_KEY: SECRET,
  MANGA_S3_FORCE_PATH_STYLE: 'true',
  MANGA_STORAGE_TIMEOUT_MS: '2500',
};

describe('storage configuration', () => {
  it('keeps the local directory by default, with a 5 s store timeout', () => {
    const config = loadConfig({ MANGA_DATA_DIR: '/srv/manga' });
    expect(config.objectStorage).toBeUndefined();
    expect(config.storageTimeoutMs).toBe(5000);
    const storage = openStorage(config);
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect(storage.location).toBe('directory /srv/manga/storage');
  });

  it('opens the bucket of MANGA_STORAGE_URL with its endpoint, region, credentials and prefix', async () => {
    const config = loadConfig(s3Env);
    expect(config.objectStorage).toEqual({
      bucket: 'manga-images',
      prefix: 'prod/pages',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET },
      forcePathStyle: true,
    });
    expect(config.storageTimeoutMs).toBe(2500);
    const storage = openStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.location).toBe('s3://manga-images/prod/pages at http://minio.internal:9000');
    await storage.close();
  });

  it('takes a bucket without a prefix, on AWS by region, with the SDK’s own credentials', () => {
    const config = loadConfig({ MANGA_STORAGE_URL: 's3://manga-images', MANGA_S3_REGION: 'ap-northeast-1' });
    expect(config.objectStorage).toMatchObject({
      bucket: 'manga-images',
      prefix: '',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(openStorage(config).location).toBe('s3://manga-images/ in ap-northeast-1');
  });

  it('refuses a bad storage URL, half the credentials, or a bad timeout, never echoing the secret', () => {
    const refusals: Record<string, string | undefined>[] = [
      { ...s3Env, MANGA_STORAGE_URL: 'http://manga-images/prod' },
      { ...s3Env, MANGA_STORAGE_URL: 's3://Manga_Images' },
      { ...s3Env, MANGA_STORAGE_URL: 's3://manga-images/../other' },
      { ...s3Env, MANGA_S3_ACCESS_KEY_ID: undefined },
      { ...s3Env, MANGA_S3_SECRET_ACCESS_KEY: undefined },
      { ...s3Env, MANGA_S3_ENDPOINT: 'minio:9000' },
      { ...s3Env, MANGA_STORAGE_TIMEOUT_MS: '0' },
      { ...s3Env, MANGA_S3_FORCE_PATH_STYLE: 'maybe' },
    ];
    for (const env of refusals) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (thrown) {
        error = thrown;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain(SECRET);
    }
  });
});
