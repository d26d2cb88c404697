// Serves stored images: public art by key, page derivatives only with a valid signed URL (architecture §6).
// The store is a local directory or an S3 bucket (ADR 038): a missing object is 404, a store that
// cannot answer in time is 503 for that image only (1099, Retry-After), logged with its cause.
import type { Readable } from 'node:stream';
import { ResponseCode } from '@manga/contracts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import { chooseByteRange, type RangeChoice } from '#src/rules/byte-range.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { StorageRangeError, StorageUnavailableError } from '#src/rules/storage.error.ts';
import type { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { isPageDerivativeKey } from '#src/services/ingest.service.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';
import type { HitReplay } from '#src/services/response-cache.service.ts';

export type ImageStore = Pick<StorageRepository, 'findObjectInfo' | 'findObject' | 'openObject'>;

/** Where the service reports a store that failed (the app's logger in production). */
export interface ImageLog {
  warn(details: { err: unknown; key: string }, message: string): void;
}

/** Seconds a client is asked to wait before trying an image again while the store is unavailable. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

export interface ImageRequest {
  key: string;
  expires?: string;
  sig?: string;
  ifNoneMatch?: string;
  /** The Range and If-Range headers (byte-range.rules.ts). */
  range?: string;
  ifRange?: string;
}

/** The part of an image answered (206), inclusive, and the whole image's size. */
export interface AnsweredRange {
  start: number;
  end: number;
  size: number;
}

export type ImageAnswer =
  | { kind: 'not-modified'; etag: string; cacheControl: string }
  /** No byte of a `size`-byte image lies in the range asked (416). */
  | { kind: 'unsatisfiable'; size: number }
  /** The image, or the part of it `range` says. */
  | { kind: 'image'; etag: string; cacheControl: string; contentType: string; bytes: Buffer; range?: AnsweredRange }
  /** Public art, streamed from the store as it comes (`bytes` long), or the part `range` says. */
  | {
      kind: 'stream';
      etag: string;
      cacheControl: string;
      contentType: string;
      body: Readable;
      bytes: number;
      range?: AnsweredRange;
    };

/**
 * What an image key looks like (ADR 015): slash-separated segments of letters, digits, `_` and `-`,
 * the last with an extension. Anything else (`//`, `.` segments, `\`, spaces, non-ASCII, NUL) is
 * not an image of ours and answers 404 before the storage sees it.
 */
const IMAGE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]{3,4}$/;
const MAX_IMAGE_KEY_LENGTH = 300;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** A hot page derivative the pipeline has answered, with how it did. */
export interface ReplayablePage {
  readonly bytes: Buffer;
  readonly replay: HitReplay;
}

/** The content type of `key` when it looks like an image of ours (of a type we serve), else undefined. */
function contentTypeOf(key: string): string | undefined {
  if (key.length > MAX_IMAGE_KEY_LENGTH || !IMAGE_KEY.test(key)) return undefined;
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
}

/** The answer of held or read bytes for what the range asks. */
function bytesAnswer(
  held: { bytes: Buffer; etag: string; contentType: string },
  cacheControl: string,
  choice: RangeChoice,
): ImageAnswer {
  const { bytes, etag, contentType } = held;
  if (choice.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: bytes.length };
  if (choice.kind === 'whole') return { kind: 'image', etag, cacheControl, contentType, bytes };
  // A view of the same memory: the part is never copied.
  const range = { start: choice.start, end: choice.end, size: bytes.length };
  return { kind: 'image', etag, cacheControl, contentType, bytes: bytes.subarray(range.start, range.end + 1), range };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
}

export class ImageService {
  constructor(
    private readonly store: ImageStore,
    private readonly urls: MediaUrlSigner,
    private readonly clock: ClockRepository,
    /** Hot page derivatives in memory (ADR 020); a derivative's key is never rewritten, so they never go stale. */
    private readonly hot?: HotImageCache,
    private readonly log?: ImageLog,
  ) {}

