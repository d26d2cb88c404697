import type { CatalogueRevisionEvent } from '@manga/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ReaderMove } from '#src/repositories/reader-revision.repository.ts';
import { CatalogueRevisionStreams, readerLines } from '#src/services/catalogue-revision-stream.service.ts';
import {
  READER_MOVES_READ_LIMIT,
  ReaderRevisionFeed,
  type ReadersMoved,
} from '#src/services/reader-revision-feed.service.ts';

/** reader_revision as a list of moves; reads answer at once unless `hold` is set. */
function fakeStore(startSeq = 10) {
  const moves: ReaderMove[] = [];
  let seq = startSeq;
  const store = {
    reads: 0,
    failNext: false,
    hold: undefined as Promise<void> | undefined,
    move(userId: number) {
      seq += 1;
      const existing = moves.findIndex((move) => move.user_id === userId);
      if (existing >= 0) moves.splice(existing, 1);
      moves.push({ user_id: userId, seq });
    },
    async lastSeq() {
      return seq;
    },
    async movedSince(after: number, limit: number) {
      store.reads += 1;
      await store.hold;
      if (store.failNext) {
        store.failNext = false;
        throw new Error('database away');
      }
      return moves.filter((move) => move.seq > after).slice(0, limit);
    },
  };
  return store;
}

function feedWith(store = fakeStore()) {
  const feed = new ReaderRevisionFeed(store);
  const told: ReadersMoved[] = [];
  feed.onMoved((moved) => told.push(moved));
  return { feed, store, told };
}

describe('ReaderRevisionFeed', () => {
  it('tells everyone at its first read (nothing was told before), then only the readers moved since', async () => {
    const { feed, store, told } = feedWith();
    store.move(3);
    await feed.catchUp();
    expect(told).toEqual(['all']);
    store.move(7);
    store.move(9);
    store.move(7);
    await feed.catchUp();
    expect(told.at(-1)).toEqual([9, 7]);
    await feed.catchUp();
    expect(told).toHaveLength(2);
  });

  it('tells everyone when more moved than one read takes', async () => {
    const { feed, store, told } = feedWith();
    await feed.catchUp();
    for (let id = 1; id <= READER_MOVES_READ_LIMIT; id++) store.move(id);
    await feed.catchUp();
    expect(told.at(-1)).toBe('all');
    store.move(5);
    await feed.catchUp();
    expect(told.at(-1)).toEqual([5]);
  });

  it('tells everyone and rejects when a read fails, and reads on from where it stood', async () => {
    const { feed, store, told } = feedWith();
    await feed.catchUp();
    store.move(4);
    store.failNext = true;
    await expect(feed.catchUp()).rejects.toThrow('database away');
    expect(told.at(-1)).toBe('all');
    await feed.catchUp();
    expect(told.at(-1)).toEqual([4]);
  });

  it('answers calls made during a read with one read begun after it', async () => {
    const { feed, store, told } = feedWith();
    await feed.catchUp();
    let release: () => void = () => undefined;
    store.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = feed.catchUp();
    store.move(8); // committed after the first read began: only a later read is sure to see it
    const second = feed.catchUp();
    const third = feed.catchUp();
    expect(second).toBe(third);
    store.hold = undefined;
    release();
    await Promise.all([first, second, third]);
    // The first call's read, and one read after it for both later calls.
    expect(store.reads).toBe(2);
    expect(told.flatMap((moved) => (moved === 'all' ? [] : moved))).toContain(8);
  });

  it("passes on the channel's readers and its losses, and tells a write of its own as stale", () => {
    const { feed, told } = feedWith();
    const stale = vi.fn();
    feed.onStale(stale);
    feed.told(12);
    feed.missed();
    feed.wrote();
    expect(told).toEqual([[12], 'all']);
    expect(stale).toHaveBeenCalledTimes(1);
  });
});

describe('readers on the revision streams', () => {
  function setup() {
    const { feed, store } = feedWith();
    let revision = 1;
    const streams = new CatalogueRevisionStreams(
      {
        describe: async () => ({ revision, validForMs: 30_000 }),
        onChange: () => () => undefined,
        pushed: true,
        readers: feed,
      },
      { maxStreams: 4, heartbeatMs: 5_000, maintenancePollMs: 500 },
    );
    const sent: CatalogueRevisionEvent[] = [];
    const close = streams.subscribe(
      (event) => sent.push(event),
      () => undefined,
    );
    return {
      feed,
      store,
      sent,
      close,
      moveRevision: () => {
        revision += 1;
      },
    };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('after a write of this process: stale at once, then the readers it moved, then the revision', async () => {
    const s = setup();
    await settle();
    expect(s.sent).toEqual([
      { event: 'readers', ids: 'all' },
      { event: 'revision', revision: 1, valid_for_seconds: 30, pushed: true },
    ]);
    s.store.move(21);
    s.feed.wrote();
    expect(s.sent.at(-1)).toEqual({ event: 'stale' });
    await settle();
    expect(s.sent.slice(-3)).toEqual([
      { event: 'stale' },
      { event: 'readers', ids: [21] },
      { event: 'revision', revision: 1, valid_for_seconds: 30, pushed: true },
    ]);
  });

  it("sends the channel's readers at once, and nothing once closed", async () => {
    const s = setup();
    await settle();
    const before = s.sent.length;
    s.feed.told(33);
    expect(s.sent.slice(before)).toEqual([{ event: 'readers', ids: [33] }]);
    s.close?.();
    s.feed.told(34);
    s.feed.wrote();
    expect(s.sent).toHaveLength(before + 1);
  });

  it('splits many readers into lines of at most READERS_PER_LINE', () => {
    const ids = Array.from({ length: 450 }, (_, n) => n + 1);
    const lines = readerLines(ids);
    expect(lines.map((line) => (line.event === 'readers' && line.ids !== 'all' ? line.ids.length : 0))).toEqual([
      200, 200, 50,
    ]);
    expect(readerLines('all')).toEqual([{ event: 'readers', ids: 'all' }]);
  });
});
