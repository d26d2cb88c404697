import type { Insertable, Kysely } from 'kysely';
import type { ChallengeRow, ChallengeTable, Database } from '#src/db/schema.ts';

export type NewChallenge = Insertable<ChallengeTable>;

/** Single-use attestation challenges (GET /user/challenge → POST /user/attestation). */
export class ChallengeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insertChallenge(challenge: NewChallenge): Promise<ChallengeRow> {
    return this.db.insertInto('challenge').values(challenge).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Marks an unused, unexpired challenge used with the attested key id, if it was issued to
   * `userId` (or to nobody); undefined otherwise.
   */
  consumeChallenge(
    challenge: string,
    userId: number | null,
    keyId: string,
    now: number,
  ): Promise<ChallengeRow | undefined> {
    return this.db
      .updateTable('challenge')
      .set({ used_at: now, key_id: keyId })
      .where('challenge', '=', challenge)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where((eb) =>
        userId === null ? eb('user_id', 'is', null) : eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]),
      )
      .returningAll()
      .executeTakeFirst();
  }
}
