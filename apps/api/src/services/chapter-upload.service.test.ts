import { Readable } from 'node:stream';
import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { ChapterUploadRow } from '#src/repositories/chapter-upload.repository.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { UNPUBLISHED_AT } from '#src/rules/entitlement.rules.ts';
import { ChapterUploadService, INTERRUPTED_UPLOAD_MESSAGE } from '#src/services/chapter-upload.service.ts';
import type { IngestEpisodeInput } from '#src/services/ingest.service.ts';

const editor = { userId: 7 } as AuthUser;
const auth = {} as RequestAuth;

/** The progress rows as the repository keeps them (the real one is tested in api-chapter-console.test.ts). */
function progressRows() {
  const rows = new Map<string, ChapterUploadRow>();
  return {
    rows,
    insertUpload: async (row: ChapterUploadRow) => void rows.set(row.id, { ...row }),
    updateUpload: async (id: string, change: Partial<ChapterUploadRow>) => {
      const row = rows.get(id);
      if (row) rows.set(id, { ...row, ...change });
    },
    findUpload: async (id: string) => rows.get(id),
    deleteFinishedBefore: async (before: number) => {
      for (const [id, row] of rows) if (row.finished_at !== null && row.finished_at < before) rows.delete(id);
    },
  };
}

function setup(
  ingestEpisodePages: (input: IngestEpisodeInput) => Promise<{ episodeId: number }>,
  progress = progressRows(),
  clock = new FixedClock(1_800_000_000_000),
) {
  const removed: string[] = [];
  const spooled: number[] = [];
  const read: string[] = [];
  let ids = 0;
  const service = new ChapterUploadService(
    {
      access: async () => editor,
      titles: { hasTitle: async (id) => id === 10001, nextEpisodeId: async () => 123, nextSortIndex: async () => 4 },
      archive: {
        readPages: async (file) => {
          read.push(file);
          return [{ name: 'p1.jpg', bytes: Buffer.from([1]) }];
        },
      },
      spool: {
        spool: async (body, maxBytes) => {
          let bytes = 0;
          for await (const chunk of body as AsyncIterable<Uint8Array>) bytes += chunk.length;
          if (bytes > maxBytes) throw Object.assign(new Error('too large'), { name: 'UploadTooLargeError' });
          spooled.push(bytes);
          return { path: `/tmp/upload-${spooled.length}.cbz`, bytes };
        },
        remove: async (file) => void removed.push(file),
      },
      ingest: { ingestEpisodePages: ingestEpisodePages as never },
      progress: progress as never,
      clock,
      randomId: () => `u${++ids}`,
      randomU32: () => 77,
    },
    { maxBytes: 100, timeZone: 'Asia/Tokyo' },
  );
  const start = (bytes: number, contentLength?: number) =>
    service.startUpload(auth, {
      titleId: 10001,
      nameEn: 'One',
      nameJa: '一',
      body: Readable.from([Buffer.alloc(bytes)]),
      contentLength,
    });
  return { service, start, removed, spooled, read, progress, clock };
}

