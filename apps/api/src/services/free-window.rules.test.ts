import { describe, expect, it } from 'vitest';
import { isEpisodeFree } from '#src/services/free-window.rules.ts';

const title = { free_first_count: 3, free_latest_count: 1, free_until_at: null };
const paid = { point: 50, free_until_at: null };
const now = 1_000_000;

describe('isEpisodeFree', () => {
  it('treats a zero price as free whatever the window', () => {
    expect(isEpisodeFree({ point: 0, free_until_at: null }, { ...title, free_first_count: 0 }, 5, 10, now)).toBe(true);
  });

  it('frees the first N released episodes and no more', () => {
    expect(isEpisodeFree(paid, title, 2, 10, now)).toBe(true);
    expect(isEpisodeFree(paid, title, 3, 10, now)).toBe(false);
  });

  it('frees the latest N released episodes', () => {
    expect(isEpisodeFree(paid, title, 9, 10, now)).toBe(true);
    expect(isEpisodeFree(paid, title, 8, 10, now)).toBe(false);
  });

  it('frees everything while a title campaign runs, and nothing extra after it ends', () => {
    const campaign = { ...title, free_until_at: now + 1 };
    expect(isEpisodeFree(paid, campaign, 5, 10, now)).toBe(true);
    expect(isEpisodeFree(paid, campaign, 5, 10, now + 1)).toBe(false);
  });

  it('honours a time-limited free window on one episode', () => {
    expect(isEpisodeFree({ point: 50, free_until_at: now + 10 }, title, 5, 10, now)).toBe(true);
    expect(isEpisodeFree({ point: 50, free_until_at: now }, title, 5, 10, now)).toBe(false);
  });
});
