import { describe, expect, it } from 'vitest';
import {
  continueHref,
  latestLocalProgress,
  type ProgressStorage,
  readLocalProgress,
  startPageOf,
  writeLocalProgress,
} from './reading-progress.ts';

function memoryStorage(): ProgressStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const entry = (episodeId: number, page: number, at: number, titleId = 10003) => ({
  titleId,
  episodeId,
  page,
  pageCount: 16,
  at,
});

describe('local reading progress', () => {
  it('keeps the latest page per chapter and finds the chapter of a title read last', () => {
    const storage = memoryStorage();
    writeLocalProgress(storage, entry(100041, 3, 1));
    writeLocalProgress(storage, entry(100042, 9, 2));
    writeLocalProgress(storage, entry(100041, 5, 3));
    writeLocalProgress(storage, entry(200001, 2, 4, 10004));
    expect(latestLocalProgress(storage, 10003)).toEqual(entry(100041, 5, 3));
    expect(latestLocalProgress(storage, 10004)?.episodeId).toBe(200001);
    expect(latestLocalProgress(storage, 10099)).toBeUndefined();
    expect(readLocalProgress(storage)).toHaveLength(3);
  });

  it('forgets the oldest chapters past 200 and survives broken storage', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= 205; id++) writeLocalProgress(storage, entry(id, 1, id));
    const kept = readLocalProgress(storage);
    expect(kept).toHaveLength(200);
    expect(kept[0]?.episodeId).toBe(6);
    storage.setItem('readingProgress', '{not json');
    expect(readLocalProgress(storage)).toEqual([]);
    storage.setItem('readingProgress', '[{"titleId":"x"}]');
    expect(readLocalProgress(storage)).toEqual([]);
  });

  it('links to a page of a chapter, and reads ?page= only inside the chapter', () => {
    expect(continueHref(10003, 100041, 7)).toBe('/title/10003/episode/100041?page=7');
    expect(continueHref(3, 100041, 1)).toBe('/title/00003/episode/100041');
    expect(startPageOf('7', 16)).toBe(7);
    for (const raw of [null, '0', '17', 'x', '1e3', '-2', '99999999']) expect(startPageOf(raw, 16)).toBeUndefined();
  });
});
