// Object storage in an S3-compatible bucket through the AWS SDK (ADR 038): AWS S3, Cloudflare R2,
// MinIO, Ceph RGW. Keys are the same as on disk, under the configured prefix. Every call has a
// deadline (connection, socket idle and the whole call, retries included); a missing object is
// undefined, anything else that keeps the bucket from answering is StorageUnavailableError. The SDK
// is loaded on the first call (about 0.4 s), so processes on the local directory never load it.
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  assertValidStorageKey,
  type ByteRange,
  InvalidStorageKeyError,
  resolveByteRange,
  type StorageRepository,
  type StoredObject,
  type StoredObjectInfo,
  type StoredObjectStream,
} from '#src/repositories/storage.repository.ts';
import { StorageRangeError, StorageUnavailableError } from '#src/rules/storage.error.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket, without leading or trailing slash ('' for none). */
  prefix: string;
  /** Endpoint URL (R2, MinIO, Ceph RGW, a test server); undefined for AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Static credentials; undefined lets the SDK find them (an IAM role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph RGW, test servers). */
  forcePathStyle: boolean;
  /** Longest time of one call, retries included; also the connection and socket idle timeout. */
  timeoutMs: number;
  /** Attempts per call (the SDK retries throttling, 5xx and network errors within the deadline). */
  maxAttempts?: number;
}

const MAX_DELETE_BATCH = 1000;

type Sdk = typeof import('@aws-sdk/client-s3');

/** The SDK's commands and the client, once loaded. */
interface S3 {
  sdk: Sdk;
  client: S3Client;
}

