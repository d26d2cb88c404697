import { tileRects } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { IngestError, mapPool, storageKeys } from '#src/services/ingest.service.ts';
import { episodeRow, images, page, ingestSetup as setup } from '#test/services/ingest-fakes.ts';

describe('IngestService', () => {
  it('normalises, scrambles and stores every page, then commits the rows', async () => {
    const { storage, store, ingest } = setup();
    const seed32 = 749191485;
    const result = await ingest.ingestEpisodePages({
      titleId: 10001,
      episodeId: 100001,
      seed32,
      pages: [await page(400, 560, 10), await page(400, 560, 200)],
      episode: episodeRow(100001),
    });
    expect(result.pageCount).toBe(2);
    const rows = store.pages.get(100001)!;
    expect(rows.map((r) => [r.page_number, r.width, r.height, r.media_type])).toEqual([
      [1, 320, 448, 'image/jpeg'],
      [2, 320, 448, 'image/jpeg'],
    ]);
    expect(rows[0]!.storage_key).toBe(storageKeys.page(100001, seed32, 1));
    expect(rows[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.sha256).not.toBe(rows[1]!.sha256);
    const stored = (await storage.findObject(rows[0]!.storage_key))?.body;
    expect(stored?.length).toBe(rows[0]!.bytes);
    const episode = store.episodes.get(100001)!;
    expect([episode.page_count, episode.scramble_seed]).toEqual([2, seed32]);
    expect(await storage.findObject(episode.thumbnail_path)).toBeDefined();

    // The stored page is scrambled: it only looks right after descrambling.
    const original = (await ingest.normalisePages([await page(400, 560, 10)]))[0]!.pixels;
    const derivative = await images.decode(stored!);
    const restored = images.moveTiles(derivative, tileRects(320, 448, seed32, 'v1'));
    const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(meanDiff(restored.data, original.data)).toBeLessThan(3);
    expect(meanDiff(derivative.data, original.data)).toBeGreaterThan(meanDiff(restored.data, original.data) * 3);
  });

  it('stores a smaller data saver tier of every page, scrambled with the same seed (ADR 055)', async () => {
    const { storage, store, ingest } = setup();
    const seed32 = 0x5eed1234;
    await ingest.ingestEpisodePages({
      titleId: 10001,
      episodeId: 100010,
      seed32,
      pages: [await page(400, 560, 10), await page(400, 560, 200)],
      episode: episodeRow(100010),
    });
    const rows = store.pages.get(100010)!;
    for (const row of rows) {
      expect(row.light_storage_key).toBe(storageKeys.lightPage(100010, seed32, row.page_number));
      // 192 wide; 448 × 192/320 = 268.8, rounded to the 64 grid.
      expect([row.light_width, row.light_height]).toEqual([192, 256]);
      const stored = (await storage.findObject(row.light_storage_key!))?.body;
      expect(stored?.length).toBe(row.light_bytes);
      expect(row.light_bytes!).toBeLessThan(row.bytes);
    }
    const light = await images.decode((await storage.findObject(rows[0]!.light_storage_key!))!.body);
    const restored = images.moveTiles(light, tileRects(192, 256, seed32, 'v1'));
    const expected = await images.shrinkPage((await ingest.normalisePages([await page(400, 560, 10)]))[0]!.pixels, {
      targetWidth: 192,
      multiple: 64,
    });
    const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(meanDiff(restored.data, expected.data)).toBeLessThan(4);
    expect(meanDiff(light.data, expected.data)).toBeGreaterThan(meanDiff(restored.data, expected.data) * 3);
  });

  it('refuses a bad page by name before writing anything', async () => {
    const { storage, store, ingest } = setup();
    await expect(
      ingest.ingestEpisodePages({
        titleId: 10001,
        episodeId: 100002,
        seed32: 5,
        pages: [
          { name: '01.png', bytes: await page(400, 560, 1) },
          { name: '02.jpg', bytes: Buffer.from('garbage') },
        ],
        episode: episodeRow(100002),
      }),
    ).rejects.toThrow(/^02\.jpg: /);
    expect(storage.objects.size).toBe(0);
    expect(store.episodes.size).toBe(0);
  });

  it('removes the objects it wrote when the commit fails', async () => {
    const { storage, store, ingest } = setup();
    store.failCommit = true;
    await expect(
      ingest.ingestEpisodePages({
        titleId: 10001,
        episodeId: 100003,
        seed32: 77,
        pages: [await page(400, 560, 1), await page(400, 560, 2), await page(400, 560, 3)],
        episode: episodeRow(100003),
      }),
    ).rejects.toThrow('database is down');
    expect(storage.objects.size).toBe(0);
  });

  it('replaces an episode under a new seed and deletes the old objects after the commit', async () => {
    const { storage, ingest } = setup();
    const input = { titleId: 10001, episodeId: 100004, pages: [await page(400, 560, 1)], episode: episodeRow(100004) };
    await ingest.ingestEpisodePages({ ...input, seed32: 11 });
    await expect(ingest.ingestEpisodePages({ ...input, seed32: 11 })).rejects.toBeInstanceOf(IngestError);
    await ingest.ingestEpisodePages({ ...input, seed32: 12 });
    expect([...storage.objects.keys()].every((key) => key.startsWith(storageKeys.episodePrefix(100004, 12)))).toBe(
      true,
    );
  });

  it('requires the title unless asked to create it, and rejects zero seeds', async () => {
    const { ingest } = setup();
    const pages = [await page(100, 100, 1)];
    await expect(
      ingest.ingestEpisodePages({
        titleId: 20002,
        episodeId: 1,
        seed32: 3,
        pages,
        episode: { ...episodeRow(1), title_id: 20002 },
      }),
    ).rejects.toMatchObject({ code: 'title_missing' });
    await expect(
      ingest.ingestEpisodePages({ titleId: 10001, episodeId: 1, seed32: 0, pages, episode: episodeRow(1) }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('mapPool keeps order and waits for calls in flight before failing', async () => {
    expect(await mapPool([3, 1, 2], 2, async (n) => n * 2)).toEqual([6, 2, 4]);
    const finished: number[] = [];
    await expect(
      mapPool([0, 1, 2, 3], 2, async (n) => {
        if (n === 0) throw new Error('boom');
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished.push(n);
      }),
    ).rejects.toThrow('boom');
    expect(finished).toEqual([1]);
  });
});
