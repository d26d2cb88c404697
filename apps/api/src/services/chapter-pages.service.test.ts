import { AuditAction, ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { EpisodeRow, NewAuditLog, PageRow } from '#src/db/schema.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import type { NormalisedPage, RawImage } from '#src/repositories/image-processor.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ChapterPagesService, pageOrderProblem } from '#src/services/chapter-pages.service.ts';
import { IngestError } from '#src/services/ingest.service.ts';

const editor = { userId: 7 } as AuthUser;
const auth = {} as RequestAuth;
const NOW = 1_800_000_000_000;

function page(id: number, pageNumber: number): PageRow {
  return {
    id,
    episode_id: 5,
    page_number: pageNumber,
    width: 960,
    height: 1344,
    bytes: 100,
    sha256: `sha-${id}`,
    media_type: 'image/jpeg',
    storage_key: `episodes/5/s0000004d/${String(pageNumber).padStart(3, '0')}.jpg`,
    light_width: 576,
    light_height: 832,
    light_bytes: 50,
    light_storage_key: `episodes/5/s0000004d/light/${String(pageNumber).padStart(3, '0')}.jpg`,
  };
}

function setup(options: { writeFails?: Error; commitFails?: boolean } = {}) {
  let pages = [page(11, 1), page(12, 2), page(13, 3)];
  const audits: NewAuditLog[] = [];
  const episodeUpdates: unknown[] = [];
  const deleted: string[] = [];
  const previewsRead: Array<{ key: string; seed32: number }> = [];
  const thumbnailsFrom: string[] = [];
  const pixels = { data: Buffer.alloc(0), width: 960, height: 1280, channels: 3 } as RawImage;
  const episode = {
    id: 5,
    title_id: 10001,
    scramble_seed: 77,
    thumbnail_path: 'episodes/5/s0000004d/thumbnail.webp',
  } as EpisodeRow;
  const store = {
    findEpisode: async (id: number) => (id === 5 ? episode : undefined),
    listEpisodePages: async (id: number) => (id === 5 ? [...pages].sort((a, b) => a.page_number - b.page_number) : []),
    renumberPages: async (_id: number, order: ReadonlyArray<{ id: number; page_number: number }>) => {
      pages = pages.map((row) => ({ ...row, page_number: order.find((o) => o.id === row.id)!.page_number }));
    },
    updatePageImage: async (pageId: number, key: string, changes: Partial<PageRow>) => {
      if (options.commitFails) throw new Error('database down');
      const row = pages.find((p) => p.id === pageId && p.storage_key === key);
      if (!row) return false;
      Object.assign(row, changes);
      return true;
    },
    updateEpisode: async (_id: number, changes: unknown) => void episodeUpdates.push(changes),
    insertAuditLog: async (entry: NewAuditLog) => void audits.push(entry),
  };
  const service = new ChapterPagesService({
    access: async () => editor,
    pages: store,
    transactions: {
      run: async (work) => {
        const snapshot = pages.map((row) => ({ ...row }));
        try {
          return await work(store);
        } catch (error) {
          pages = snapshot;
          throw error;
        }
      },
    },
    ingest: {
      normalisePages: async (sources) => sources.map(() => ({ pixels }) as NormalisedPage),
      writePage: async (prepared, at, written) => {
        expect(prepared.pixels).toBe(pixels);
        const key = `episodes/5/s0000004d-${at.version}/${String(at.pageNumber).padStart(3, '0')}.jpg`;
        written.push(key);
        if (options.writeFails) throw options.writeFails;
        return {
          width: 960,
          height: 1280,
          bytes: 200,
          sha256: 'sha-new',
          media_type: 'image/jpeg',
          storage_key: key,
          light_width: 576,
          light_height: 768,
          light_bytes: 90,
          light_storage_key: key.replace(/\/(\d{3})\.jpg$/, '/light/$1.jpg'),
        };
      },
      writeEpisodeThumbnail: async (input, written) => {
        const key = `episodes/5/s0000004d/thumbnail-${input.version}.webp`;
        thumbnailsFrom.push(input.pixels === pixels ? 'first page' : 'other');
        written.push(key);
        return key;
      },
      readStoredPage: async (key, seed32) => {
        previewsRead.push({ key, seed32 });
        return key.endsWith('/003.jpg') ? undefined : pixels;
      },
    },
    images: {
      shrinkPage: async (image, shrink) => ({ ...image, width: Math.floor(shrink.targetWidth / 64) * 64 }),
      encodeJpeg: async (image) => Buffer.from(`jpeg ${image.width}`),
    },
    storage: { delete: async (key) => void deleted.push(key) },
    clock: new FixedClock(NOW),
    randomU32: () => 0xabc,
  });
  return { service, audits, episodeUpdates, deleted, previewsRead, thumbnailsFrom, pages: () => pages };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('pageOrderProblem', () => {
  it('accepts a permutation and refuses anything else', () => {
    expect(pageOrderProblem([1, 2, 3], [3, 1, 2])).toBeUndefined();
    expect(pageOrderProblem([1, 2, 3], [1, 1, 2])).toMatch(/twice/);
    expect(pageOrderProblem([1, 2, 3], [1, 2])).toMatch(/2 of the chapter's 3/);
    expect(pageOrderProblem([1, 2, 3], [1, 2, 3, 4])).toMatch(/not a page of this chapter/);
    expect(pageOrderProblem([1, 2, 3], [])).toMatch(/0 of/);
  });
});

describe('ChapterPagesService', () => {
  it('reorders the pages in one transaction, touches the episode and audits the order; a new first page remakes the thumbnail', async () => {
    const { service, audits, episodeUpdates, deleted, thumbnailsFrom } = setup();
    const result = await service.reorderPages(auth, 5, [12, 11, 13]);
    expect(result.page_list.map((p) => [p.page_id, p.page_number])).toEqual([
      [12, 1],
      [11, 2],
      [13, 3],
    ]);
    // The order's own update, then the thumbnail made from the new first page under a version of its own.
    expect(episodeUpdates).toEqual([
      { updated_at: NOW },
      { thumbnail_path: 'episodes/5/s0000004d/thumbnail-00000abc.webp', updated_at: NOW },
    ]);
    expect(thumbnailsFrom).toEqual(['first page']);
    expect(deleted).toEqual(['episodes/5/s0000004d/thumbnail.webp']);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: AuditAction.EpisodePages, target_id: 5, actor_user_id: 7 });
    expect(JSON.parse(audits[0]!.detail as string)).toEqual({
      before: { page_order: [11, 12, 13] },
      after: { page_order: [12, 11, 13] },
    });
  });

  it('keeps the thumbnail when the first page stays first', async () => {
    const { service, episodeUpdates, thumbnailsFrom, deleted } = setup();
    await service.reorderPages(auth, 5, [11, 13, 12]);
    expect(episodeUpdates).toEqual([{ updated_at: NOW }]);
    expect(thumbnailsFrom).toEqual([]);
    expect(deleted).toEqual([]);
  });

  it('remakes the thumbnail when page 1 is replaced, and only then', async () => {
    const { service, thumbnailsFrom, episodeUpdates } = setup();
    await service.replacePage(auth, { episodeId: 5, pageId: 11, bytes: Buffer.from([1]), mediaType: 'image/jpeg' });
    expect(thumbnailsFrom).toEqual(['first page']);
    expect(episodeUpdates.at(-1)).toEqual({
      thumbnail_path: 'episodes/5/s0000004d/thumbnail-00000abc.webp',
      updated_at: NOW,
    });
  });

  it('writes nothing when the order is unchanged', async () => {
    const { service, audits, episodeUpdates } = setup();
    await service.reorderPages(auth, 5, [11, 12, 13]);
    expect(audits).toEqual([]);
    expect(episodeUpdates).toEqual([]);
  });

  it('refuses an order that is not a permutation, and an unknown chapter', async () => {
    const { service, pages } = setup();
    for (const order of [
      [11, 11, 13],
      [11, 12],
      [11, 12, 13, 99],
      [99, 12, 13],
    ]) {
      const error = await refusal(service.reorderPages(auth, 5, order));
      expect(error.code).toBe(ResponseCode.InvalidParameter);
    }
    expect(pages().map((p) => p.page_number)).toEqual([1, 2, 3]);
    expect((await refusal(service.reorderPages(auth, 6, [11]))).code).toBe(ResponseCode.EpisodeNotFound);
  });

  it('replaces a page: new objects under a version, row swapped and audited, old objects deleted after', async () => {
    const { service, audits, deleted, pages } = setup();
    const result = await service.replacePage(auth, {
      episodeId: 5,
      pageId: 12,
      bytes: Buffer.from([1, 2, 3]),
      mediaType: 'image/png',
    });
    expect(result.page_list.find((p) => p.page_id === 12)).toMatchObject({ page_number: 2, height: 1280 });
    expect(pages().find((p) => p.id === 12)!.storage_key).toBe('episodes/5/s0000004d-00000abc/002.jpg');
    expect(deleted).toEqual(['episodes/5/s0000004d/002.jpg', 'episodes/5/s0000004d/light/002.jpg']);
    expect(JSON.parse(audits[0]!.detail as string)).toMatchObject({
      page_id: 12,
      before: { sha256: 'sha-12' },
      after: { sha256: 'sha-new' },
    });
  });

  it('keeps the old page when the image is bad or the commit fails, and removes what it wrote', async () => {
    const bad = setup({ writeFails: new IngestError('invalid_page', 'page 2: unsupported image format') });
    const error = await refusal(
      bad.service.replacePage(auth, { episodeId: 5, pageId: 12, bytes: Buffer.from('no'), mediaType: 'image/png' }),
    );
    expect(error.message).toMatch(/unsupported image format/);
    expect(bad.deleted).toEqual(['episodes/5/s0000004d-00000abc/002.jpg']);
    expect(bad.pages().find((p) => p.id === 12)!.sha256).toBe('sha-12');

    const down = setup({ commitFails: true });
    await expect(
      down.service.replacePage(auth, { episodeId: 5, pageId: 12, bytes: Buffer.from([1]), mediaType: 'image/jpeg' }),
    ).rejects.toThrow('database down');
    expect(down.deleted).toEqual(['episodes/5/s0000004d-00000abc/002.jpg']);
    expect(down.audits).toEqual([]);
  });

  it('previews a page unscrambled with the episode seed at the preview width, and 404s a missing one', async () => {
    const { service, previewsRead } = setup();
    expect((await service.previewPage(auth, 5, 12)).toString()).toBe('jpeg 256');
    expect(previewsRead).toEqual([{ key: 'episodes/5/s0000004d/002.jpg', seed32: 77 }]);
    expect((await refusal(service.previewPage(auth, 5, 13))).httpStatus).toBe(404);
    expect((await refusal(service.previewPage(auth, 5, 99))).httpStatus).toBe(404);
    expect((await refusal(service.previewPage(auth, 6, 12))).code).toBe(ResponseCode.EpisodeNotFound);
  });

  it('refuses other media types, empty and oversized bodies, and pages of another chapter', async () => {
    const { service, deleted } = setup();
    const replace = (input: { pageId?: number; bytes?: Uint8Array; mediaType?: string }) =>
      refusal(
        service.replacePage(auth, {
          episodeId: 5,
          pageId: input.pageId ?? 12,
          bytes: input.bytes ?? Buffer.from([1]),
          mediaType: input.mediaType ?? 'image/jpeg',
        }),
      );
    expect((await replace({ mediaType: 'text/plain' })).httpStatus).toBe(415);
    expect((await replace({ bytes: Buffer.alloc(0) })).code).toBe(ResponseCode.InvalidParameter);
    expect((await replace({ bytes: Buffer.alloc(20 * 1024 * 1024 + 1) })).httpStatus).toBe(413);
    expect((await replace({ pageId: 99 })).httpStatus).toBe(404);
    expect(deleted).toEqual([]);
  });
});
