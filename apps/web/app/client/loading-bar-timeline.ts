import {
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_HIDE_DELAY_MS,
  LOADING_BAR_RESET_DELAY_MS,
  LOADING_BAR_THROTTLE_MS,
} from '@manga/contracts';
import type { Timers } from './timed-effects.ts';

/** What the bar shows: visibility, width in percent, and how long the move to that width takes. */
export interface LoadingBarFrame {
  visible: boolean;
  progress: number;
  transitionMs: number;
}

export const HIDDEN_FRAME: LoadingBarFrame = { visible: false, progress: 0, transitionMs: 0 };
/** How far the bar runs while waiting; the rest is covered when the page arrives. */
export const RUNNING_PROGRESS = 90;
/** How long the last stretch to 100 % takes. */
export const FINISH_MS = 200;

/**
 * The page-loading bar of product §9: it appears only when loading lasts longer than the throttle
 * (200 ms), runs over the duration (2000 ms), jumps to the end when done, hides after 500 ms and
 * resets its width 400 ms later.
 */
export class LoadingBarTimeline {
  readonly #emit: (frame: LoadingBarFrame) => void;
  readonly #timers: Timers;
  #handles: unknown[] = [];
  #visible = false;

  constructor(emit: (frame: LoadingBarFrame) => void, timers: Timers) {
    this.#emit = emit;
    this.#timers = timers;
  }

  #later(ms: number, callback: () => void): void {
    this.#handles.push(this.#timers.setTimeout(callback, ms));
  }

  #clear(): void {
    for (const handle of this.#handles) this.#timers.clearTimeout(handle);
    this.#handles = [];
  }

  start(): void {
    this.#clear();
    if (this.#visible) {
      this.#emit({ visible: true, progress: RUNNING_PROGRESS, transitionMs: LOADING_BAR_DURATION_MS });
      return;
    }
    this.#later(LOADING_BAR_THROTTLE_MS, () => {
      this.#visible = true;
      this.#emit({ visible: true, progress: 0, transitionMs: 0 });
      // Next frame: run towards RUNNING_PROGRESS over the duration.
      this.#later(16, () =>
        this.#emit({ visible: true, progress: RUNNING_PROGRESS, transitionMs: LOADING_BAR_DURATION_MS }),
      );
    });
  }

  finish(): void {
    this.#clear();
    if (!this.#visible) return;
    this.#emit({ visible: true, progress: 100, transitionMs: FINISH_MS });
    this.#later(LOADING_BAR_HIDE_DELAY_MS, () => {
      this.#visible = false;
      this.#emit({ visible: false, progress: 100, transitionMs: 0 });
      this.#later(LOADING_BAR_RESET_DELAY_MS, () => this.#emit(HIDDEN_FRAME));
    });
  }

  dispose(): void {
    this.#clear();
  }
}