describe('ChapterUploadService', () => {
  it('imports the spooled file as a new unscheduled chapter, with progress, then removes the file', async () => {
    let seen: IngestEpisodeInput | undefined;
    const { service, start, removed, read } = setup(async (input) => {
      seen = input;
      input.onProgress?.({ stage: 'decode', done: 1, total: 2 });
      input.onProgress?.({ stage: 'store', done: 2, total: 2 });
      return { episodeId: input.episodeId };
    });
    const { upload } = await start(10);
    expect(upload).toMatchObject({ upload_id: 'u1', state: 'processing' });
    await service.idle();
    expect(read).toEqual(['/tmp/upload-1.cbz']);
    expect(seen).toMatchObject({
      titleId: 10001,
      episodeId: 123,
      seed32: 77,
      pages: [{ name: 'p1.jpg' }],
      episode: {
        id: 123,
        title_id: 10001,
        sort_index: 4,
        name_en: 'One',
        name_ja: '一',
        point: 0,
        start_at: UNPUBLISHED_AT,
        scramble_seed: 77,
        created_at: 1_800_000_000_000,
      },
    });
    expect(seen?.title).toBeUndefined();
    const audit = seen?.auditOf?.({ ...seen.episode, page_count: 1 });
    expect(audit).toMatchObject({ actor_user_id: 7, action: 'episode.upload', target_id: 123 });
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({ before: null, after: { page_count: 1, point: 0 } });
    expect((await service.getUpload(auth, 'u1')).upload).toMatchObject({
      state: 'done',
      stage: 'store',
      done: 2,
      total: 2,
      episode_id: 123,
    });
    expect(removed).toEqual(['/tmp/upload-1.cbz']);
  });

  it('shows the import error that names the file, and hides others behind a plain message', async () => {
    const named = setup(async () => {
      throw Object.assign(new Error('"a.txt" in "x.cbz" is not a page image'), { name: 'ArchiveError' });
    });
    await named.start(5);
    await named.service.idle();
    expect((await named.service.getUpload(auth, 'u1')).upload).toMatchObject({
      state: 'failed',
      error_message: '"a.txt" in "x.cbz" is not a page image',
    });
    const hidden = setup(async () => {
      throw new Error('connection refused 10.0.0.3');
    });
    await hidden.start(5);
    await hidden.service.idle();
    expect((await hidden.service.getUpload(auth, 'u1')).upload.error_message).toBe('The chapter could not be stored');
    expect(hidden.removed).toEqual(['/tmp/upload-1.cbz']);
  });

  it('refuses too large a body (by its length or as it streams) with 413, and a missing title', async () => {
    const { start, service, spooled } = setup(async () => ({ episodeId: 1 }));
    await expect(start(10, 101)).rejects.toMatchObject({ httpStatus: 413 });
    await expect(start(101)).rejects.toMatchObject({ httpStatus: 413, code: ResponseCode.InvalidParameter });
    expect(spooled).toEqual([]);
    await expect(
      service.startUpload(auth, { titleId: 10002, nameEn: '', nameJa: '', body: Readable.from([]), contentLength: 0 }),
    ).rejects.toMatchObject({ code: ResponseCode.TitleNotFound });
    await expect(service.getUpload(auth, 'nope')).rejects.toBeInstanceOf(DomainError);
  });

  it("answers another process's upload from its row, and one no process moves any more as interrupted", async () => {
    const { start, service, progress, clock } = setup(async (input) => {
      input.onProgress?.({ stage: 'decode', done: 1, total: 2 });
      input.onProgress?.({ stage: 'store', done: 2, total: 2 });
      return { episodeId: input.episodeId };
    });
    const { upload } = await start(10);
    await service.idle();
    // A second process on the same rows: the finished upload as the first one left it.
    const other = setup(async () => ({ episodeId: 0 }), progress, clock).service;
    expect((await other.getUpload(auth, upload.upload_id)).upload).toEqual({
      ...upload,
      state: 'done',
      stage: 'store',
      done: 2,
      total: 2,
      episode_id: 123,
    });
    // A row left processing by a process that stopped: interrupted once it has not moved for 5 minutes.
    progress.rows.set('lost', {
      ...(progress.rows.get(upload.upload_id) as ChapterUploadRow),
      id: 'lost',
      state: 'processing',
      finished_at: null,
      updated_at: clock.now(),
    });
    expect((await other.getUpload(auth, 'lost')).upload.state).toBe('processing');
    clock.set(clock.now() + 300_001);
    expect((await other.getUpload(auth, 'lost')).upload).toMatchObject({
      state: 'failed',
      error_message: INTERRUPTED_UPLOAD_MESSAGE,
    });
    await expect(other.getUpload(auth, 'nothing')).rejects.toMatchObject({ httpStatus: 404 });
  });
});
