// TicketService on the service harness (ADR 011, ADR 014): renting with a title ticket or a premium
// ticket, what a rental writes, and the refusals (2011, 3100, 3103 for a wrong or stale ticket or an
// episode not for rent, 3102 for one held, 3112 without a usable ticket) writing nothing.
import { ResponseCode, TicketType } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '#src/db/schema.ts';
import { TICKET_SOURCE } from '#src/services/ticket.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newTestWorld, newTicketService } from '#test/services/harness.ts';
import { authStub, readerStub, rowFactory, signedInReader } from '#test/services/stubs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A title with one title ticket (72-hour rentals, back after 23 hours) and three rentable 40-point chapters. */
function rentalShop() {
  const { sut, world } = newTicketService(newTestWorld());
  const title = world.addTitle(
    rowFactory.title({
      ticket_enabled: 1,
      ticket_max: 1,
      ticket_recover_seconds: 82_800,
      ticket_rental_seconds: 259_200,
      ticket_version: 2,
    }),
  );
  const episodes = [1, 2, 3].map((sort_index) =>
    world.addEpisode({ title_id: title.id, sort_index, ticket_rental_enabled: 1 }),
  );
  const user = world.addUser();
  const premium = (expiresAt: number) =>
    world.tickets.insertPremiumTickets([
      { user_id: user.id, source: TICKET_SOURCE.Operator, granted_at: TEST_NOW - DAY, expires_at: expiresAt },
    ]);
  return { sut, world, title, episodes, user, premium, caller: callerOf(user) };
}

const callerOf = (user: UserRow) => ({ auth: authStub.web(user), reader: signedInReader(user) });
const titleTicket = (episodeId: number, version = 2) => ({
  episode_id: episodeId,
  ticket_type: TicketType.Title,
  ticket_version: version,
});
const premiumTicket = (episodeId: number) => ({
  episode_id: episodeId,
  ticket_type: TicketType.Premium,
  ticket_version: 1,
});

describe('TicketService.rentWithTicket', () => {
  it('rents with the title ticket for its rental time and spends the ticket', async () => {
    const { sut, world, title, episodes, user, caller } = rentalShop();
    expect(await sut.rentWithTicket(caller, titleTicket(episodes[0]!.id))).toEqual({
      rental_finish_time: '2026-01-04 09:00:00',
    });
    expect(world.tables.rentals).toEqual([
      expect.objectContaining({
        user_id: user.id,
        episode_id: episodes[0]!.id,
        title_id: title.id,
        ticket_kind: 'title',
        ticket_type: TicketType.Title,
        ticket_version: 2,
        started_at: TEST_NOW,
        expires_at: TEST_NOW + 72 * HOUR,
      }),
    ]);
    expect(world.tables.titleTickets).toEqual([
      { user_id: user.id, title_id: title.id, own_num: 0, ticket_version: 2, last_recovered_at: TEST_NOW },
    ]);
  });

  it('has no second title ticket until it recovers 23 hours later (3112)', async () => {
    const { sut, world, episodes, caller } = rentalShop();
    await sut.rentWithTicket(caller, titleTicket(episodes[0]!.id));
    expect(await codeOf(sut.rentWithTicket(caller, titleTicket(episodes[1]!.id)))).toBe(ResponseCode.TicketShortage);
    expect(world.tables.rentals).toHaveLength(1);
    world.clock.set(TEST_NOW + 23 * HOUR);
    await sut.rentWithTicket(caller, titleTicket(episodes[1]!.id));
    expect(world.tables.rentals.map((r) => r.episode_id)).toEqual([episodes[0]!.id, episodes[1]!.id]);
  });

  it('uses the premium ticket that expires first, never an expired one', async () => {
    const { sut, world, episodes, user, premium, caller } = rentalShop();
    await premium(TEST_NOW - HOUR);
    await premium(TEST_NOW + 9 * DAY);
    await premium(TEST_NOW + 2 * DAY);
    await sut.rentWithTicket(caller, premiumTicket(episodes[0]!.id));
    const used = world.tables.premiumTickets.filter((t) => t.used_at !== null);
    expect(used).toEqual([
      expect.objectContaining({ user_id: user.id, expires_at: TEST_NOW + 2 * DAY, used_episode_id: episodes[0]!.id }),
    ]);
    expect(world.tables.rentals[0]).toMatchObject({ ticket_kind: 'premium', ticket_type: TicketType.Premium });
  });

  it('refuses a premium rental when the only premium ticket has expired (3112)', async () => {
    const { sut, world, episodes, premium, caller } = rentalShop();
    await premium(TEST_NOW - HOUR);
    expect(await codeOf(sut.rentWithTicket(caller, premiumTicket(episodes[0]!.id)))).toBe(ResponseCode.TicketShortage);
    expect(world.tables.rentals).toEqual([]);
    expect(world.tables.premiumTickets.every((t) => t.used_at === null)).toBe(true);
  });

  it('refuses a title ticket of another type or an older version (3103), keeping the ticket', async () => {
    const { sut, world, episodes, caller } = rentalShop();
    for (const wrong of [titleTicket(episodes[0]!.id, 1), { ...titleTicket(episodes[0]!.id), ticket_type: 7 }]) {
      expect(await codeOf(sut.rentWithTicket(caller, wrong))).toBe(ResponseCode.EpisodeCannotRent);
    }
    expect(world.tables.rentals).toEqual([]);
    expect(world.tables.titleTickets).toEqual([]);
  });

  it('refuses an episode not for rent, a title without title tickets and a free episode (3103)', async () => {
    const { sut, world, title, caller } = rentalShop();
    const notForRent = world.addEpisode({ title_id: title.id, sort_index: 9, ticket_rental_enabled: 0 });
    expect(await codeOf(sut.rentWithTicket(caller, titleTicket(notForRent.id)))).toBe(ResponseCode.EpisodeCannotRent);
    const plain = world.addTitle();
    const plainEpisode = world.addEpisode({ title_id: plain.id, ticket_rental_enabled: 1 });
    expect(await codeOf(sut.rentWithTicket(caller, titleTicket(plainEpisode.id)))).toBe(ResponseCode.EpisodeCannotRent);
    const free = world.addEpisode({ title_id: title.id, sort_index: 10, point: 0, ticket_rental_enabled: 1 });
    expect(await codeOf(sut.rentWithTicket(caller, titleTicket(free.id)))).toBe(ResponseCode.EpisodeCannotRent);
    expect(world.tables.rentals).toEqual([]);
  });

  it('refuses an episode bought or rented now (3102), but rents again once a rental has expired', async () => {
    const { sut, world, episodes, user, caller } = rentalShop();
    world.addPurchase(user, episodes[0]!);
    world.addRental(user, episodes[1]!);
    world.addRental(user, episodes[2]!, { started_at: TEST_NOW - 80 * HOUR, expires_at: TEST_NOW - 8 * HOUR });
    for (const episode of episodes.slice(0, 2)) {
      expect(await codeOf(sut.rentWithTicket(caller, titleTicket(episode.id)))).toBe(
        ResponseCode.EpisodeAlreadyPurchased,
      );
    }
    expect(world.tables.titleTickets).toEqual([]);
    await sut.rentWithTicket(caller, titleTicket(episodes[2]!.id));
    expect(world.tables.rentals.filter((r) => r.episode_id === episodes[2]!.id)).toHaveLength(2);
  });

  it('refuses a caller without a session (2011) and an unknown episode (3100)', async () => {
    const { sut, episodes, caller } = rentalShop();
    expect(
      await codeOf(
        sut.rentWithTicket({ auth: authStub.anonymous, reader: readerStub.adult }, titleTicket(episodes[0]!.id)),
      ),
    ).toBe(ResponseCode.UserNotLogin);
    expect(await codeOf(sut.rentWithTicket(caller, titleTicket(999_999)))).toBe(ResponseCode.EpisodeNotFound);
  });
});

