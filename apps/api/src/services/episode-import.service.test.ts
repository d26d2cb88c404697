import { describe, expect, it } from 'vitest';
import type { EpisodeRow } from '#src/db/schema.ts';
import { FixedClock } from '#src/repositories/clock.repository.ts';
import { EpisodeImportService } from '#src/services/episode-import.service.ts';
import { IngestError } from '#src/services/ingest.service.ts';
import { episodeRow, images, ingestSetup, page } from '#test/services/ingest-fakes.ts';

const NOW = Date.UTC(2026, 10, 27);

function setup() {
  const built = ingestSetup();
  const read: string[] = [];
  let seed = 0x1000;
  const importer = new EpisodeImportService({
    ingest: built.ingest,
    store: built.store,
    archive: {
      readPages: async (source) => {
        read.push(source);
        return [
          { name: '001.png', bytes: await page(400, 560, 30) },
          { name: '002.png', bytes: await page(400, 560, 90) },
        ];
      },
    },
    images,
    clock: new FixedClock(NOW),
    randomU32: () => seed++,
  });
  return { ...built, importer, read };
}

async function refused(promise: Promise<unknown>): Promise<IngestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IngestError);
  return error as IngestError;
}

describe('EpisodeImportService', () => {
  it('refuses bad ids, a negative or fractional price and a missing title before reading anything', async () => {
    const { importer, read, storage } = setup();
    for (const titleId of [9_999, 100_000, 12_345.5, Number.NaN]) {
      const error = await refused(importer.importEpisode({ source: 'a.cbz', titleId, episodeId: 1 }));
      expect([error.code, error.message]).toEqual(['invalid_input', expect.stringMatching(/5 digits/)]);
    }
    for (const episodeId of [0, -1, 1.5]) {
      expect((await refused(importer.importEpisode({ source: 'a.cbz', titleId: 10001, episodeId }))).code).toBe(
        'invalid_input',
      );
    }
    for (const point of [-1, 0.5]) {
      expect(
        (await refused(importer.importEpisode({ source: 'a.cbz', titleId: 10001, episodeId: 1, point }))).code,
      ).toBe('invalid_input');
    }
    for (const titleName of [undefined, '   ']) {
      const error = await refused(importer.importEpisode({ source: 'a.cbz', titleId: 20002, episodeId: 1, titleName }));
      expect(error.code).toBe('title_missing');
    }
    expect(read).toEqual([]);
    expect(storage.objects.size).toBe(0);
  });

  it('refuses an episode id that belongs to another title', async () => {
    const { importer, store } = setup();
    store.episodes.set(5, { ...episodeRow(5), title_id: 10002 } as EpisodeRow);
    const error = await refused(importer.importEpisode({ source: 'a.cbz', titleId: 10001, episodeId: 5 }));
    expect(error.message).toMatch(/belongs to title 10002/);
  });

  it('creates a missing title with drawn art and publishes a new free episode at once', async () => {
    const { importer, store, storage } = setup();
    const result = await importer.importEpisode({
      source: 'new.cbz',
      titleId: 20002,
      episodeId: 7,
      titleName: '  Night Train  ',
    });
    expect(result).toMatchObject({ titleId: 20002, episodeId: 7, pageCount: 2, titleCreated: true, replaced: false });
    expect(store.titles.has(20002)).toBe(true);
    expect([...storage.objects.keys()].filter((key) => key.startsWith('titles/20002/')).sort()).toEqual([
      'titles/20002/banner.webp',
      'titles/20002/feature.webp',
      'titles/20002/thumbnail-rect.webp',
      'titles/20002/thumbnail.webp',
    ]);
    expect(store.episodes.get(7)).toMatchObject({
      title_id: 20002,
      sort_index: 1,
      name_en: 'Chapter 1',
      point: 0,
      start_at: NOW,
      scramble_seed: result.seed32,
    });
  });

  it('replaces an episode under a new seed, keeping its place, price and names unless given', async () => {
    const { importer, store } = setup();
    await importer.importEpisode({ source: 'one.cbz', titleId: 10001, episodeId: 8, point: 40, episodeName: 'Dawn' });
    const first = store.episodes.get(8)!;
    const again = await importer.importEpisode({ source: 'two.cbz', titleId: 10001, episodeId: 8 });
    expect(again).toMatchObject({ replaced: true, titleCreated: false });
    expect(again.seed32).not.toBe(first.scramble_seed);
    expect(store.episodes.get(8)).toMatchObject({
      sort_index: first.sort_index,
      point: 40,
      name_en: 'Dawn',
      name_ja: 'Dawn',
      scramble_seed: again.seed32,
    });
  });
});
