// How an access answer (EntitlementService) shows on the wire, in one place: the badge (WIRE.md
// §3.1, contracts' EpisodeBadge), the price shown, `use_status`, and the page and bulk-buy flags.
// Badges and prices follow the entitlement, whatever the age gate says; the viewer enforces that.
import { EpisodeBadge, EpisodeUseStatus } from '@manga/contracts';
import type { EpisodeAccess } from '#src/rules/entitlement.rules.ts';

export interface EpisodeAccessFields {
  badge: EpisodeBadge;
  /** The price shown: 0 while the episode costs nothing. */
  point: number;
  use_status: EpisodeUseStatus;
  /** 1 when the reader holds the episode, so its pages show. */
  is_page_visible: 0 | 1;
  /** 1 when the episode can still be bought with others. */
  view_bulk_buy: 0 | 1;
}

/** The episode costs nothing now: free, or inside a free window. */
export function isFreeOfCharge(access: Pick<EpisodeAccess, 'entitlement'>): boolean {
  return access.entitlement === 'free' || access.entitlement === 'free_window';
}

export function toEpisodeAccessFields(access: Pick<EpisodeAccess, 'entitlement'>, price: number): EpisodeAccessFields {
  const free = isFreeOfCharge(access);
  const held = access.entitlement !== 'locked';
  return {
    badge: free ? EpisodeBadge.Free : EpisodeBadge.MustBuy,
    point: free ? 0 : price,
    use_status: free ? EpisodeUseStatus.Free : EpisodeUseStatus.Paid,
    is_page_visible: held ? 1 : 0,
    view_bulk_buy: held ? 0 : 1,
  };
}
