import { describe, expect, it } from 'vitest';
import {
  continueHref,
  latestLocalProgress,
  type ProgressStorage,
  readLocalProgress,
  resumePageOf,
  startPageOf,
  withStartPage,
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

describe('resuming a chapter (issue 24)', () => {
  it('resumes inside the chapter only: not on page 1, not after its last page, not without a place', () => {
    expect(resumePageOf(7, 18)).toBe(7);
    expect(resumePageOf(17, 18)).toBe(17);
    expect([resumePageOf(1, 18), resumePageOf(18, 18), resumePageOf(0, 18), resumePageOf(undefined, 18)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(resumePageOf(Number.NaN, 18)).toBeUndefined();
  });

  it('keeps the page in the URL and leaves the rest of it alone', () => {
    expect(withStartPage('/title/10001/episode/100005', 7)).toBe('/title/10001/episode/100005?page=7');
    expect(withStartPage('/title/10001/episode/100005?page=3&x=1#comments-100005', 4)).toBe(
      '/title/10001/episode/100005?page=4&x=1#comments-100005',
    );
  });
});
