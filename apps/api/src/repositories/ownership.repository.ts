// The EpisodeOwnershipSource port (rules/episode-ownership.rules.ts) on the database (ADR 014):
// purchases and running rentals of a reader for a list of episodes, one query each per 500 ids
// (/episode/list may carry thousands).
import { uniqueIds } from '@manga/contracts';
import { type Kysely, sql } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE } from '#src/db/batch.ts';
import { preparedRows } from '#src/db/prepared-query.ts';
import type { Database } from '#src/db/schema.ts';

/** Matches rules/episode-ownership.rules.ts EpisodeOwnership (repositories do not import services). */
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
      const rows = await preparedRows(
        this.db,
        `ownership:${ids.length}`,
        [userId, now, ...ids],
        (user, at, ...episodeIds) =>
          this.db
            .selectFrom('purchase')
            .select([
              'episode_id',
              sql<string | null>`cast(null as text)`.as('ticket_kind'),
              sql<number | null>`cast(null as bigint)`.as('expires_at'),
            ])
            .where('user_id', '=', user)
            .where('episode_id', 'in', episodeIds)
            .unionAll((eb) =>
              eb
                .selectFrom('rental')
                .select(['episode_id', 'ticket_kind', 'expires_at'])
                .where('user_id', '=', user)
                .where('episode_id', 'in', episodeIds)
                .where('expires_at', '>', at),
            ),
      );
      for (const row of rows) {
        const current = owned.get(row.episode_id) ?? { purchased: false };
        if (row.expires_at === null) {
          owned.set(row.episode_id, { ...current, purchased: true });
          continue;
        }
        const until = Number(row.expires_at);
        if (current.rentedUntil !== undefined && current.rentedUntil >= until) continue;
        owned.set(row.episode_id, {
          ...current,
          rentedUntil: until,
          rentalKind: row.ticket_kind === 'premium' ? 'premium' : 'title',
        });
      }
    }
    return owned;
  }
}
