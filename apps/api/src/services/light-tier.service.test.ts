import { tileRects } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { LightTierService } from '#src/services/light-tier.service.ts';
import { episodeRow, images, ingestSetup, page } from '#test/services/ingest-fakes.ts';

function setup() {
  const built = ingestSetup();
  return {
    ...built,
    lightTier: new LightTierService({ ingest: built.ingest, store: built.store, storage: built.storage }),
  };
}

describe('LightTierService', () => {
  it('makes the missing tier of a chapter imported before it, once, from the stored pages', async () => {
    const { storage, store, ingest, lightTier } = setup();
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

    const total = await lightTier.makeMissingLightTiers();
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
    expect(await lightTier.makeMissingLightTiers()).toEqual({ episodes: 0, pages: 0, bytes: 0 });
  });

  it('leaves a chapter re-imported while its tier was made alone, deleting what it wrote', async () => {
    const { storage, store, ingest, lightTier } = setup();
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
    expect(await lightTier.makeLightTier(100012)).toBeUndefined();
    expect(new Set(storage.objects.keys())).toEqual(before);
  });

  it('fails a chapter whose stored page is missing, writing nothing', async () => {
    const { storage, store, ingest, lightTier } = setup();
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
    await expect(lightTier.makeLightTier(100013)).rejects.toThrow(/page 2: .* is missing/);
    expect(new Set(storage.objects.keys())).toEqual(before);
    expect(store.pages.get(100013)!.every((r) => r.light_storage_key === null)).toBe(true);
  });
});
