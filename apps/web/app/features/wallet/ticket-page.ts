import type { Reservation } from '@manga/contracts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import type { LinkView, PremiumTicketsView, TicketMovementView } from './wallet.ts';

// /my/setting/ticket (product §2 premium ticket history): the premium tickets held with their
// expiries, every ticket movement (GET /account/ticket/flow: granted, used, expired) and the
// reservations (GET /account/reservation/flow: chapters owned before their release, ADR 014), each
// list paged on its own.

export const TICKET_HISTORY_PAGE_SIZE = 20;
export const RESERVATION_PAGE_SIZE = 10;
export const TICKET_HISTORY_PARAM = 'history_page';
export const RESERVATION_PARAM = 'reservation_page';

export interface ReservationView {
  key: string;
  title: LinkView;
  episode: LinkView;
  magazineName: string;
  releaseAt: string | undefined;
  purchasedAt: string | undefined;
}

export interface PagedList<T> {
  items: T[];
  page: number;
  hasNext: boolean;
}

export interface TicketPageData {
  tickets: PremiumTicketsView;
  history: PagedList<TicketMovementView>;
  reservations: PagedList<ReservationView>;
}

export function toReservation(reservation: Reservation, isoOf: (wire: string) => string | undefined): ReservationView {
  return {
    key: `${reservation.episode_id}`,
    title: { name: reservation.title_name, href: titleHref(reservation.title_id) },
    episode: { name: reservation.episode_name, href: episodeHref(reservation.title_id, reservation.episode_id) },
    magazineName: reservation.magazine_name,
    releaseAt: isoOf(reservation.start_time),
    purchasedAt: isoOf(reservation.purchase_time),
  };
}

/** A page of `pageSize` from an answer of up to pageSize + 1 items (the extra one says a next page exists). */
export function pagedList<T>(items: readonly T[], page: number, pageSize: number): PagedList<T> {
  return { items: items.slice(0, pageSize), page, hasNext: items.length > pageSize };
}
