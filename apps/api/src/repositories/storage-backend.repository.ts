// Which storage a process uses, from configuration (ADR 038): the S3-compatible bucket of
// MANGA_STORAGE_URL when set, else the local directory MANGA_STORAGE_DIR. The API's container, the
// import CLI and the seeder all open it here, so imports, the viewer and the image route agree.
import type { Config } from '#src/config.ts';
import { S3Storage } from '#src/repositories/s3-storage.repository.ts';
import { LocalDiskStorage, type StorageRepository } from '#src/repositories/storage.repository.ts';

export type StorageSettings = Pick<Config, 'storageDir' | 'objectStorage' | 'storageTimeoutMs'>;

export function openStorage(config: StorageSettings): StorageRepository {
  const bucket = config.objectStorage;
  if (!bucket) return new LocalDiskStorage(config.storageDir);
  return new S3Storage({
    bucket: bucket.bucket,
    prefix: bucket.prefix,
    endpoint: bucket.endpoint,
    region: bucket.region,
    credentials: bucket.credentials,
    forcePathStyle: bucket.forcePathStyle,
    timeoutMs: config.storageTimeoutMs,
  });
}
