import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { carryGuestProgress, pendingGuestProgress } from './guest-progress.ts';
import { type LocalProgress, READING_PROGRESS_KEY, readLocalProgress, writeLocalProgress } from './reading-progress.ts';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[READING_PROGRESS_KEY, initial]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const entry = (episodeId: number, page: number, at: number, guest = true): LocalProgress => ({
  titleId: 10_001,
  episodeId,
  page,
  pageCount: 20,
  at,
  ...(guest ? { guest: true as const } : {}),
});

class CodedError extends Error {
  constructor(readonly code: number) {
    super(`code ${code}`);
  }
}
const codeOf = (error: unknown) => (error instanceof CodedError ? error.code : 1099);

describe("carrying a guest's reading progress to the account", () => {
  it('sends only the guest chapters, oldest first, and takes their marks off', async () => {
    const storage = memoryStorage();
    writeLocalProgress(storage, entry(200_003, 7, 3));
    writeLocalProgress(storage, entry(200_001, 20, 1));
    writeLocalProgress(storage, entry(200_009, 4, 2, false)); // read while logged in: already on the account
    const sent: { episode_id: number; page: number }[] = [];
    const taken = await carryGuestProgress(storage, async (progress) => void sent.push(progress), codeOf);
    expect(taken).toBe(2);
    expect(sent).toEqual([
      { episode_id: 200_001, page: 20 },
      { episode_id: 200_003, page: 7 },
    ]);
    expect(pendingGuestProgress(storage)).toEqual([]);
    // The browser keeps every chapter's place.
    expect(readLocalProgress(storage).map((e) => e.episodeId)).toEqual([200_003, 200_001, 200_009]);
    // A second run sends nothing.
    expect(await carryGuestProgress(storage, async () => sent.push({ episode_id: 0, page: 0 }), codeOf)).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('drops chapters the account can never take, keeps the rest after a failure, stops when the session is gone', async () => {
    const storage = memoryStorage();
    for (const [id, at] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ] as const) {
      writeLocalProgress(storage, entry(id, 2, at));
    }
    const answers: Record<number, number | undefined> = {
      1: ResponseCode.ViewerEpisodeNotFound,
      2: ResponseCode.EpisodeUnpurchased,
      3: 1099, // the server failed: kept
      4: undefined, // taken
      5: ResponseCode.UserNotLogin, // the session ended: stop here
    };
    const tried: number[] = [];
    const taken = await carryGuestProgress(
      storage,
      async ({ episode_id }) => {
        tried.push(episode_id);
        const code = answers[episode_id];
        if (code !== undefined) throw new CodedError(code);
      },
      codeOf,
    );
    expect(taken).toBe(1);
    expect(tried).toEqual([1, 2, 3, 4, 5]);
    expect(pendingGuestProgress(storage).map((e) => e.episodeId)).toEqual([3, 5, 6]);
  });

  it('reads no hostile or broken marks', () => {
    const hostile = JSON.stringify([
      { ...entry(1, 2, 1), guest: 'yes' },
      { ...entry(2, 2, 2), guest: 1 },
      { ...entry(3, 2, 3), page: '2' },
      entry(4, 2, 4),
    ]);
    expect(pendingGuestProgress(memoryStorage(hostile)).map((e) => e.episodeId)).toEqual([4]);
    expect(pendingGuestProgress(memoryStorage('not json'))).toEqual([]);
    expect(pendingGuestProgress(undefined)).toEqual([]);
  });
});
