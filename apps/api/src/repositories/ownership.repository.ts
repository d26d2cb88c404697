// The EpisodeOwnershipReader port (services/episode-ownership.ts) on the database (ADR 014):
// purchases and running rentals of a reader for a list of episodes, one query each per 500 ids
// (/episode/list may carry thousands).
import type { Kysely } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE, uniqueIds } from '#src/db/batch.ts';
import type { Database } from '#src/db/schema.ts';

/** Matches services/episode-ownership.ts EpisodeOwnership (repositories do not import services). */
export interface EpisodeOwnershipRow {
  purchased: boolean;
  rentedUntil?: number;
  rentalKind?: 'title' | 'premium';
}

export class OwnershipRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listOwnership(
    userId: number,
    episodeIds: readonly number[],
    now: number,
  ): Promise<Map<number, EpisodeOwnershipRow>> {
    const owned = new Map<number, EpisodeOwnershipRow>();
    for (const ids of chunk(uniqueIds(episodeIds), IN_LIST_CHUNK_SIZE)) {
      const purchases = await this.db
        .selectFrom('purchase')
        .select('episode_id')
        .where('user_id', '=', userId)
        .where('episode_id', 'in', ids)
        .execute();
      for (const { episode_id } of purchases) owned.set(episode_id, { purchased: true });
      const rentals = await this.db
        .selectFrom('rental')
        .select(['episode_id', 'ticket_kind', 'expires_at'])
        .where('user_id', '=', userId)
        .where('episode_id', 'in', ids)
        .where('expires_at', '>', now)
        .execute();
      for (const rental of rentals) {
        const current = owned.get(rental.episode_id) ?? { purchased: false };
        if (current.rentedUntil !== undefined && current.rentedUntil >= rental.expires_at) continue;
        owned.set(rental.episode_id, {
          ...current,
          rentedUntil: rental.expires_at,
          rentalKind: rental.ticket_kind === 'premium' ? 'premium' : 'title',
        });
      }
    }
    return owned;
  }
}
