import type { CatalogueRevisionEvent } from '@manga/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CatalogueRevisionStreams,
  type PushedRevisionSource,
} from '#src/services/catalogue-revision-stream.service.ts';

const HEARTBEAT_MS = 5_000;
const MAINTENANCE_POLL_MS = 500;

/** A revision source whose reads answer only when told, in any order. */
function fakeSource() {
  const listeners = new Set<() => void>();
  const reads: {
    answer(revision: number, validForMs?: number): Promise<void>;
    fail(): Promise<void>;
  }[] = [];
  const source: PushedRevisionSource & { pushed: boolean } = {
    pushed: true,
    describe() {
      return new Promise((resolve, reject) => {
        reads.push({
          answer: async (revision, validForMs = 30_000) => {
            resolve({ revision, validForMs });
            await settle();
          },
          fail: async () => {
            reject(new Error('database away'));
            await settle();
          },
        });
      });
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    listeners,
    reads,
    /** The feed says the revision may have moved. */
    change: () => {
      for (const listener of [...listeners]) listener();
    },
    /** The read begun `n`-th (from 0). */
    read: (n: number) => {
      const read = reads[n];
      if (!read) throw new Error(`no read number ${n} (${reads.length} began)`);
      return read;
    },
  };
}

/** Lets the answered reads' callbacks run (microtasks only: the fake clock does not move). */
async function settle() {
  for (let n = 0; n < 5; n++) await Promise.resolve();
}

function setup(maxStreams = 4) {
  const fake = fakeSource();
  const streams = new CatalogueRevisionStreams(fake.source, {
    maxStreams,
    heartbeatMs: HEARTBEAT_MS,
    maintenancePollMs: MAINTENANCE_POLL_MS,
  });
  const open = () => {
    const sent: CatalogueRevisionEvent[] = [];
    const end = vi.fn();
    const close = streams.subscribe((event) => sent.push(event), end);
    return { sent, end, close };
  };
  return { ...fake, streams, open };
}

const revision = (n: number, pushed = true, validForSeconds = 30): CatalogueRevisionEvent => ({
  event: 'revision',
  revision: n,
  valid_for_seconds: validForSeconds,
  pushed,
});

describe('CatalogueRevisionStreams', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the revision at once, with its validity in whole seconds', async () => {
    const s = setup();
    const stream = s.open();
    expect(s.reads).toHaveLength(1);
    await s.read(0).answer(3, 12_999);
    expect(stream.sent).toEqual([revision(3, true, 12)]);
  });

  it('says stale synchronously inside the change, then sends the revision read after it', async () => {
    const s = setup();
    const stream = s.open();
    await s.read(0).answer(1);
    // Synchronously: the line is on its socket before the write that moved the revision is answered.
    s.change();
    expect(stream.sent).toEqual([revision(1), { event: 'stale' }]);
    expect(s.reads).toHaveLength(2);
    await s.read(1).answer(2);
    expect(stream.sent).toEqual([revision(1), { event: 'stale' }, revision(2)]);
  });

  it('drops a read that began before a later change, and sends the read after it', async () => {
    const s = setup();
    const stream = s.open();
    s.change(); // while the first read is under way
    // The read after the change answers first; the earlier one, answering late, would be older.
    await s.read(1).answer(2);
    await s.read(0).answer(1);
    expect(stream.sent).toEqual([{ event: 'stale' }, revision(2)]);

    // The same for a heartbeat's read overtaken by a change.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(s.reads).toHaveLength(3);
    s.change();
    await s.read(2).answer(2);
    expect(stream.sent).toEqual([{ event: 'stale' }, revision(2), { event: 'stale' }]);
    await s.read(3).answer(3);
    expect(stream.sent.at(-1)).toEqual(revision(3));
  });

  it('carries whether the revision is pushed', async () => {
    const s = setup();
    s.source.pushed = false;
    const stream = s.open();
    await s.read(0).answer(1);
    s.source.pushed = true;
    s.change();
    await s.read(1).answer(2);
    expect(stream.sent).toEqual([revision(1, false), { event: 'stale' }, revision(2, true)]);
  });

  it('sends the revision again every heartbeat', async () => {
    const s = setup();
    const stream = s.open();
    await s.read(0).answer(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
    expect(s.reads).toHaveLength(1);
    for (let beat = 1; beat <= 3; beat++) {
      await vi.advanceTimersByTimeAsync(beat === 1 ? 1 : HEARTBEAT_MS);
      expect(s.reads).toHaveLength(1 + beat);
      await s.read(beat).answer(1, 30_000 - beat * HEARTBEAT_MS);
    }
    expect(stream.sent).toEqual([
      revision(1, true, 30),
      revision(1, true, 25),
      revision(1, true, 20),
      revision(1, true, 15),
    ]);
  });

  it('sends nothing for a failed read, and the revision at the next heartbeat that reads it', async () => {
    const s = setup();
    const stream = s.open();
    await s.read(0).fail();
    expect(stream.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await s.read(1).answer(4);
    expect(stream.sent).toEqual([revision(4)]);
    expect(stream.end).not.toHaveBeenCalled();
  });

  it('refuses a stream beyond maxStreams, and a closed stream frees its place', async () => {
    const s = setup(2);
    const first = s.open();
    s.open();
    expect(s.streams.size).toBe(2);
    const refused = s.open();
    expect(refused.close).toBeUndefined();
    // A refused stream costs nothing: no read, no listener, no timer.
    expect(s.reads).toHaveLength(2);
    expect(s.listeners.size).toBe(2);
    expect(vi.getTimerCount()).toBe(2);
    first.close?.();
    expect(s.streams.size).toBe(1);
    expect(s.open().close).toBeDefined();
    expect(s.streams.size).toBe(2);
  });

  it('sends nothing more once closed, and leaves no listener or timer behind', async () => {
    const s = setup();
    const stream = s.open();
    const other = s.open();
    await s.read(0).answer(1);
    await s.read(1).answer(1);
    s.change(); // reads 2 and 3 begin
    stream.close?.();
    stream.close?.(); // twice is harmless
    expect(s.listeners.size).toBe(1);
    expect(s.streams.size).toBe(1);
    await s.read(2).answer(2); // began before the close
    s.change();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    expect(stream.sent).toEqual([revision(1), { event: 'stale' }]);
    expect(stream.end).not.toHaveBeenCalled(); // close is the connection's own going: nothing to end
    expect(other.sent.filter((event) => event.event === 'stale')).toHaveLength(2);
    other.close?.();
    expect(s.listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends every stream at endAll, and frees every place', async () => {
    const s = setup(2);
    const streams = [s.open(), s.open()];
    await s.read(0).answer(1);
    await s.read(1).answer(1);
    s.streams.endAll();
    for (const stream of streams) expect(stream.end).toHaveBeenCalledTimes(1);
    expect(s.streams.size).toBe(0);
    expect(s.listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    // The connection's close that follows is harmless, and nothing more is sent.
    for (const stream of streams) stream.close?.();
    s.change();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    for (const stream of streams) {
      expect(stream.sent).toEqual([revision(1)]);
      expect(stream.end).toHaveBeenCalledTimes(1);
    }
    expect(s.open().close).toBeDefined();
  });

  it('never says pushed while maintenance is on or unread, and tells a switch like a move', async () => {
    const s = setup();
    let maintenance: boolean | Error = false;
    let maintenanceReads = 0;
    s.source.maintenanceOn = async () => {
      maintenanceReads += 1;
      if (maintenance instanceof Error) throw maintenance;
      return maintenance;
    };
    const stream = s.open();
    expect(s.reads).toHaveLength(0); // the first line waits for the first maintenance read
    await vi.advanceTimersByTimeAsync(0);
    await s.read(0).answer(1);
    expect(stream.sent).toEqual([revision(1, true)]);
    maintenance = true; // switched by another process
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS);
    expect(stream.sent.at(-1)).toEqual({ event: 'stale' });
    await s.read(1).answer(1);
    expect(stream.sent.at(-1)).toEqual(revision(1, false));
    // The heartbeat still says not pushed while it lasts.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - MAINTENANCE_POLL_MS);
    await s.read(2).answer(1);
    expect(stream.sent.at(-1)).toEqual(revision(1, false));
    maintenance = false;
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS);
    await s.read(3).answer(1);
    expect(stream.sent.slice(-2)).toEqual([{ event: 'stale' }, revision(1, true)]);
    // A failed read: not known to be off (told as a move), then off again once read.
    maintenance = new Error('database away');
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS);
    await s.read(4).answer(1);
    expect(stream.sent.slice(-2)).toEqual([{ event: 'stale' }, revision(1, false)]);
    maintenance = false;
    const linesBefore = stream.sent.length;
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS);
    expect(stream.sent).toHaveLength(linesBefore); // from unknown: said at the next line, not as a move
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await s.read(s.reads.length - 1).answer(1);
    expect(stream.sent.at(-1)).toEqual(revision(1, true));
    // No stream open: no reads, no timer.
    stream.close?.();
    const readsAtClose = maintenanceReads;
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS * 4);
    expect(maintenanceReads).toBe(readsAtClose);
    expect(vi.getTimerCount()).toBe(0);
  });
});
