import { describe, expect, it } from 'vitest';
import { admitsAge, decideEpisodeAccess, freeEntitlementOf } from '#src/rules/entitlement.rules.ts';

const title = { free_first_count: 3, free_latest_count: 1, free_until_at: null };
const paid = { point: 50, free_until_at: null };
const now = 1_000_000;

describe('freeEntitlementOf (the free windows of issue 4)', () => {
  it('treats a zero price as free whatever the window', () => {
    expect(freeEntitlementOf({ point: 0, free_until_at: null }, { ...title, free_first_count: 0 }, 5, 10, now)).toEqual(
      {
        reason: 'free',
      },
    );
  });

  it('frees the first N released episodes and no more', () => {
    expect(freeEntitlementOf(paid, title, 2, 10, now)).toEqual({ reason: 'free' });
    expect(freeEntitlementOf(paid, title, 3, 10, now)).toBeUndefined();
  });

  it('frees the latest N released episodes', () => {
    expect(freeEntitlementOf(paid, title, 9, 10, now)).toEqual({ reason: 'free' });
    expect(freeEntitlementOf(paid, title, 8, 10, now)).toBeUndefined();
  });

  it('frees everything while a title campaign runs, and nothing extra after it ends', () => {
    const campaign = { ...title, free_until_at: now + 1 };
    expect(freeEntitlementOf(paid, campaign, 5, 10, now)).toEqual({ reason: 'free_window', freeUntil: now + 1 });
    expect(freeEntitlementOf(paid, campaign, 5, 10, now + 1)).toBeUndefined();
  });

  it('honours a time-limited free window on one episode', () => {
    expect(freeEntitlementOf({ point: 50, free_until_at: now + 10 }, title, 5, 10, now)).toEqual({
      reason: 'free_window',
      freeUntil: now + 10,
    });
    expect(freeEntitlementOf({ point: 50, free_until_at: now }, title, 5, 10, now)).toBeUndefined();
  });

  it('names the later end when a campaign and an episode window both run', () => {
    const campaign = { ...title, free_until_at: now + 5 };
    expect(freeEntitlementOf({ point: 50, free_until_at: now + 9 }, campaign, 5, 10, now)).toEqual({
      reason: 'free_window',
      freeUntil: now + 9,
    });
  });
});

describe('admitsAge', () => {
  const born = (year: number, month: number) => ({ year, month });
  // `now` falls in January 1970.
  it('admits everyone to unrated titles, birthday or not', () => {
    expect(admitsAge(0, undefined, now)).toBe(true);
  });

  it('needs a birthday at least as old as the rating', () => {
    expect(admitsAge(16, undefined, now)).toBe(false);
    expect(admitsAge(16, born(1954, 1), now)).toBe(true);
    expect(admitsAge(16, born(1954, 2), now)).toBe(false);
  });
});

describe('decideEpisodeAccess', () => {
  const listing = (
    overrides: Partial<{ published_at: number; age_rating: number; free_first_count: number }> = {},
  ) => ({
    title: {
      published_at: 0,
      age_rating: 0,
      free_first_count: 1,
      free_latest_count: 0,
      free_until_at: null,
      ...overrides,
    },
    releasedEpisodes: [{ id: 1 }, { id: 2 }],
  });
  const episode = (id: number, overrides: Partial<{ start_at: number; point: number }> = {}) => ({
    id,
    point: 40,
    start_at: 0,
    free_until_at: null,
    ...overrides,
  });

  it('opens a free episode and says why', () => {
    expect(decideEpisodeAccess({ episode: episode(1), listing: listing() }, 0, undefined, now)).toEqual({
      episodeId: 1,
      open: true,
      reason: 'free',
      entitlement: 'free',
    });
  });

  it('locks a paid episode', () => {
    expect(decideEpisodeAccess({ episode: episode(2), listing: listing() }, 1, undefined, now)).toMatchObject({
      open: false,
      reason: 'locked',
      entitlement: 'locked',
    });
  });

  it('closes an episode not out yet, and one of a title not published yet', () => {
    const future = decideEpisodeAccess(
      { episode: episode(1, { start_at: now + 1 }), listing: listing() },
      0,
      undefined,
      now,
    );
    expect(future).toMatchObject({ open: false, reason: 'unreleased' });
    const unpublished = decideEpisodeAccess(
      { episode: episode(1), listing: listing({ published_at: now + 1 }) },
      0,
      undefined,
      now,
    );
    expect(unpublished).toMatchObject({ open: false, reason: 'unreleased' });
  });

  it('closes an age-rated title to a reader without a birthday, keeping the entitlement for the badge', () => {
    expect(
      decideEpisodeAccess({ episode: episode(1), listing: listing({ age_rating: 16 }) }, 0, undefined, now),
    ).toEqual({
      episodeId: 1,
      open: false,
      reason: 'age_restricted',
      entitlement: 'free',
      ageRating: 16,
      birthdayKnown: false,
    });
  });
});
