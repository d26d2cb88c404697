// EntitlementService's rules, on in-memory rows: what opens an episode for a reader, and why.
import { serializeBirthdayCookie } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { Reader } from '#src/rules/entitlement.rules.ts';
import { TEST_NOW } from '#test/factories.ts';
import { newEntitlementService } from '#test/services/harness.ts';
import { readerStub, signedInReader, titleStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;

function setup() {
  const { sut, world } = newEntitlementService();
  const title = world.addTitle(titleStub.withFreeWindows());
  // Released 1–4 (1, 2 free first; 4 free latest), 5 scheduled.
  const episodes = [1, 2, 3, 4].map((n) =>
    world.addEpisode({ title_id: title.id, sort_index: n, start_at: TEST_NOW - (10 - n) * DAY }),
  );
  const scheduled = world.addEpisode({ title_id: title.id, sort_index: 5, start_at: TEST_NOW + DAY });
  return { sut, world, title, episodes, scheduled };
}

describe('EntitlementService.findEpisodeAccess', () => {
  it('answers nothing for an episode that does not exist', async () => {
    const { sut } = setup();
    expect(await sut.findEpisodeAccess(readerStub.anonymous, 424_242, TEST_NOW)).toBeUndefined();
  });

  it("opens the title's free first and latest episodes and locks the ones between", async () => {
    const { sut, episodes } = setup();
    const reasons = [];
    for (const episode of episodes) {
      const answer = await sut.findEpisodeAccess(readerStub.anonymous, episode.id, TEST_NOW);
      reasons.push([answer?.access.open, answer?.access.reason]);
    }
    expect(reasons).toEqual([
      [true, 'free'],
      [true, 'free'],
      [false, 'locked'],
      [true, 'free'],
    ]);
  });

  it('moves the free latest episode along when the next one is released', async () => {
    const { sut, world, episodes, scheduled } = setup();
    world.clock.set(scheduled.start_at);
    const latest = await sut.findEpisodeAccess(readerStub.anonymous, scheduled.id, world.clock.now());
    const previous = await sut.findEpisodeAccess(readerStub.anonymous, episodes[3]!.id, world.clock.now());
    expect([latest?.access.reason, previous?.access.reason]).toEqual(['free', 'locked']);
  });

  it('keeps a scheduled episode closed, and every episode of a title not published yet', async () => {
    const { sut, world, scheduled } = setup();
    const unpublished = world.addTitle(titleStub.unpublished());
    const early = world.addEpisode({ title_id: unpublished.id, point: 0 });
    expect((await sut.findEpisodeAccess(readerStub.adult, scheduled.id, TEST_NOW))?.access).toMatchObject({
      open: false,
      reason: 'unreleased',
    });
    expect((await sut.findEpisodeAccess(readerStub.adult, early.id, TEST_NOW))?.access).toMatchObject({
      open: false,
      reason: 'unreleased',
    });
  });

  it('frees a paid episode during a title campaign and says until when', async () => {
    const { sut, world } = newEntitlementService();
    const title = world.addTitle(titleStub.inCampaign(TEST_NOW + 3 * DAY));
    const paid = world.addEpisode({ title_id: title.id, point: 60 });
    expect((await sut.findEpisodeAccess(readerStub.anonymous, paid.id, TEST_NOW))?.access).toEqual({
      episodeId: paid.id,
      open: true,
      reason: 'free_window',
      entitlement: 'free_window',
      freeUntil: TEST_NOW + 3 * DAY,
    });
    const after = await sut.findEpisodeAccess(readerStub.anonymous, paid.id, TEST_NOW + 3 * DAY);
    expect(after?.access.reason).toBe('locked');
  });

  it('closes an age-rated title to a reader too young or of unknown age, and to crawlers; opens it to an adult', async () => {
    const { sut, world } = newEntitlementService();
    const rated = world.addTitle(titleStub.ratedSixteen());
    const free = world.addEpisode({ title_id: rated.id, point: 0 });
    const access = async (reader: Reader) => (await sut.findEpisodeAccess(reader, free.id, TEST_NOW))?.access;
    expect(await access(readerStub.minor)).toMatchObject({
      open: false,
      reason: 'age_restricted',
      entitlement: 'free',
      ageRating: 16,
      birthdayKnown: true,
    });
    expect(await access(readerStub.anonymous)).toMatchObject({ open: false, birthdayKnown: false });
    expect(await access(readerStub.adult)).toMatchObject({ open: true, reason: 'free' });
    expect(await access(readerStub.crawler)).toMatchObject({ open: false, reason: 'age_restricted' });
    expect(await access({ ...readerStub.adult, isCrawler: true })).toMatchObject({ open: false });
  });

  it("reads a logged-in reader's account birthday, never their cookie; an account without one reads the cookie", async () => {
    const { sut, world } = newEntitlementService();
    const rated = world.addTitle(titleStub.ratedSixteen());
    const free = world.addEpisode({ title_id: rated.id, point: 0 });
    const access = async (reader: Reader) => (await sut.findEpisodeAccess(reader, free.id, TEST_NOW))?.access;
    const as = (birthday: string | null) => {
      const user = world.addUser({ birthday });
      return { userId: user.id, sessionId: 1, status: 'active' as const, via: 'web' as const };
    };
    expect(await access({ ...readerStub.adult, user: as('2011-06') })).toMatchObject({ open: false, ageRating: 16 });
    expect(await access({ ...readerStub.minor, user: as('1990-04') })).toMatchObject({ open: true });
    expect(await access({ ...readerStub.adult, user: as(null) })).toMatchObject({ open: true });
    expect(await access({ ...readerStub.minor, user: as(null) })).toMatchObject({ open: false });
  });

  it('takes a birthday cookie only as the age gate writes it: unexpired, expiring within a year and a day', async () => {
    const { sut, world } = newEntitlementService();
    const rated = world.addTitle(titleStub.ratedSixteen());
    const free = world.addEpisode({ title_id: rated.id, point: 0 });
    const now = TEST_NOW / 1000;
    const open = async (expires: number) =>
      (
        await sut.findEpisodeAccess(
          { user: null, isCrawler: false, cookies: { birthday: serializeBirthdayCookie('1990-04', expires) } },
          free.id,
          TEST_NOW,
        )
      )?.access.open;
    expect(await open(now + 60)).toBe(true);
    expect(await open(now + 366 * 86_400)).toBe(true);
    expect(await open(now)).toBe(false);
    expect(await open(now + 367 * 86_400)).toBe(false);
    expect(await open(4_102_372_799)).toBe(false);
  });

  it('never takes a default the site recorded (ADR 026) as a birthday, for a visitor or an account without one', async () => {
    const { sut, world } = newEntitlementService();
    const rated = world.addTitle(titleStub.ratedSixteen());
    const free = world.addEpisode({ title_id: rated.id, point: 0 });
    const expires = TEST_NOW / 1000 + 3600;
    const defaultCookie = { birthday: serializeBirthdayCookie('2000-01', expires, 'default') };
    const user = world.addUser({ birthday: null });
    const session = { userId: user.id, sessionId: 1, status: 'active' as const, via: 'web' as const };
    const access = async (reader: Reader) => (await sut.findEpisodeAccess(reader, free.id, TEST_NOW))?.access;
    expect(await access({ user: null, isCrawler: false, cookies: defaultCookie })).toMatchObject({
      open: false,
      reason: 'age_restricted',
      birthdayKnown: false,
    });
    expect(await access({ user: session, isCrawler: false, cookies: defaultCookie })).toMatchObject({
      open: false,
      birthdayKnown: false,
    });
    // The same birthday declared (no marker) opens it.
    const declared = { birthday: serializeBirthdayCookie('2000-01', expires) };
    expect(await access({ user: null, isCrawler: false, cookies: declared })).toMatchObject({ open: true });
  });
});

describe('EntitlementService.decideEpisodeAccess (lists)', () => {
  it('answers each episode in the order given, by its position in its own title', async () => {
    const { sut, world, episodes } = setup();
    const other = world.addTitle(titleStub.withFreeWindows({ free_first_count: 1, free_latest_count: 0 }));
    const otherFirst = world.addEpisode({ title_id: other.id, sort_index: 1 });
    const otherSecond = world.addEpisode({ title_id: other.id, sort_index: 2 });
    const listings = await world.catalogue.listTitlesByIds([episodes[0]!.title_id, other.id], TEST_NOW);
    const listingOf = (titleId: number) => listings.find((l) => l.title.id === titleId)!;
    const asked = [otherSecond, episodes[2]!, otherFirst, episodes[0]!];
    const answers = await sut.decideEpisodeAccess(
      readerStub.anonymous,
      asked.map((episode) => ({ episode, listing: listingOf(episode.title_id) })),
      TEST_NOW,
    );
    expect(answers.map((a) => [a.episodeId, a.reason])).toEqual([
      [otherSecond.id, 'locked'],
      [episodes[2]!.id, 'locked'],
      [otherFirst.id, 'free'],
      [episodes[0]!.id, 'free'],
    ]);
  });
});

describe('EntitlementService: what a reader holds (ADR 014)', () => {
  function held() {
    const { sut, world } = newEntitlementService();
    const title = world.addTitle();
    const [first, second, third] = [1, 2, 3].map((n) => world.addEpisode({ title_id: title.id, sort_index: n }));
    const buyer = world.addUser();
    const other = world.addUser();
    return { sut, world, title, first: first!, second: second!, third: third!, buyer, other };
  }

  it('opens a bought episode to its buyer only', async () => {
    const { sut, world, first, buyer, other } = held();
    world.addPurchase(buyer, first);
    const access = async (reader: Reader) => (await sut.findEpisodeAccess(reader, first.id, TEST_NOW))?.access;
    expect(await access(signedInReader(buyer))).toEqual({
      episodeId: first.id,
      open: true,
      reason: 'purchased',
      entitlement: 'purchased',
    });
    expect(await access(signedInReader(other))).toMatchObject({ open: false, reason: 'locked' });
    expect(await access(readerStub.adult)).toMatchObject({ open: false, reason: 'locked' });
  });

  it('opens a rented episode until the rental ends, with the end and the ticket, and locks it from then on', async () => {
    const { sut, world, first, second, buyer } = held();
    const rental = world.addRental(buyer, first);
    world.addRental(buyer, second, { ticket_kind: 'premium', ticket_type: 99 });
    const reader = signedInReader(buyer);
    const [byTitleTicket, byPremium] = await sut.decideEpisodeAccess(
      reader,
      (await world.catalogue.listTitlesByIds([first.title_id], TEST_NOW)).flatMap((listing) =>
        [first, second].map((episode) => ({ episode, listing })),
      ),
      TEST_NOW,
    );
    expect(byTitleTicket).toEqual({
      episodeId: first.id,
      open: true,
      reason: 'rented',
      entitlement: 'rented',
      rentedUntil: rental.expires_at,
      rentalTicket: 'title',
    });
    expect(byPremium).toMatchObject({ open: true, reason: 'rented', rentalTicket: 'premium' });
    world.clock.set(rental.expires_at);
    expect((await sut.findEpisodeAccess(reader, first.id, world.clock.now()))?.access).toMatchObject({
      open: false,
      reason: 'locked',
      entitlement: 'locked',
    });
  });

  it('keeps a rated title closed to a minor who bought an episode of it, showing it as bought', async () => {
    const { sut, world, buyer } = held();
    const rated = world.addTitle(titleStub.ratedSixteen());
    const episode = world.addEpisode({ title_id: rated.id });
    const minorBuyer = world.addUser({ birthday: '2011-06' });
    world.addPurchase(buyer, episode);
    world.addPurchase(minorBuyer, episode);
    const access = async (reader: Reader) => (await sut.findEpisodeAccess(reader, episode.id, TEST_NOW))?.access;
    // The account's birthday decides (ADR 015), whatever the cookie says; the age rating wins over the purchase.
    expect(await access(signedInReader(minorBuyer))).toMatchObject({
      open: false,
      reason: 'age_restricted',
      entitlement: 'purchased',
      ageRating: 16,
      birthdayKnown: true,
    });
    expect(await access(signedInReader(buyer, readerStub.minor))).toMatchObject({ open: true, reason: 'purchased' });
    expect(await access({ ...signedInReader(buyer), isCrawler: true })).toMatchObject({
      open: false,
      reason: 'age_restricted',
      entitlement: 'purchased',
    });
  });

  it('reads what the reader holds once per batch, never for a reader without a session', async () => {
    const { sut, world, first, second, third, buyer } = held();
    world.addPurchase(buyer, third);
    const calls: number[][] = [];
    const ownership = {
      listOwnership: (userId: number, ids: readonly number[], now: number) => {
        calls.push([...ids]);
        return world.ownership.listOwnership(userId, ids, now);
      },
    };
    const [listing] = await world.catalogue.listTitlesByIds([first.title_id], TEST_NOW);
    const batch = [first, second, third].map((episode) => ({ episode, listing: listing! }));
    const answers = await sut.decideEpisodeAccess(signedInReader(buyer), batch, TEST_NOW, { ownership });
    expect(answers.map((a) => a.reason)).toEqual(['locked', 'locked', 'purchased']);
    expect(calls).toEqual([[first.id, second.id, third.id]]);
    await sut.decideEpisodeAccess(readerStub.adult, batch, TEST_NOW, { ownership });
    expect(calls).toHaveLength(1);
  });
});
