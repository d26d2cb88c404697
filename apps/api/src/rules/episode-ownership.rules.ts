// What a reader owns of which episodes (ADR 014), behind a port: purchases (one by one, in bulk, or
// with a magazine issue) and rentals until their finish time. The EntitlementService asks this port;
// until it exists, the viewer and /episode/list ask it directly.
import { EpisodeBadge } from '@manga/contracts';

export type RentalKind = 'title' | 'premium';

export interface EpisodeOwnership {
  purchased: boolean;
  /** Epoch ms at which the latest-ending running rental ends; absent when not rented. */
  rentedUntil?: number;
  rentalKind?: RentalKind;
}

export interface EpisodeOwnershipReader {
  /**
   * The reader's ownership of those of `episodeIds` that are purchased or rented at `now` (others are
   * absent). One or two queries per 500 ids.
   */
  listOwnership(userId: number, episodeIds: readonly number[], now: number): Promise<Map<number, EpisodeOwnership>>;
}

/** Whether an ownership opens the episode at `now`. */
export function opensEpisode(ownership: EpisodeOwnership | undefined, now: number): boolean {
  if (!ownership) return false;
  return ownership.purchased || (ownership.rentedUntil !== undefined && ownership.rentedUntil > now);
}

/** `badge` of WIRE.md §3.1: owned first (purchased, then rented), then free, else must buy. */
export function episodeBadge(free: boolean, ownership: EpisodeOwnership | undefined, now: number): EpisodeBadge {
  if (ownership?.purchased) return EpisodeBadge.Purchased;
  if (ownership?.rentedUntil !== undefined && ownership.rentedUntil > now) return EpisodeBadge.Rented;
  return free ? EpisodeBadge.Free : EpisodeBadge.MustBuy;
}
