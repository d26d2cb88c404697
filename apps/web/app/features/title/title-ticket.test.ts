import { describe, expect, it } from 'vitest';
import { nextTitleTicketAt } from './title-ticket.ts';

describe('nextTitleTicketAt', () => {
  const now = new Date('2026-11-25T03:00:00.000Z');

  it('is when the next ticket comes back, while the reader holds none', () => {
    expect(nextTitleTicketAt({ own_ticket_num: 0, next_ticket_recover_second: 3600 }, now)).toBe(
      '2026-11-25T04:00:00.000Z',
    );
  });

  it('is nothing while the reader holds a ticket, none is on its way, or the API told nothing', () => {
    expect(nextTitleTicketAt({ own_ticket_num: 1, next_ticket_recover_second: 3600 }, now)).toBeUndefined();
    expect(nextTitleTicketAt({ own_ticket_num: 0, next_ticket_recover_second: 0 }, now)).toBeUndefined();
    expect(nextTitleTicketAt(null, now)).toBeUndefined();
    expect(nextTitleTicketAt(undefined, now)).toBeUndefined();
  });
});
