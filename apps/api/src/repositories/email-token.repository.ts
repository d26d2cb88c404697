// Single-use tokens of the two-step e-mail flows (ADR 007): sha256 stored, consumed by one
// conditional UPDATE so that a replay or a concurrent double-submit finds nothing to consume.
import type { Insertable, Kysely } from 'kysely';
import type { Database, EmailTokenPurpose, EmailTokenRow, EmailTokenTable } from '#src/db/schema.ts';

export type NewEmailToken = Insertable<EmailTokenTable>;

export class EmailTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insertEmailToken(token: NewEmailToken): Promise<EmailTokenRow> {
    return this.db.insertInto('email_token').values(token).returningAll().executeTakeFirstOrThrow();
  }

  /** The token with this hash, used or not (the side-effect-free check of a link, issue 24). */
  findEmailTokenByHash(tokenHash: string): Promise<EmailTokenRow | undefined> {
    return this.db.selectFrom('email_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Marks the token used and returns it, or undefined when it is unknown, used, expired or of another purpose. */
  consumeEmailToken(tokenHash: string, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenRow | undefined> {
    return this.db
      .updateTable('email_token')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Voids the user's unused tokens of the given purposes (after a change, a resignation). */
  async revokeUserEmailTokens(userId: number, purposes: readonly EmailTokenPurpose[], now: number): Promise<void> {
    await this.db
      .updateTable('email_token')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Voids unused tokens sent to `email` for `purpose` (other sign-up links once the account exists). */
  async revokeEmailTokensByEmail(email: string, purpose: EmailTokenPurpose, now: number): Promise<void> {
    await this.db
      .updateTable('email_token')
      .set({ used_at: now })
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}