  async getImage({ key, expires, sig, ifNoneMatch, range, ifRange }: ImageRequest): Promise<ImageAnswer> {
    const contentType = contentTypeOf(key);
    if (!contentType) throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
    // Pages are behind signed URLs; covers, banners and episode thumbnails are public.
    const isProtected = isPageDerivativeKey(key);
    if (isProtected && !this.urls.verify(key, expires, sig, this.clock.now())) {
      throw new DomainError(ResponseCode.InvalidParameter, 'image link is invalid or has expired', 403);
    }
    const cacheControl = isProtected
      ? `public, max-age=${this.urls.ttlSeconds}, immutable`
      : 'public, max-age=3600, stale-while-revalidate=86400';
    const hot = isProtected ? this.hot?.find(key) : undefined;
    if (hot) {
      if (matchesEtag(ifNoneMatch, hot.etag)) return { kind: 'not-modified', etag: hot.etag, cacheControl };
      return bytesAnswer(hot, cacheControl, chooseByteRange(range, ifRange, hot.etag, hot.bytes.length));
    }
    try {
      // A revalidation, and a range of streamed art, need the size and time only, read once for both;
      // otherwise one read gives bytes and ETag.
      const needsInfo = ifNoneMatch !== undefined || (!isProtected && range !== undefined);
      const info = needsInfo ? await this.store.findObjectInfo(key) : undefined;
      if (needsInfo && !info) throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
      const etag = info && etagOf(info);
      if (etag && matchesEtag(ifNoneMatch, etag)) return { kind: 'not-modified', etag, cacheControl };
      if (!isProtected) {
        const choice = info && etag ? chooseByteRange(range, ifRange, etag, info.bytes) : undefined;
        if (info && choice?.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.bytes };
        return await this.streamArt(key, contentType, cacheControl, choice?.kind === 'part' ? choice : undefined);
      }
      const object = await this.store.findObject(key);
      if (!object) throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
      const held = { bytes: object.body, etag: etagOf(object), contentType };
      this.hot?.keep(key, held);
      return bytesAnswer(held, cacheControl, chooseByteRange(range, ifRange, held.etag, object.body.length));
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      this.log?.warn({ err: error, key }, 'Image storage unavailable');
      throw new DomainError(
        ResponseCode.ServerError,
        'image storage is unavailable; try again shortly',
        503,
        STORAGE_RETRY_AFTER_SECONDS,
      );
    }
  }

  /**
   * Art is streamed; it may change under its key, so it is never held in memory. `part`, placed by
   * the size read before, is opened as the store's own range.
   */
  private async streamArt(
    key: string,
    contentType: string,
    cacheControl: string,
    part: { start: number; end: number } | undefined,
  ): Promise<ImageAnswer> {
    try {
      const object = await this.store.openObject(key, part);
      if (!object) throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
      const answered = object.range && { ...object.range, size: object.bytes };
      const bytes = answered ? answered.end - answered.start + 1 : object.bytes;
      const etag = etagOf(object);
      return { kind: 'stream', etag, cacheControl, contentType, body: object.body, bytes, range: answered };
    } catch (error) {
      // Replaced by a shorter image between the two calls.
      if (error instanceof StorageRangeError) return { kind: 'unsatisfiable', size: error.bytes };
      throw error;
    }
  }

  /**
   * The derivative of a valid signed URL, when it is held in memory and the pipeline has answered it
   * to the same Origin ('' for none) (ADR 088): what getImage would answer, checked the same way, for
   * the replay before the framework.
   */
  findReplayablePage(key: string, expires: string, sig: string, origin: string): ReplayablePage | undefined {
    if (!contentTypeOf(key) || !isPageDerivativeKey(key)) return undefined;
    if (!this.urls.verify(key, expires, sig, this.clock.now())) return undefined;
    const hot = this.hot?.find(key);
    const replay = hot?.replays?.get(origin);
    return hot && replay ? { bytes: hot.bytes, replay } : undefined;
  }

  /** Remembers how the pipeline answered `key` to `origin` (a held page derivative; anything else is not kept). */
  keepReplay(key: string, origin: string, replay: HitReplay): void {
    if (isPageDerivativeKey(key)) this.hot?.keepReplay(key, origin, replay);
  }
}

/** The ETag of a stored object: its size and time, the same on every process and either store. */
function etagOf(info: { bytes: number; modifiedAt: number }): string {
  return `"${info.bytes.toString(36)}-${Math.trunc(info.modifiedAt).toString(36)}"`;
}
