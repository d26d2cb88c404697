import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_FRAME, type LoadingBarFrame, LoadingBarTimeline } from './loading-bar-timeline.ts';
import { parseStoredLogin, storedLoginValue } from './login-state.tsx';
import { isReloadAllowed, isStatusDue, PageViewScheduler } from './timed-effects.ts';

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('status refresh', () => {
  it('runs at most once per 24 hours', () => {
    const day = 86_400_000;
    expect(isStatusDue(null, 1_000)).toBe(true);
    expect(isStatusDue('garbage', 1_000)).toBe(true);
    expect(isStatusDue(String(1_000), 1_000 + day - 1)).toBe(false);
    expect(isStatusDue(String(1_000), 1_000 + day)).toBe(true);
    expect(isStatusDue(String(5_000), 1_000)).toBe(true); // a clock that went back
  });
});

describe('reload guard', () => {
  it('allows one reload per 10 seconds', () => {
    expect(isReloadAllowed(null, 50_000)).toBe(true);
    expect(isReloadAllowed('40001', 50_000)).toBe(false);
    expect(isReloadAllowed('40000', 50_000)).toBe(true);
  });
});

describe('page-view event', () => {
  it('is sent 500 ms after a page change, and only for the last page', () => {
    const sent: string[] = [];
    const scheduler = new PageViewScheduler((path) => sent.push(path), timers);

    scheduler.pageChanged('/a');
    vi.advanceTimersByTime(300);
    scheduler.pageChanged('/b');
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['/b']);
  });
});

describe('loading bar timeline', () => {
  function timeline() {
    const frames: LoadingBarFrame[] = [];
    return { frames, bar: new LoadingBarTimeline((frame) => frames.push(frame), timers) };
  }

  it('stays hidden when loading ends within the 200 ms throttle', () => {
    const { frames, bar } = timeline();
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(5_000);
    expect(frames).toEqual([]);
  });

  it('runs over 2000 ms, completes, hides after 500 ms and resets 400 ms later', () => {
    const { frames, bar } = timeline();
    bar.start();
    vi.advanceTimersByTime(200);
    expect(frames.at(-1)).toEqual({ visible: true, progress: 0, transitionMs: 0 });
    vi.advanceTimersByTime(16);
    expect(frames.at(-1)).toEqual({ visible: true, progress: 90, transitionMs: 2000 });

    bar.finish();
    expect(frames.at(-1)).toMatchObject({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(frames.at(-1)?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(frames.at(-1)).toEqual({ visible: false, progress: 100, transitionMs: 0 });
    vi.advanceTimersByTime(399);
    expect(frames.at(-1)?.progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(frames.at(-1)).toEqual(HIDDEN_FRAME);
  });
});

describe('stored login flag', () => {
  it('round-trips true and false and ignores anything else', () => {
    expect(parseStoredLogin(storedLoginValue(true))).toBe(true);
    expect(parseStoredLogin(storedLoginValue(false))).toBe(false);
    expect(parseStoredLogin(null)).toBeUndefined();
    expect(parseStoredLogin('yes')).toBeUndefined();
  });
});
