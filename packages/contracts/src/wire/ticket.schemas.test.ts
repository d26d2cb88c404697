import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import { TitleTicketListQuerySchema, TitleTicketListResponseSchema, TitleTicketSchema } from './ticket.schemas.ts';
import { makeTitleTicket } from './wire.factory.ts';

describe('TitleTicketListResponseSchema', () => {
  it('accepts the captured K MANGA values', () => {
    const body = successEnvelope({ title_ticket_list: [makeTitleTicket()] });
    expect(TitleTicketListResponseSchema.parse(body)).toEqual(body);
  });

  it('allows a title without premium or title tickets', () => {
    const ticket = makeTitleTicket({
      ticket_info: { premium_ticket_info: null, title_ticket_info: null, target_episode_id_list: [1, 2] },
    });
    expect(TitleTicketSchema.safeParse(ticket).success).toBe(true);
  });

  it('rejects an incomplete title ticket', () => {
    const ticket = makeTitleTicket();
    const broken = {
      ...ticket,
      ticket_info: { ...ticket.ticket_info, title_ticket_info: { own_ticket_num: 1 } },
    };
    expect(TitleTicketSchema.safeParse(broken).success).toBe(false);
  });

  it('parses the title_id_list query', () => {
    expect(TitleTicketListQuerySchema.parse({ title_id_list: '10639' })).toEqual({ title_id_list: [10639] });
  });
});