describe('TicketService.listTitleTickets', () => {
  it('shows a logged-out visitor a full stock and the episodes a ticket could open', async () => {
    const { sut, title, episodes } = rentalShop();
    const [answer] = (await sut.listTitleTickets(readerStub.adult, [title.id])).title_ticket_list;
    expect(answer?.ticket_info.title_ticket_info).toMatchObject({
      own_ticket_num: 1,
      ticket_version: 2,
      max_ticket_num: 1,
    });
    expect(answer?.ticket_info.premium_ticket_info?.own_ticket_num).toBe(0);
    expect(answer?.ticket_info.target_episode_id_list).toEqual(episodes.map((e) => e.id));
  });

  it('shows a reader their stock, their premium tickets, and leaves out what they hold', async () => {
    const { sut, title, episodes, user, premium, caller, world } = rentalShop();
    await premium(TEST_NOW + DAY);
    world.addPurchase(user, episodes[0]!);
    await sut.rentWithTicket(caller, titleTicket(episodes[1]!.id));
    const [answer] = (await sut.listTitleTickets(signedInReader(user), [title.id])).title_ticket_list;
    expect(answer?.ticket_info.title_ticket_info).toMatchObject({
      own_ticket_num: 0,
      next_ticket_recover_second: 82_800,
    });
    expect(answer?.ticket_info.premium_ticket_info?.own_ticket_num).toBe(1);
    expect(answer?.ticket_info.target_episode_id_list).toEqual([episodes[2]!.id]);
  });
});

describe('TicketService.grantPremiumTicketsIn', () => {
  it('refuses a count below one and a ticket that would be born expired', async () => {
    const { sut, world, user } = rentalShop();
    const grant = (count: number, expiresAt: number) =>
      sut.grantPremiumTicketsIn(world.tickets, { userId: user.id, count, source: 'operator', expiresAt }, TEST_NOW);
    await expect(grant(0, TEST_NOW + DAY)).rejects.toThrow(RangeError);
    await expect(grant(1, TEST_NOW)).rejects.toThrow(RangeError);
    await grant(2, TEST_NOW + DAY);
    expect(world.tables.premiumTickets).toHaveLength(2);
  });
});