export class S3Storage implements StorageRepository {
  readonly location: string;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private connection: Promise<S3> | undefined;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix === '' ? '' : `${options.prefix}/`;
    this.timeoutMs = options.timeoutMs;
    this.location = `s3://${options.bucket}/${options.prefix}${options.endpoint ? ` at ${options.endpoint}` : ` in ${options.region}`}`;
  }

  /** Loads the SDK and makes the client on the first call. */
  private connect(): Promise<S3> {
    this.connection ??= this.createClient().catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }

  private async createClient(): Promise<S3> {
    const { options } = this;
    const [sdk, { NodeHttpHandler }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@smithy/node-http-handler'),
    ]);
    const agent = { keepAlive: true, maxSockets: 64 };
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // A copy: the SDK marks the object it is given, and configuration is frozen.
      credentials: options.credentials ? { ...options.credentials } : undefined,
      maxAttempts: options.maxAttempts ?? 3,
      // Checksums only where S3 requires them: R2, MinIO and Ceph RGW do not all take the newer
      // default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: new NodeHttpHandler({
        connectionTimeout: options.timeoutMs,
        socketTimeout: options.timeoutMs,
        httpAgent: new Agent(agent),
        httpsAgent: new HttpsAgent(agent),
      }),
    });
    return { sdk, client };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.call('put', key, (s3, abortSignal) =>
      s3.client.send(
        new s3.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
        { abortSignal },
      ),
    );
  }

  async findObject(key: string): Promise<StoredObject | undefined> {
    // The body is read within the same deadline as the call.
    return this.call('read', key, async (s3, abortSignal) => {
      const answer = await this.getObject(s3, key, undefined, abortSignal);
      if (!answer) return undefined;
      const body = await collect(answer.body, abortSignal);
      return { key, bytes: body.length, modifiedAt: answer.modifiedAt, body };
    });
  }

  async openObject(key: string, range?: ByteRange): Promise<StoredObjectStream | undefined> {
    if (range) resolveByteRange(range, Number.MAX_SAFE_INTEGER); // refuses a malformed range before the call
    // The deadline covers the answer's headers; the body then streams under the socket idle timeout.
    const answer = await this.call('open', key, (s3, abortSignal) => this.getObject(s3, key, range, abortSignal));
    if (!answer) return undefined;
    const { body, modifiedAt, bytes, contentRange } = answer;
    if (!range) return { key, bytes, modifiedAt, body };
    const total = contentRange?.total ?? bytes;
    const bounds = contentRange ?? { start: 0, end: bytes - 1, total: bytes };
    return { key, bytes: total, modifiedAt, body, range: { start: bounds.start, end: bounds.end } };
  }

  async findObjectInfo(key: string): Promise<StoredObjectInfo | undefined> {
    return this.call('stat', key, async (s3, abortSignal) => {
      try {
        const head = await s3.client.send(
          new s3.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
          {
            abortSignal,
          },
        );
        return { key, bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified?.getTime() ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    await this.call('delete', key, (s3, abortSignal) =>
      s3.client.send(new s3.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }), {
        abortSignal,
      }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (prefix !== '') assertValidStorageKey(prefix, { prefix: true });
    const fullPrefix = `${this.prefix}${prefix}`;
    let continuationToken: string | undefined;
    do {
      // One deadline per page of up to 1000 keys and its batch delete.
      continuationToken = await this.call('delete', `${prefix}*`, async (s3, abortSignal) => {
        const page = await s3.client.send(
          new s3.sdk.ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: fullPrefix,
            ContinuationToken: continuationToken,
            MaxKeys: MAX_DELETE_BATCH,
          }),
          { abortSignal },
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await s3.client.send(
            new s3.sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
            { abortSignal },
          );
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(`${failed.length} object(s) not deleted, first ${failed[0]?.Key}: ${failed[0]?.Code}`);
          }
        }
        return page.IsTruncated ? page.NextContinuationToken : undefined;
      });
    } while (continuationToken);
  }

  async checkReachable(): Promise<void> {
    await this.call('check', '', (s3, abortSignal) =>
      s3.client.send(new s3.sdk.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }),
    );
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    (await connection?.catch(() => undefined))?.client.destroy();
  }

  private objectKey(key: string): string {
    assertValidStorageKey(key);
    return `${this.prefix}${key}`;
  }

  private async getObject(s3: S3, key: string, range: ByteRange | undefined, abortSignal: AbortSignal) {
    try {
      const answer = await s3.client.send(
        new s3.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
        { abortSignal },
      );
      return {
        body: answer.Body as Readable,
        bytes: answer.ContentLength ?? 0,
        modifiedAt: answer.LastModified?.getTime() ?? 0,
        contentRange: parseContentRange(answer.ContentRange),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (range && statusOf(error) === 416) {
        const info = await this.findObjectInfo(key);
        if (!info) return undefined;
        throw new StorageRangeError(key, info.bytes);
      }
      throw error;
    }
  }

  /**
   * Runs one store call under the deadline: past `timeoutMs` it is aborted, and every failure but a
   * StorageRangeError becomes a StorageUnavailableError naming the call and the key (never a
   * credential). The timer stops once the call resolves (a body still streaming is under the socket
   * idle timeout).
   */
  private async call<T>(name: string, key: string, run: (s3: S3, abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    // Loading the SDK (once) is not a store call: the deadline starts after it.
    const s3 = await this.connect();
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new StorageTimeoutError(`no answer within ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    try {
      return await run(s3, controller.signal);
    } catch (error) {
      if (
        error instanceof StorageRangeError ||
        error instanceof StorageUnavailableError ||
        error instanceof InvalidStorageKeyError
      ) {
        throw error;
      }
      const reason = controller.signal.aborted ? (controller.signal.reason as Error) : error;
      const what = key === '' ? `bucket ${this.bucket}` : key;
      throw new StorageUnavailableError(`S3 ${name} of ${what} failed: ${describe(reason)}`, { cause: reason });
    } finally {
      clearTimeout(timer);
    }
  }
}

class StorageTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** The store answered that the key does not exist (not the bucket). */
function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 && (error as Error).name !== 'NoSuchBucket';
}

function describe(error: unknown): string {
  const status = statusOf(error);
  if (status !== undefined) return `${(error as Error).name} (HTTP ${status})`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = (error as Error | undefined)?.message ?? String(error);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}

function parseContentRange(value: string | undefined): { start: number; end: number; total: number } | undefined {
  const match = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : undefined;
}

/** Reads a body into one buffer; destroys it and rejects when `abortSignal` fires first. */
async function collect(body: Readable, abortSignal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const onAbort = () => body.destroy(abortSignal.reason as Error);
  if (abortSignal.aborted) onAbort();
  abortSignal.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    abortSignal.removeEventListener('abort', onAbort);
  }
}
