// Web sessions (`uwt`): the sha256 of the opaque token is stored, never the token (ADR 007).
import type { Insertable, Kysely } from 'kysely';
import { preparedRows } from '#src/db/prepared-query.ts';
import type { Database, UserStatus, WebTokenRow, WebTokenTable } from '#src/db/schema.ts';

export type NewSession = Insertable<WebTokenTable>;

export interface SessionWithUser {
  id: number;
  user_id: number;
  expires_at: number;
  revoked_at: number | null;
  last_seen_at: number;
  status: UserStatus;
  device_name: string;
  private_reading: number;
}

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insertSession(session: NewSession): Promise<WebTokenRow> {
    return this.db.insertInto('web_token').values(session).returningAll().executeTakeFirstOrThrow();
  }

  async findSessionByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    // Prepared: every request with a session cookie asks (ADR 014's prepared queries).
    const [session] = await preparedRows(this.db, 'session.by-token-hash', [tokenHash], (hash) =>
      this.db
        .selectFrom('web_token')
        .innerJoin('user', 'user.id', 'web_token.user_id')
        .select([
          'web_token.id',
          'web_token.user_id',
          'web_token.expires_at',
          'web_token.revoked_at',
          'web_token.last_seen_at',
          'user.status',
          'web_token.device_name',
          'user.private_reading',
        ])
        .where('web_token.token_hash', '=', hash),
    );
    return session;
  }

  /** Whose session `id` is and whether it still runs (revoke checks the owner, ADR 007). */
  findSessionById(
    id: number,
  ): Promise<Pick<WebTokenRow, 'id' | 'user_id' | 'expires_at' | 'revoked_at' | 'user_agent'> | undefined> {
    return this.db
      .selectFrom('web_token')
      .select(['id', 'user_id', 'expires_at', 'revoked_at', 'user_agent'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Renames a session's device (ADR 044). */
  async updateSessionDeviceName(id: number, deviceName: string): Promise<void> {
    await this.db.updateTable('web_token').set({ device_name: deviceName }).where('id', '=', id).execute();
  }

  /** Sets last_seen_at unless it was already set after `staleBefore` (one write per few minutes). */
  async touchSession(id: number, now: number, staleBefore: number): Promise<void> {
    await this.db
      .updateTable('web_token')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .where('last_seen_at', '<', staleBefore)
      .execute();
  }

  /** Sets revoked_at once; returns whether this call did it (false when already revoked or unknown). */
  async revokeSession(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('web_token')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes every session of the user not revoked yet (expired ones too) except `exceptId`; returns how many. */
  async revokeUserSessions(userId: number, now: number, exceptId: number | null = null): Promise<number> {
    let query = this.db
      .updateTable('web_token')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async countActiveSessions(userId: number, now: number): Promise<number> {
    const { count } = await this.db
      .selectFrom('web_token')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Live sessions, oldest first. */
  listActiveSessions(userId: number, now: number): Promise<WebTokenRow[]> {
    return this.db
      .selectFrom('web_token')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
