import { describe, expect, it } from 'vitest';
import { FixedClock, SystemClock } from '#src/repositories/clock.repository.ts';

describe('SystemClock', () => {
  it('reads the system time in epoch milliseconds', () => {
    const before = Date.now();
    const now = new SystemClock().now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('FixedClock', () => {
  it('stands still until set or advanced', () => {
    const clock = new FixedClock(Date.UTC(2026, 4, 1));
    expect(clock.now()).toBe(Date.UTC(2026, 4, 1));
    clock.advance(90_000);
    expect(clock.now()).toBe(Date.UTC(2026, 4, 1, 0, 1, 30));
    clock.set(new Date(Date.UTC(2026, 5, 1)));
    expect(clock.now()).toBe(Date.UTC(2026, 5, 1));
  });

  it('rejects an invalid instant', () => {
    expect(() => new FixedClock(Number.NaN)).toThrow(RangeError);
    expect(() => new FixedClock().set(new Date('not a date'))).toThrow(RangeError);
  });
});
