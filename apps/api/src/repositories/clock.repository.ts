// Time behind an adapter (architecture §5, architecture habit 2): services ask the clock, tests move it.

export interface ClockRepository {
  /** Current instant in epoch milliseconds. */
  now(): number;
}

export class SystemClock implements ClockRepository {
  now(): number {
    return Date.now();
  }
}

/** A clock that only moves when told to (ticket recharge, rental end, … in tests). */
export class FixedClock implements ClockRepository {
  private current: number;

  constructor(start: number | Date = Date.UTC(2026, 0, 1)) {
    this.current = toMillis(start);
  }

  now(): number {
    return this.current;
  }

  set(instant: number | Date): void {
    this.current = toMillis(instant);
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

function toMillis(instant: number | Date): number {
  const millis = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(millis)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return millis;
}
