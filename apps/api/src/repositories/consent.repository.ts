import type { Insertable, Kysely } from 'kysely';
import type { ConsentRow, ConsentTable, Database } from '#src/db/schema.ts';

export type NewConsent = Insertable<ConsentTable>;

/** Consents as given, per age group with the birthday (append-only; the latest one counts). */
export class ConsentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insertConsent(consent: NewConsent): Promise<ConsentRow> {
    return this.db.insertInto('consent').values(consent).returningAll().executeTakeFirstOrThrow();
  }

  findLatestConsentByUser(userId: number): Promise<ConsentRow | undefined> {
    return this.db
      .selectFrom('consent')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
