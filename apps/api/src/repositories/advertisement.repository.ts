import type { Kysely } from 'kysely';
import type { AdvertisementRow, Database } from '#src/db/schema.ts';

export class AdvertisementRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Active advertisements of a type running at `now`, by position. */
  listActiveAdvertisements(type: number, now: number): Promise<AdvertisementRow[]> {
    return this.db
      .selectFrom('advertisement')
      .selectAll()
      .where('type', '=', type)
      .where('active', '=', 1)
      .where('start_at', '<=', now)
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  findAdvertisementById(id: number): Promise<AdvertisementRow | undefined> {
    return this.db.selectFrom('advertisement').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Adds one to an advertisement's daily counter ('view' | 'click'). */
  async incrementCounter(advertisementId: number, kind: 'view' | 'click', countDate: string): Promise<void> {
    await this.db
      .insertInto('advertisement_counter')
      .values({ advertisement_id: advertisementId, kind, count_date: countDate, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['advertisement_id', 'kind', 'count_date'])
          .doUpdateSet((eb) => ({ count: eb(eb.ref('advertisement_counter.count'), '+', 1) })),
      )
      .execute();
  }
}
