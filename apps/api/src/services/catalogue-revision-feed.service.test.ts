import { describe, expect, it } from 'vitest';
import { CatalogueRevisionFeed } from '#src/services/catalogue-revision-feed.service.ts';

function setup(options: { recheckMs?: number; live?: boolean } = {}) {
  let revision = 1;
  let elapsed = 0;
  let release: (() => void) | undefined;
  let held = false;
  const store = {
    reads: 0,
    async getRevision() {
      store.reads += 1;
      const value = revision;
      if (held) await new Promise<void>((resolve) => (release = resolve));
      return value;
    },
    findNextChangeAt: async () => undefined,
  };
  const channel = { live: options.live ?? true };
  const feed = new CatalogueRevisionFeed(store, channel, {
    recheckMs: options.recheckMs ?? 10_000,
    elapsed: () => elapsed,
  });
  return {
    feed,
    store,
    channel,
    setRevision: (value: number) => (revision = value),
    advance: (ms: number) => (elapsed += ms),
    hold: () => (held = true),
    release: () => {
      held = false;
      release?.();
    },
  };
}

describe('CatalogueRevisionFeed', () => {
  it('reads once, then trusts the revision until told of a change', async () => {
    const s = setup();
    expect(await s.feed.getRevision()).toBe(1);
    for (let n = 0; n < 50; n++) expect(await s.feed.getRevision()).toBe(1);
    expect(s.store.reads).toBe(1);
    s.setRevision(2);
    expect(await s.feed.getRevision()).toBe(1); // nobody said so yet: within the bound
    s.feed.changed();
    expect(await s.feed.getRevision()).toBe(2);
    expect(await s.feed.getRevision()).toBe(2);
    expect(s.store.reads).toBe(2);
  });

  it('trusts nothing while the read that follows a change is under way', async () => {
    // Found in review (ADR 077): a read started after a change cleared the stale mark at once, so
    // callers meanwhile (and the replay's trustedRevision) got the revision from before the change.
    const s = setup();
    expect(await s.feed.getRevision()).toBe(1);
    s.setRevision(2);
    s.hold();
    s.feed.changed();
    const reading = s.feed.getRevision();
    expect(s.feed.trustedRevision()).toBeUndefined();
    const meanwhile = s.feed.getRevision();
    s.release();
    expect(await reading).toBe(2);
    expect(await meanwhile).toBe(2);
    await Promise.resolve();
    expect(s.feed.trustedRevision()).toBe(2);
    expect(s.store.reads).toBe(2);
  });

  it('reads again once the recheck bound has passed, even without a message (one missed)', async () => {
    const s = setup({ recheckMs: 5_000 });
    await s.feed.getRevision();
    s.setRevision(7);
    s.advance(4_999);
    expect(await s.feed.getRevision()).toBe(1);
    s.advance(1);
    expect(await s.feed.getRevision()).toBe(7);
    expect(s.store.reads).toBe(2);
  });

  it('reads on every call while the channel is down, and with push off', async () => {
    const down = setup({ live: false });
    for (let n = 0; n < 3; n++) await down.feed.getRevision();
    expect(down.store.reads).toBe(3);
    down.channel.live = true;
    down.feed.changed(); // the channel tells a change when it comes back
    await down.feed.getRevision();
    await down.feed.getRevision();
    expect(down.store.reads).toBe(4);

    const off = setup({ recheckMs: 0 });
    for (let n = 0; n < 3; n++) await off.feed.getRevision();
    expect(off.store.reads).toBe(3);
  });

  it('does not hand a read that started before a change to a caller that came after it', async () => {
    const s = setup();
    s.hold();
    const early = s.feed.getRevision();
    await new Promise((resolve) => setImmediate(resolve)); // the read has started, and waits
    s.setRevision(2);
    s.feed.changed();
    const late = s.feed.getRevision();
    s.release();
    await new Promise((resolve) => setImmediate(resolve));
    s.release(); // the late read, held too
    expect(await early).toBe(1);
    expect(await late).toBe(2);
    // Concurrent callers with no change between them share one read.
    s.feed.changed();
    const [a, b] = await Promise.all([s.feed.getRevision(), s.feed.getRevision()]);
    expect([a, b]).toEqual([2, 2]);
    expect(s.store.reads).toBe(3);
  });

  it('reads again after a failed read', async () => {
    const s = setup();
    s.store.getRevision = async () => {
      s.store.reads += 1;
      throw new Error('database away');
    };
    await expect(s.feed.getRevision()).rejects.toThrow('database away');
    await expect(s.feed.getRevision()).rejects.toThrow('database away');
    expect(s.store.reads).toBe(2);
  });
});
