import { describe, expect, it } from 'vitest';
import {
  secondsUntilRecovery,
  type TitleTicketSettings,
  titleTicketNow,
  useTitleTicket,
} from '#src/rules/title-ticket.rules.ts';

const NOW = Date.UTC(2026, 0, 10);
const HOUR = 3_600_000;
const oneTicket: TitleTicketSettings = {
  ticket_enabled: 1,
  ticket_max: 1,
  ticket_recover_seconds: 23 * 3600,
  ticket_rental_seconds: 72 * 3600,
  ticket_version: 1,
};

describe('titleTicketNow', () => {
  it('holds a full stock without a stored state or after a version change', () => {
    expect(titleTicketNow(oneTicket, undefined, NOW)).toEqual({ own: 1, lastRecoveredAt: NOW, nextRecoverAt: null });
    const old = { own_num: 0, ticket_version: 1, last_recovered_at: NOW };
    expect(titleTicketNow({ ...oneTicket, ticket_version: 2 }, old, NOW).own).toBe(1);
  });

  it('recovers one ticket per period and counts the seconds down', () => {
    const used = { own_num: 0, ticket_version: 1, last_recovered_at: NOW };
    const soon = titleTicketNow(oneTicket, used, NOW + HOUR);
    expect(soon).toEqual({ own: 0, lastRecoveredAt: NOW, nextRecoverAt: NOW + 23 * HOUR });
    expect(secondsUntilRecovery(soon, NOW + HOUR)).toBe(22 * 3600);
    expect(secondsUntilRecovery(soon, NOW + HOUR + 500)).toBe(22 * 3600);
    expect(titleTicketNow(oneTicket, used, NOW + 23 * HOUR - 1).own).toBe(0);
    expect(titleTicketNow(oneTicket, used, NOW + 23 * HOUR)).toMatchObject({ own: 1, nextRecoverAt: null });
  });

  it('recovers a larger stock one ticket at a time, keeping the clock', () => {
    const three = { ...oneTicket, ticket_max: 3 };
    const empty = { own_num: 0, ticket_version: 1, last_recovered_at: NOW };
    expect(titleTicketNow(three, empty, NOW + 50 * HOUR)).toEqual({
      own: 2,
      lastRecoveredAt: NOW + 46 * HOUR,
      nextRecoverAt: NOW + 69 * HOUR,
    });
    expect(titleTicketNow(three, empty, NOW + 500 * HOUR).own).toBe(3);
  });

  it('never recovers with a recovery period of 0', () => {
    const used = { own_num: 0, ticket_version: 1, last_recovered_at: NOW };
    expect(titleTicketNow({ ...oneTicket, ticket_recover_seconds: 0 }, used, NOW + 1000 * HOUR)).toMatchObject({
      own: 0,
      nextRecoverAt: null,
    });
  });
});

describe('useTitleTicket', () => {
  it('starts the recovery clock when a full stock is used', () => {
    expect(useTitleTicket(oneTicket, undefined, NOW)).toEqual({
      own_num: 0,
      ticket_version: 1,
      last_recovered_at: NOW,
    });
  });

  it('refuses without a ticket and uses a recovered one', () => {
    const used = { own_num: 0, ticket_version: 1, last_recovered_at: NOW };
    expect(useTitleTicket(oneTicket, used, NOW + HOUR)).toBeUndefined();
    expect(useTitleTicket(oneTicket, used, NOW + 30 * HOUR)).toEqual({
      own_num: 0,
      ticket_version: 1,
      last_recovered_at: NOW + 30 * HOUR,
    });
  });

  it('keeps a recovering stock’s clock when one of several tickets is used', () => {
    const three = { ...oneTicket, ticket_max: 3 };
    const state = { own_num: 1, ticket_version: 1, last_recovered_at: NOW };
    expect(useTitleTicket(three, state, NOW + 10 * HOUR)).toEqual({
      own_num: 0,
      ticket_version: 1,
      last_recovered_at: NOW,
    });
  });
});
