// Whether an episode can be bought or rented now (ADR 014), from its row and its title's free
// windows: the free-window rule decides "free"; scheduled episodes and unpublished titles are never
// on sale. Pure; PurchaseService and TicketService apply it.
import type { EpisodeSaleRow } from '#src/repositories/purchase.repository.ts';
import { isEpisodeFree } from '#src/services/free-window.rule.ts';

/** Why an episode on the catalogue cannot be bought or rented now. */
export const NOT_RELEASED_MESSAGE = 'This chapter is not released yet.';
export const FREE_NOW_MESSAGE = 'This chapter is free to read.';

export type SaleState =
  | { kind: 'not_found' }
  | { kind: 'not_released' }
  | { kind: 'free' }
  | { kind: 'for_sale'; price: number };

export function episodeSaleState(row: EpisodeSaleRow | undefined, now: number): SaleState {
  if (!row || row.title_published_at > now) return { kind: 'not_found' };
  if (row.start_at > now) return { kind: 'not_released' };
  const free = isEpisodeFree(
    row,
    {
      free_first_count: row.free_first_count,
      free_latest_count: row.free_latest_count,
      free_until_at: row.title_free_until_at,
    },
    row.position,
    row.released_count,
    now,
  );
  return free ? { kind: 'free' } : { kind: 'for_sale', price: row.point };
}

/** On sale and open to ticket rentals (the episode allows them). */
export function isRentableWithTicket(row: EpisodeSaleRow, state: SaleState): boolean {
  return state.kind === 'for_sale' && row.ticket_rental_enabled === 1;
}
