// What may be bought or rented now (ADR 014), read from EntitlementService's answers: never decided
// here from prices or windows. Pure; PurchaseService and TicketService apply it inside the
// transaction that spends, after the reader's lock, so that what the reader holds is current.
import { ResponseCode } from '@manga/contracts';
import type { Millis } from '#src/db/schema.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import {
  ageRestrictedError,
  type EpisodeAccess,
  isFreeOfCharge,
  isHeld,
  type PlacedEpisode,
} from '#src/rules/entitlement.rules.ts';

export const NOT_RELEASED_MESSAGE = 'This chapter is not released yet.';
export const FREE_NOW_MESSAGE = 'This chapter is free to read.';

/** An episode's sale row: the episode, its title's free rules and rating, and its place (one query). */
export interface EpisodeSaleFacts {
  id: number;
  point: number;
  start_at: Millis;
  free_until_at: Millis | null;
  title_published_at: Millis;
  title_age_rating: number;
  free_first_count: number;
  free_latest_count: number;
  title_free_until_at: Millis | null;
  /** 0-based position among the title's released episodes. */
  position: number;
  released_count: number;
}

/** A sale row as the entitlement rules read it. */
export function placedSale(row: EpisodeSaleFacts): PlacedEpisode {
  return {
    episode: { id: row.id, point: row.point, start_at: row.start_at, free_until_at: row.free_until_at },
    title: {
      published_at: row.title_published_at,
      age_rating: row.title_age_rating,
      free_first_count: row.free_first_count,
      free_latest_count: row.free_latest_count,
      free_until_at: row.title_free_until_at,
    },
    position: row.position,
    releasedCount: row.released_count,
  };
}

/** 2016 when the rating of any of the episodes' titles does not admit the reader (released or not). */
export function ageRefusal(accesses: readonly EpisodeAccess[]): DomainError | undefined {
  const refused = accesses.find((access) => access.ageRating !== undefined);
  return refused && ageRestrictedError(refused);
}

/**
 * Why episodes cannot be bought or rented now, undefined when every one can. Checked over the whole
 * batch in this order: not released yet or free for everyone (`notForSale`: 3101 to buy, 3103 to
 * rent), already bought or rented (3102), the title's age rating (2016).
 */
export function saleRefusal(accesses: readonly EpisodeAccess[], notForSale: ResponseCode): DomainError | undefined {
  if (accesses.some((access) => access.reason === 'unreleased'))
    return new DomainError(notForSale, NOT_RELEASED_MESSAGE);
  if (accesses.some(isFreeOfCharge)) return new DomainError(notForSale, FREE_NOW_MESSAGE);
  if (accesses.some(isHeld)) return new DomainError(ResponseCode.EpisodeAlreadyPurchased);
  return ageRefusal(accesses);
}
