// Serves stored images: public art by key, page derivatives only with a valid signed URL (DESIGN §6).
import { ResponseCode } from '@manga/contracts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { isPageDerivativeKey } from '#src/services/ingest.service.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';

export interface ImageStore {
  findObjectInfo(key: string): Promise<{ bytes: number; modifiedAt: number } | undefined>;
  findObject(key: string): Promise<Buffer | undefined>;
}

export interface ImageRequest {
  key: string;
  expires?: string;
  sig?: string;
  ifNoneMatch?: string;
}

export type ImageAnswer =
  | { kind: 'not-modified'; etag: string; cacheControl: string }
  | { kind: 'image'; etag: string; cacheControl: string; contentType: string; bytes: Buffer };

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
  ) {}

  async getImage({ key, expires, sig, ifNoneMatch }: ImageRequest): Promise<ImageAnswer> {
    const extension = key.slice(key.lastIndexOf('.') + 1);
    const contentType = CONTENT_TYPES[extension];
    if (!contentType || key.length > MAX_IMAGE_KEY_LENGTH || !IMAGE_KEY.test(key)) {
      throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
    }
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
      return { kind: 'image', etag: hot.etag, cacheControl, contentType: hot.contentType, bytes: hot.bytes };
    }
    const stat = await this.store.findObjectInfo(key);
    if (!stat) throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
    const etag = `"${stat.bytes.toString(36)}-${Math.trunc(stat.modifiedAt).toString(36)}"`;
    if (matchesEtag(ifNoneMatch, etag)) return { kind: 'not-modified', etag, cacheControl };
    const bytes = await this.store.findObject(key);
    if (!bytes) throw new DomainError(ResponseCode.ApiNotFound, 'no such image');
    if (isProtected) this.hot?.keep(key, { bytes, etag, contentType });
    return { kind: 'image', etag, cacheControl, contentType, bytes };
  }
}
