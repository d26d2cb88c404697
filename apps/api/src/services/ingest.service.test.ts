import { tileRects } from '@manga/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EpisodeRow, NewEpisode, NewPage, NewTitle, PageRow } from '#src/db/schema.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import { SharpImageProcessor } from '#src/repositories/image-processor.repository.ts';
import type { LightTierPage } from '#src/repositories/ingest.repository.ts';
import { MemoryStorage } from '#src/repositories/storage.repository.ts';
import { IngestError, IngestService, type IngestStore, mapPool, storageKeys } from '#src/services/ingest.service.ts';

/** An in-memory IngestStore that can be told to fail on commit. */
class FakeStore implements IngestStore {
  titles = new Set<number>([10001]);
  episodes = new Map<number, EpisodeRow>();
  pages = new Map<number, NewPage[]>();
  failCommit = false;

  async hasTitle(titleId: number) {
    return this.titles.has(titleId);
  }
  async findEpisodeById(episodeId: number) {
    return this.episodes.get(episodeId);
  }
  async nextSortIndex() {
    return this.episodes.size + 1;
  }
  async listEpisodeStorageKeys(episodeId: number) {
    const keys = (this.pages.get(episodeId) ?? []).flatMap((p) =>
      p.light_storage_key ? [p.storage_key, p.light_storage_key] : [p.storage_key],
    );
    const thumbnail = this.episodes.get(episodeId)?.thumbnail_path;
    return thumbnail ? [...keys, thumbnail] : keys;
  }
  async commitEpisode(input: { title?: NewTitle; episode: NewEpisode; pages: readonly NewPage[] }) {
    if (this.failCommit) throw new Error('database is down');
    if (input.title) this.titles.add(input.title.id);
    this.episodes.set(input.episode.id, input.episode as EpisodeRow);
    this.pages.set(input.episode.id, [...input.pages]);
  }
  async listEpisodesMissingLightTier(limit: number) {
    return [...this.pages.entries()]
      .filter(([, pages]) => pages.some((p) => !p.light_storage_key))
      .map(([id]) => id)
      .sort((a, b) => a - b)
      .slice(0, limit);
  }
  async listPagesByEpisode(episodeId: number) {
    return (this.pages.get(episodeId) ?? []).map((p, index) => ({
      id: index + 1,
      light_width: null,
      light_height: null,
      light_bytes: null,
      light_storage_key: null,
      ...p,
    })) as PageRow[];
  }
  async recordLightTier(episodeId: number, light: readonly LightTierPage[]) {
    const pages = this.pages.get(episodeId) ?? [];
    const matches = light.every(
      (l) => pages.find((p) => p.page_number === l.page_number)?.storage_key === l.storage_key,
    );
    if (!matches) return false;
    this.pages.set(
      episodeId,
      pages.map((p) => {
        const { page_number: _n, storage_key: _k, ...columns } = light.find((l) => l.page_number === p.page_number)!;
        return { ...p, ...columns };
      }),
    );
    return true;
  }
}

const images = new SharpImageProcessor();

function setup() {
  const storage = new MemoryStorage();
  const store = new FakeStore();
  const ingest = new IngestService(
    { storage, images, store, clock: new FixedClock(), randomU32: () => 0x1234abcd },
    { pageWidth: 320 },
  );
  return { storage, store, ingest };
}

