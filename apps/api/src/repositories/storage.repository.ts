import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What `findObjectInfo` reports about a stored object. */
export interface StoredObjectInfo {
  key: string;
  bytes: number;
  modifiedAt: number; // epoch milliseconds
}

/**
 * Object storage for images, addressed by slash-separated keys such as
 * `titles/10001/thumbnail.webp` or `episodes/100001/pages/001.jpg`.
 * Local disk today; an S3-compatible implementation can sit behind the same interface.
 */
export interface StorageRepository {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  findObject(key: string): Promise<Buffer | undefined>;
  /** The object's size and time, or undefined when there is none. */
  findObjectInfo(key: string): Promise<StoredObjectInfo | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a folder-like prefix ending in `/`). */
  deletePrefix(prefix: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Keys are relative, slash-separated, made of `[A-Za-z0-9._-]` segments, never `.` or `..`. */
export function assertValidStorageKey(key: string, { prefix = false } = {}): void {
  const body = prefix && key.endsWith('/') ? key.slice(0, -1) : key;
  const segments = body.split('/');
  const valid =
    body.length > 0 &&
    body.length <= 512 &&
    segments.every((segment) => KEY_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new InvalidStorageKeyError(key);
}

/** Stores objects as files under `rootDir`; writes go to a temp file first and are renamed into place. */
export class LocalDiskStorage implements StorageRepository {
  readonly rootDir: string;
  private readonly createdDirs = new Set<string>();

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const file = this.fileFor(key);
    const dir = path.dirname(file);
    if (!this.createdDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.createdDirs.add(dir);
    }
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async findObject(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileFor(key));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async findObjectInfo(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const info = await stat(this.fileFor(key));
      return info.isFile() ? { key, bytes: info.size, modifiedAt: Math.floor(info.mtimeMs) } : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.fileFor(key));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (prefix === '') {
      await this.deleteAll();
      return;
    }
    assertValidStorageKey(prefix, { prefix: true });
    this.createdDirs.clear();
    if (prefix.endsWith('/')) {
      await rm(path.join(this.rootDir, prefix), { recursive: true, force: true });
      return;
    }
    // A partial name prefix such as `titles/100`: remove the matching entries of the parent folder.
    const parent = path.join(this.rootDir, path.posix.dirname(prefix));
    const base = path.posix.basename(prefix);
    const entries = await readdir(parent).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    });
    await Promise.all(
      entries
        .filter((name) => name.startsWith(base))
        .map((name) => rm(path.join(parent, name), { recursive: true, force: true })),
    );
  }

  /** Removes every stored object (the root folder itself stays). */
  async deleteAll(): Promise<void> {
    this.createdDirs.clear();
    const entries = await readdir(this.rootDir).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    });
    await Promise.all(entries.map((name) => rm(path.join(this.rootDir, name), { recursive: true, force: true })));
  }

  /** Absolute file path of a key (for serving with sendFile / streams). */
  fileFor(key: string): string {
    assertValidStorageKey(key);
    return path.join(this.rootDir, ...key.split('/'));
  }
}

/** In-memory storage for unit tests and dry runs. */
export class MemoryStorage implements StorageRepository {
  readonly objects = new Map<string, { bytes: Buffer; contentType: string; modifiedAt: number }>();

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertValidStorageKey(key);
    this.objects.set(key, { bytes: Buffer.from(bytes), contentType, modifiedAt: Date.now() });
  }

  async findObject(key: string): Promise<Buffer | undefined> {
    assertValidStorageKey(key);
    return this.objects.get(key)?.bytes;
  }

  async findObjectInfo(key: string): Promise<StoredObjectInfo | undefined> {
    assertValidStorageKey(key);
    const object = this.objects.get(key);
    return object ? { key, bytes: object.bytes.length, modifiedAt: object.modifiedAt } : undefined;
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    this.objects.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (prefix !== '') assertValidStorageKey(prefix, { prefix: true });
    for (const key of [...this.objects.keys()]) {
      if (key.startsWith(prefix)) this.objects.delete(key);
    }
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
