import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tileRects } from '@manga/contracts';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError, FileArchiveRepository } from '#src/repositories/archive.repository.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import { LocalDiskStorage } from '#src/repositories/storage.repository.ts';
import { EpisodeImportService } from '#src/services/episode-import.service.ts';
import { IngestError, IngestService } from '#src/services/ingest.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';

async function jpegPage(index: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="710"><rect width="500" height="710" fill="#fff"/><rect x="20" y="20" width="460" height="300" fill="none" stroke="#000" stroke-width="6"/><circle cx="${100 + index * 60}" cy="500" r="90" fill="#c33"/><text x="40" y="680" font-size="30" font-family="DejaVu Sans">Page ${index}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('import (CBZ → ingest → database and storage)', () => {
  let database: TestDatabase;
  let dir: string;
  let storageDir: string;
  let ingest: EpisodeImportService;
  let pipeline: IngestService;
  const images = new SharpImageProcessor();
  let nextSeed = 1000;

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'import-test-'));
    storageDir = path.join(dir, 'storage');
    const store = new IngestRepository(database.db);
    pipeline = new IngestService({ storage: new LocalDiskStorage(storageDir), images, store });
    ingest = new EpisodeImportService({
      ingest: pipeline,
      store,
      images,
      archive: new FileArchiveRepository(),
      clock: new FixedClock(Date.UTC(2026, 10, 22)),
      randomU32: () => nextSeed++,
    });
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function writeCbz(name: string, files: Record<string, Uint8Array>): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, zipSync(files));
    return file;
  }

  async function filesUnder(prefix: string): Promise<string[]> {
    return readdir(path.join(storageDir, prefix), { recursive: true }).catch(() => []);
  }

  const countRows = async (episodeId: number) => ({
    episodes: (await database.db.selectFrom('episode').select('id').where('id', '=', episodeId).execute()).length,
    pages: (await database.db.selectFrom('page').select('id').where('episode_id', '=', episodeId).execute()).length,
  });

  it('imports a CBZ: creates the title, the episode, page rows and scrambled files', async () => {
    const cbz = await writeCbz('chapter.cbz', {
      'page10.jpg': await jpegPage(3),
      'page2.jpg': await jpegPage(2),
      'page1.jpg': await jpegPage(1),
      '__MACOSX/._page1.jpg': new Uint8Array([1, 2, 3]),
    });
    const result = await ingest.importEpisode({
      source: cbz,
      titleId: 54321,
      episodeId: 900001,
      titleName: 'Imported Tales',
      episodeName: 'The First Night',
      point: 40,
    });
    expect(result).toMatchObject({ titleCreated: true, replaced: false, pageCount: 3 });

    const title = await database.db.selectFrom('title').selectAll().where('id', '=', 54321).executeTakeFirstOrThrow();
    expect(title.name_en).toBe('Imported Tales');
    expect(title.thumbnail_path).toBe('titles/54321/thumbnail.webp');
    const episode = await database.db
      .selectFrom('episode')
      .selectAll()
      .where('id', '=', 900001)
      .executeTakeFirstOrThrow();
    expect(episode).toMatchObject({
      title_id: 54321,
      name_en: 'The First Night',
      point: 40,
      page_count: 3,
      sort_index: 1,
    });
    expect(episode.scramble_seed).toBeGreaterThan(0);

    const pages = await database.db
      .selectFrom('page')
      .selectAll()
      .where('episode_id', '=', 900001)
      .orderBy('page_number')
      .execute();
    expect(pages.map((p) => p.page_number)).toEqual([1, 2, 3]);
    for (const page of pages) {
      expect(page.width % 64).toBe(0);
      expect(page.height % 64).toBe(0);
      expect(page.sha256).toMatch(/^[0-9a-f]{64}$/);
      const file = path.join(storageDir, page.storage_key);
      expect((await stat(file)).size).toBe(page.bytes);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: page.width, height: page.height });
    }
    for (const key of [
      title.thumbnail_path,
      title.banner_path,
      title.feature_path,
      title.thumbnail_rect_path,
      episode.thumbnail_path,
    ]) {
      expect(await new LocalDiskStorage(storageDir).findObjectInfo(key)).toBeDefined();
    }

    // Page order follows the natural order of names, and the stored page is scrambled.
    const original = (await pipeline.normalisePages([await jpegPage(1)]))[0]!;
    const stored = await images.decode(await sharp(path.join(storageDir, pages[0]!.storage_key)).toBuffer());
    const restored = images.moveTiles(stored, tileRects(stored.width, stored.height, episode.scramble_seed, 'v1'));
    const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(meanDiff(restored.data, original.pixels.data)).toBeLessThan(4);
    expect(meanDiff(stored.data, original.pixels.data)).toBeGreaterThan(10);
  });

  it('replaces an episode in place with a new seed and removes the old files', async () => {
    const before = await database.db
      .selectFrom('episode')
      .selectAll()
      .where('id', '=', 900001)
      .executeTakeFirstOrThrow();
    const cbz = await writeCbz('replacement.cbz', { '1.jpg': await jpegPage(5), '2.jpg': await jpegPage(6) });
    const result = await ingest.importEpisode({ source: cbz, titleId: 54321, episodeId: 900001 });
    expect(result).toMatchObject({ replaced: true, titleCreated: false, pageCount: 2 });
    const after = await database.db
      .selectFrom('episode')
      .selectAll()
      .where('id', '=', 900001)
      .executeTakeFirstOrThrow();
    expect(after.scramble_seed).not.toBe(before.scramble_seed);
    expect(after.name_en).toBe('The First Night');
    expect(await countRows(900001)).toEqual({ episodes: 1, pages: 2 });
    const files = await filesUnder('episodes/900001');
    // 2 pages, their 2 data-saver copies (ADR 055) and the thumbnail, all under the new seed.
    expect(files.filter((f) => f.endsWith('.jpg') || f.endsWith('.webp'))).toHaveLength(5);
    expect(files.filter((f) => f.includes('/light/'))).toHaveLength(2);
  });

  it('leaves no rows and no files for a corrupt zip', async () => {
    const file = path.join(dir, 'corrupt.cbz');
    await writeFile(file, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]));
    await expect(ingest.importEpisode({ source: file, titleId: 54321, episodeId: 900002 })).rejects.toBeInstanceOf(
      ArchiveError,
    );
    expect(await countRows(900002)).toEqual({ episodes: 0, pages: 0 });
    expect(await filesUnder('episodes/900002')).toEqual([]);
  });

  it('leaves no rows and no files for a zip with a non-image entry', async () => {
    const cbz = await writeCbz('with-text.cbz', {
      '1.jpg': await jpegPage(1),
      'readme.txt': new TextEncoder().encode('hi'),
    });
    await expect(
      ingest.importEpisode({ source: cbz, titleId: 54322, episodeId: 900003, titleName: 'Never Created' }),
    ).rejects.toThrow(/"readme\.txt" in "with-text\.cbz" is not a page image/);
    expect(await countRows(900003)).toEqual({ episodes: 0, pages: 0 });
    expect(await database.db.selectFrom('title').select('id').where('id', '=', 54322).execute()).toEqual([]);
    expect(await filesUnder('episodes/900003')).toEqual([]);
    expect(await filesUnder('titles/54322')).toEqual([]);
  });

  it('leaves no rows and no files when one image is corrupt, naming it', async () => {
    const cbz = await writeCbz('bad-page.cbz', {
      '1.jpg': await jpegPage(1),
      '2.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]),
    });
    const error = await ingest
      .importEpisode({ source: cbz, titleId: 54323, episodeId: 900004, titleName: 'Broken' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as Error).message).toMatch(/^2\.jpg: /);
    expect(await countRows(900004)).toEqual({ episodes: 0, pages: 0 });
    expect(await filesUnder('titles/54323')).toEqual([]);
  });

  it('requires --title-name for a missing title', async () => {
    const cbz = await writeCbz('orphan.cbz', { '1.jpg': await jpegPage(1) });
    await expect(ingest.importEpisode({ source: cbz, titleId: 55555, episodeId: 900005 })).rejects.toMatchObject({
      code: 'title_missing',
    });
  });
});