async function page(width: number, height: number, r: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 255 - r, b: 80 } } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="40" cy="40" r="30"/></svg>`) },
    ])
    .png()
    .toBuffer();
}

const episodeRow = (id: number): NewEpisode => ({
  id,
  title_id: 10001,
  sort_index: 1,
  name_en: 'Chapter 1',
  name_ja: '第1話',
  start_at: 0,
  scramble_seed: 1,
  created_at: 0,
  updated_at: 0,
});

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

  it('makes the missing tier of a chapter imported before it, once, from the stored pages', async () => {
    const { storage, store, ingest } = setup();
    const seed32 = 0x0badcafe;
    await ingest.ingestEpisodePages({
      titleId: 10001,
      episodeId: 100011,
      seed32,
      pages: [await page(400, 560, 30), await page(400, 560, 90)],
      episode: { ...episodeRow(100011), scramble_seed: seed32 },
    });
    // As an import before ADR 055 left it: no light columns, no light objects.
    const made = store.pages.get(100011)!;
    for (const row of made) storage.objects.delete(row.light_storage_key!);
    store.pages.set(
      100011,
      made.map(({ light_width: _w, light_height: _h, light_bytes: _b, light_storage_key: _k, ...row }) => row),
    );
    expect(await store.listEpisodesMissingLightTier(10)).toEqual([100011]);

    const total = await ingest.makeMissingLightTiers();
    expect(total.episodes).toBe(1);
    expect(total.pages).toBe(2);
    const rows = store.pages.get(100011)!;
    for (const row of rows) {
      expect([row.light_width, row.light_height]).toEqual([192, 256]);
      expect((await storage.findObject(row.light_storage_key!))?.body.length).toBe(row.light_bytes);
    }
    // Made from the stored standard page: unscrambled it matches the shrunk page.
    const light = await images.decode((await storage.findObject(rows[1]!.light_storage_key!))!.body);
    const restored = images.moveTiles(light, tileRects(192, 256, seed32, 'v1'));
    const expected = await images.shrinkPage((await ingest.normalisePages([await page(400, 560, 90)]))[0]!.pixels, {
      targetWidth: 192,
      multiple: 64,
    });
    const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(meanDiff(restored.data, expected.data)).toBeLessThan(5);
    // Nothing left to make: a second run changes nothing.
    expect(await ingest.makeMissingLightTiers()).toEqual({ episodes: 0, pages: 0, bytes: 0 });
  });

  it('leaves a chapter re-imported while its tier was made alone, deleting what it wrote', async () => {
    const { storage, store, ingest } = setup();
    const seed32 = 0x1357;
    await ingest.ingestEpisodePages({
      titleId: 10001,
      episodeId: 100012,
      seed32,
      pages: [await page(400, 560, 30)],
      episode: { ...episodeRow(100012), scramble_seed: seed32 },
    });
    const [row] = store.pages.get(100012)!;
    storage.objects.delete(row!.light_storage_key!);
    store.pages.set(100012, [
      { ...row!, light_width: null, light_height: null, light_bytes: null, light_storage_key: null },
    ]);
    const before = new Set(storage.objects.keys());
    const record = store.recordLightTier.bind(store);
    store.recordLightTier = async (episodeId, pages) => {
      // A re-import commits between the tier being written and recorded.
      store.pages.set(100012, [{ ...row!, storage_key: 'episodes/100012/s00009999/001.jpg' }]);
      return record(episodeId, pages);
    };
    expect(await ingest.makeLightTier(100012)).toBeUndefined();
    expect(new Set(storage.objects.keys())).toEqual(before);
  });

  it('fails a chapter whose stored page is missing, writing nothing', async () => {
    const { storage, store, ingest } = setup();
    const seed32 = 0x2468;
    await ingest.ingestEpisodePages({
      titleId: 10001,
      episodeId: 100013,
      seed32,
      pages: [await page(400, 560, 30), await page(400, 560, 60)],
      episode: { ...episodeRow(100013), scramble_seed: seed32 },
    });
    const rows = store.pages.get(100013)!;
    for (const r of rows) storage.objects.delete(r.light_storage_key!);
    store.pages.set(
      100013,
      rows.map((r) => ({ ...r, light_width: null, light_height: null, light_bytes: null, light_storage_key: null })),
    );
    storage.objects.delete(rows[1]!.storage_key);
    const before = new Set(storage.objects.keys());
    await expect(ingest.makeLightTier(100013)).rejects.toThrow(/page 2: .* is missing/);
    expect(new Set(storage.objects.keys())).toEqual(before);
    expect(store.pages.get(100013)!.every((r) => r.light_storage_key === null)).toBe(true);
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
