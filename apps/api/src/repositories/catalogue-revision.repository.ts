import type { Kysely } from 'kysely';
import { preparedRows } from '#src/db/prepared-query.ts';
import type { Database } from '#src/db/schema.ts';

/**
 * The catalogue's revision (moved by triggers on every catalogue write, ADR 020) and the next moment
 * at which the catalogue changes by itself: a chapter or title released, a free window or a banner
 * starting or ending, a campaign text or an editor's top-page pick starting or ending (ADR 074).
 */
export class CatalogueRevisionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** SQLite's synchronous reader (DatabaseHandle.readSync): the revision read costs a microsecond. */
    private readonly readSync?: (sql: string) => unknown,
  ) {}

  async getRevision(): Promise<number> {
    if (this.readSync) {
      const row = this.readSync('SELECT revision FROM catalogue_revision WHERE id = 1') as
        | { revision: number }
        | undefined;
      return Number(row?.revision ?? 0);
    }
    const rows = await preparedRows(this.db, 'catalogue-revision', [1], (id) =>
      this.db.selectFrom('catalogue_revision').select('revision').where('id', '=', id),
    );
    return Number(rows[0]?.revision ?? 0);
  }

  /** The earliest scheduled change after `now`, or undefined when none is scheduled. */
  async findNextChangeAt(now: number): Promise<number | undefined> {
    const db = this.db;
    const firstAfter = async (
      query: () => Promise<{ at: number | string | bigint | null } | undefined>,
    ): Promise<number | undefined> => {
      const row = await query();
      return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
    };
    const times = await Promise.all([
      firstAfter(() =>
        db
          .selectFrom('episode')
          .select((eb) => eb.fn.min('start_at').as('at'))
          .where('start_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('episode')
          .select((eb) => eb.fn.min('free_until_at').as('at'))
          .where('free_until_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('title')
          .select((eb) => eb.fn.min('published_at').as('at'))
          .where('published_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('title')
          .select((eb) => eb.fn.min('free_until_at').as('at'))
          .where('free_until_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('magazine')
          .select((eb) => eb.fn.min('start_at').as('at'))
          .where('start_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('advertisement')
          .select((eb) => eb.fn.min('start_at').as('at'))
          .where('start_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('advertisement')
          .select((eb) => eb.fn.min('end_at').as('at'))
          .where('end_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('title')
          .select((eb) => eb.fn.min('campaign_start_at').as('at'))
          .where('campaign_start_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('title')
          .select((eb) => eb.fn.min('campaign_end_at').as('at'))
          .where('campaign_end_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('top_pick')
          .select((eb) => eb.fn.min('start_at').as('at'))
          .where('start_at', '>', now)
          .executeTakeFirst(),
      ),
      firstAfter(() =>
        db
          .selectFrom('top_pick')
          .select((eb) => eb.fn.min('end_at').as('at'))
          .where('end_at', '>', now)
          .executeTakeFirst(),
      ),
    ]);
    const known = times.filter((at): at is number => at !== undefined);
    return known.length === 0 ? undefined : Math.min(...known);
  }
}
