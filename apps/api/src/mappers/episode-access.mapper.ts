// How an access answer (EntitlementService) shows on the wire, in one place: the badge (wire
// §3.1, contracts' EpisodeBadge: 1 must buy, 2 free, 3 purchased, 4 rented), the price shown,
// `use_status`, the rental's end, and the page and bulk-buy flags. Badges and prices follow the
// entitlement, whatever the age gate says; the viewer enforces that.
import { EpisodeBadge, EpisodeUseStatus, formatWireDateTime } from '@manga/contracts';
import type { Entitlement, EpisodeAccess, TitleAgeAccess } from '#src/rules/entitlement.rules.ts';

export interface EpisodeAccessFields {
  badge: EpisodeBadge;
  /** The price shown: 0 while the episode costs nothing. */
  point: number;
  use_status: EpisodeUseStatus;
  /** 1 when the reader holds the episode (free, free window, bought or rented), so its pages show. */
  is_page_visible: 0 | 1;
  /** 1 when the episode can still be bought with others. */
  view_bulk_buy: 0 | 1;
}

const BADGE_OF: Readonly<Record<Entitlement, EpisodeBadge>> = {
  purchased: EpisodeBadge.Purchased,
  rented: EpisodeBadge.Rented,
  free: EpisodeBadge.Free,
  free_window: EpisodeBadge.Free,
  locked: EpisodeBadge.MustBuy,
};

/** The episode shows as free (badge 2): the Title's free counts and latest free episode. */
export function showsFree(access: Pick<EpisodeAccess, 'entitlement'>): boolean {
  return BADGE_OF[access.entitlement] === EpisodeBadge.Free;
}

export function toEpisodeAccessFields(access: Pick<EpisodeAccess, 'entitlement'>, price: number): EpisodeAccessFields {
  const badge = BADGE_OF[access.entitlement];
  const free = badge === EpisodeBadge.Free;
  const held = access.entitlement !== 'locked';
  return {
    badge,
    point: free ? 0 : price,
    use_status: free ? EpisodeUseStatus.Free : EpisodeUseStatus.Paid,
    is_page_visible: held ? 1 : 0,
    view_bulk_buy: held ? 0 : 1,
  };
}

/** `rental_finish_time`: while the reader rents the episode, when the rental ends (wire time); else null. */
export function toRentalFinishTime(
  access: Pick<EpisodeAccess, 'entitlement' | 'rentedUntil'>,
  timeZone: string,
): string | null {
  return access.entitlement === 'rented' && access.rentedUntil !== undefined
    ? formatWireDateTime(new Date(access.rentedUntil), timeZone)
    : null;
}

/** `age_gate` of GET /web/title/age_gate: the age rule's answer for a title and the caller (ADR 026). */
export function toTitleAgeGateResponse(titleId: number, access: TitleAgeAccess) {
  return {
    title_id: titleId,
    age_rating: access.ageRating,
    is_admitted: access.admitted ? 1 : 0,
    is_birthday_known: access.birthdayKnown ? 1 : 0,
  };
}
