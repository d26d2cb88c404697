import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StorageRangeError, StorageUnavailableError } from '#src/rules/storage.error.ts';

/** What `findObjectInfo` reports about a stored object. */
export interface StoredObjectInfo {
  key: string;
  bytes: number;
  modifiedAt: number; // epoch milliseconds
}

/** A whole object read in one call: its bytes and what `findObjectInfo` would say. */
export interface StoredObject extends StoredObjectInfo {
  body: Buffer;
}

/** Bytes `start` to `end` (inclusive; `end` left out or past the end: to the last byte). */
export interface ByteRange {
  start: number;
  end?: number;
}

/** An object opened for streaming; `range` is the part `body` holds when a range was asked. */
export interface StoredObjectStream extends StoredObjectInfo {
  body: Readable;
  range?: { start: number; end: number };
}

/**
 * Object storage for images, addressed by slash-separated keys such as
 * `titles/10001/thumbnail.webp` or `episodes/100001/s0000beef/001.jpg` (ADR 038): a local
 * directory (the default) or an S3-compatible bucket (`S3Storage`). One contract suite runs against
 * both (`test/integration/storage.contract.test.ts`). Reads answer undefined for a missing object;
 * a store that cannot answer (down, slow past its timeout, refusing) throws `StorageUnavailableError`.
 */
export interface StorageRepository {
  /** Where objects live, for logs and messages (never a credential). */
  readonly location: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The whole object with its size and time (one call), or undefined when there is none. */
  findObject(key: string): Promise<StoredObject | undefined>;
  /**
   * The object as a stream, or a range of it; undefined when there is none. A range starting past
   * the last byte throws `StorageRangeError` with the object's size.
   */
  openObject(key: string, range?: ByteRange): Promise<StoredObjectStream | undefined>;
  /** The object's size and time, or undefined when there is none. */
  findObjectInfo(key: string): Promise<StoredObjectInfo | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a folder-like prefix ending in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Resolves when the store answers (the directory or the bucket is there); else throws StorageUnavailableError. */
  checkReachable(): Promise<void>;
  /** Releases connections (the S3 client's sockets); the repository is not used after. */
  close(): Promise<void>;
}

/** The inclusive bounds of `range` over an object of `bytes`, or undefined when it starts past the end. */
export function resolveByteRange(range: ByteRange, bytes: number): { start: number; end: number } | undefined {
  if (!Number.isInteger(range.start) || range.start < 0 || (range.end !== undefined && range.end < range.start)) {
    throw new RangeError(`Invalid byte range ${range.start}-${range.end ?? ''}`);
  }
  if (range.start >= bytes) return undefined;
  return { start: range.start, end: Math.min(range.end ?? bytes - 1, bytes - 1) };
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

  get location(): string {
    return `directory ${this.rootDir}`;
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

  async findObject(key: string): Promise<StoredObject | undefined> {
    const file = this.fileFor(key);
    try {
      // One open file: the size and time belong to the bytes read.
      const handle = await open(file, 'r');
      try {
        const info = await handle.stat();
        if (!info.isFile()) return undefined;
        const body = await handle.readFile();
        return { key, bytes: body.length, modifiedAt: Math.floor(info.mtimeMs), body };
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isNotFound(error) || isDirectory(error)) return undefined;
      throw unavailable('read', key, error);
    }
  }

  async openObject(key: string, range?: ByteRange): Promise<StoredObjectStream | undefined> {
    const file = this.fileFor(key);
    try {
      const handle = await open(file, 'r');
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      const base = { key, bytes: info.size, modifiedAt: Math.floor(info.mtimeMs) };
      const bounds = range ? resolveByteRange(range, info.size) : undefined;
      if (range && !bounds) {
        await handle.close();
        throw new StorageRangeError(key, info.size);
      }
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      const body = createReadStream(file, { fd: handle, start: bounds?.start, end: bounds?.end });
      return bounds ? { ...base, body, range: bounds } : { ...base, body };
    } catch (error) {
      if (error instanceof StorageRangeError) throw error;
      if (isNotFound(error) || isDirectory(error)) return undefined;
      throw unavailable('open', key, error);
    }
  }

  async close(): Promise<void> {}

  async checkReachable(): Promise<void> {
    try {
      await mkdir(this.rootDir, { recursive: true });
      await access(this.rootDir, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new StorageUnavailableError(
        `Storage directory ${this.rootDir} is not usable: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  async findObjectInfo(key: string): Promise<StoredObjectInfo | undefined> {
    const file = this.fileFor(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { key, bytes: info.size, modifiedAt: Math.floor(info.mtimeMs) } : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw unavailable('stat', key, error);
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
  readonly location = 'memory';
  readonly objects = new Map<string, { bytes: Buffer; contentType: string; modifiedAt: number }>();

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertValidStorageKey(key);
    this.objects.set(key, { bytes: Buffer.from(bytes), contentType, modifiedAt: Date.now() });
  }

  async findObject(key: string): Promise<StoredObject | undefined> {
    assertValidStorageKey(key);
    const object = this.objects.get(key);
    return object ? { key, bytes: object.bytes.length, modifiedAt: object.modifiedAt, body: object.bytes } : undefined;
  }

  async openObject(key: string, range?: ByteRange): Promise<StoredObjectStream | undefined> {
    const object = await this.findObject(key);
    if (!object) return undefined;
    const { body, ...info } = object;
    if (!range) return { ...info, body: Readable.from([body]) };
    const bounds = resolveByteRange(range, body.length);
    if (!bounds) throw new StorageRangeError(key, body.length);
    return { ...info, body: Readable.from([body.subarray(bounds.start, bounds.end + 1)]), range: bounds };
  }

  async checkReachable(): Promise<void> {}

  async close(): Promise<void> {}

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
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function isDirectory(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EISDIR';
}

function unavailable(call: string, key: string, error: unknown): StorageUnavailableError {
  return new StorageUnavailableError(`Storage ${call} of ${key} failed: ${(error as Error).message}`, { cause: error });
}
