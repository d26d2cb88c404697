import { describe, expect, it } from 'vitest';
import { admitsAge, decideEpisodeAccess, freeEntitlementOf, heldEntitlementOf } from '#src/rules/entitlement.rules.ts';

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
  /** The episode at `position` of the listing. */
  const placed = (
    item: { episode: ReturnType<typeof episode>; listing: ReturnType<typeof listing> },
    position: number,
  ) => ({
    episode: item.episode,
    title: item.listing.title,
    position,
    releasedCount: item.listing.releasedEpisodes.length,
  });

  it('opens a free episode and says why', () => {
    expect(
      decideEpisodeAccess(placed({ episode: episode(1), listing: listing() }, 0), undefined, undefined, now),
    ).toEqual({
      episodeId: 1,
      open: true,
      reason: 'free',
      entitlement: 'free',
    });
  });

  it('locks a paid episode', () => {
    expect(
      decideEpisodeAccess(placed({ episode: episode(2), listing: listing() }, 1), undefined, undefined, now),
    ).toMatchObject({
      open: false,
      reason: 'locked',
      entitlement: 'locked',
    });
  });

  it('closes an episode not out yet, and one of a title not published yet', () => {
    const future = decideEpisodeAccess(
      placed({ episode: episode(1, { start_at: now + 1 }), listing: listing() }, 0),
      undefined,
      undefined,
      now,
    );
    expect(future).toMatchObject({ open: false, reason: 'unreleased' });
    const unpublished = decideEpisodeAccess(
      placed({ episode: episode(1), listing: listing({ published_at: now + 1 }) }, 0),
      undefined,
      undefined,
      now,
    );
    expect(unpublished).toMatchObject({ open: false, reason: 'unreleased' });
  });

  it('closes an age-rated title to a reader without a birthday, keeping the entitlement for the badge', () => {
    expect(
      decideEpisodeAccess(
        placed({ episode: episode(1), listing: listing({ age_rating: 16 }) }, 0),
        undefined,
        undefined,
        now,
      ),
    ).toEqual({
      episodeId: 1,
      open: false,
      reason: 'age_restricted',
      entitlement: 'free',
      ageRating: 16,
      birthdayKnown: false,
    });
  });

  const adult = { year: 1950, month: 1 };
  const minor = { year: 1969, month: 6 }; // `now` falls in January 1970: not a year old
  const bought = { purchased: true };
  const renting = (until: number) => ({ purchased: false, rentedUntil: until, rentalKind: 'premium' as const });

  it('opens a bought episode, a purchase winning over a rental and over the free rules', () => {
    const item = placed({ episode: episode(2), listing: listing() }, 1);
    expect(decideEpisodeAccess(item, undefined, bought, now)).toEqual({
      episodeId: 2,
      open: true,
      reason: 'purchased',
      entitlement: 'purchased',
    });
    expect(decideEpisodeAccess(item, undefined, { ...renting(now + 5), purchased: true }, now)).toMatchObject({
      reason: 'purchased',
    });
    const free = placed({ episode: episode(1), listing: listing() }, 0);
    expect(decideEpisodeAccess(free, undefined, bought, now)).toMatchObject({ open: true, entitlement: 'purchased' });
  });

  it('opens a rented episode until the rental ends, naming the end and the ticket, then locks it again', () => {
    const item = placed({ episode: episode(2), listing: listing() }, 1);
    expect(decideEpisodeAccess(item, undefined, renting(now + 5), now)).toEqual({
      episodeId: 2,
      open: true,
      reason: 'rented',
      entitlement: 'rented',
      rentedUntil: now + 5,
      rentalTicket: 'premium',
    });
    expect(decideEpisodeAccess(item, undefined, renting(now + 5), now + 5)).toMatchObject({
      open: false,
      reason: 'locked',
    });
  });

  it('keeps what a reader holds behind the gates: a bought episode not out yet, a minor who bought', () => {
    const scheduled = placed({ episode: episode(3, { start_at: now + 1 }), listing: listing() }, -1);
    expect(decideEpisodeAccess(scheduled, adult, bought, now)).toEqual({
      episodeId: 3,
      open: false,
      reason: 'unreleased',
      entitlement: 'purchased',
    });
    const rated = placed({ episode: episode(2), listing: listing({ age_rating: 16 }) }, 1);
    expect(decideEpisodeAccess(rated, minor, bought, now)).toEqual({
      episodeId: 2,
      open: false,
      reason: 'age_restricted',
      entitlement: 'purchased',
      ageRating: 16,
      birthdayKnown: true,
    });
    expect(decideEpisodeAccess(rated, adult, bought, now)).toMatchObject({ open: true, reason: 'purchased' });
  });

  it('names the age gate on an episode not out yet too (a magazine issue carrying it is not sold to a minor)', () => {
    const scheduled = placed({ episode: episode(3, { start_at: now + 1 }), listing: listing({ age_rating: 16 }) }, -1);
    expect(decideEpisodeAccess(scheduled, undefined, undefined, now)).toMatchObject({
      reason: 'unreleased',
      ageRating: 16,
      birthdayKnown: false,
    });
  });
});

describe('heldEntitlementOf', () => {
  it('is a purchase, else a rental running at `now` (a title ticket unless said otherwise), else nothing', () => {
    expect(heldEntitlementOf({ purchased: true }, now)).toEqual({ reason: 'purchased' });
    expect(heldEntitlementOf({ purchased: false, rentedUntil: now + 1 }, now)).toEqual({
      reason: 'rented',
      rentedUntil: now + 1,
      rentalTicket: 'title',
    });
    expect(heldEntitlementOf({ purchased: false, rentedUntil: now }, now)).toBeUndefined();
    expect(heldEntitlementOf(undefined, now)).toBeUndefined();
  });
});
