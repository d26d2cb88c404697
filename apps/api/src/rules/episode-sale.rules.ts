// Whether an episode can be bought or rented now (ADR 014), from its row and its title's free
// windows: the entitlement rules' free and free-window rule decides "free"; scheduled episodes and unpublished titles are never
// on sale. Pure; PurchaseService and TicketService apply it.
import type { Millis } from '#src/db/schema.ts';
import { freeEntitlementOf } from '#src/rules/entitlement.rules.ts';

/** The facts of an episode and its title that decide whether and how it is sold (a sale row). */
export interface EpisodeSaleFacts {
  point: number;
  start_at: Millis;
  free_until_at: Millis | null;
  ticket_rental_enabled: number;
  title_published_at: Millis;
  free_first_count: number;
  free_latest_count: number;
  title_free_until_at: Millis | null;
  /** 0-based position among the title's released episodes. */
  position: number;
  released_count: number;
}

/** Why an episode on the catalogue cannot be bought or rented now. */
export const NOT_RELEASED_MESSAGE = 'This chapter is not released yet.';
export const FREE_NOW_MESSAGE = 'This chapter is free to read.';

export type SaleState =
  | { kind: 'not_found' }
  | { kind: 'not_released' }
  | { kind: 'free' }
  | { kind: 'for_sale'; price: number };

export function episodeSaleState(row: EpisodeSaleFacts | undefined, now: number): SaleState {
  if (!row || row.title_published_at > now) return { kind: 'not_found' };
  if (row.start_at > now) return { kind: 'not_released' };
  const free = freeEntitlementOf(
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
export function isRentableWithTicket(row: Pick<EpisodeSaleFacts, 'ticket_rental_enabled'>, state: SaleState): boolean {
  return state.kind === 'for_sale' && row.ticket_rental_enabled === 1;
}
