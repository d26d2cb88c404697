import type { TitleTicketInfo } from '@manga/contracts';

// The title's own ticket as the title page and its rent confirmation show it (ADR 014).

/**
 * When the reader's next title ticket comes back (ISO instant), from the API's seconds to go: only
 * while the reader holds none and one is on its way; else undefined.
 */
export function nextTitleTicketAt(
  ticket: Pick<TitleTicketInfo, 'own_ticket_num' | 'next_ticket_recover_second'> | null | undefined,
  now: Date,
): string | undefined {
  if (ticket?.own_ticket_num !== 0 || ticket.next_ticket_recover_second <= 0) return undefined;
  return new Date(now.getTime() + ticket.next_ticket_recover_second * 1000).toISOString();
}
