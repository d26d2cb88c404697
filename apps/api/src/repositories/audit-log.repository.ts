// The audit log of operator actions (ADR 013): append-only.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '#src/db/dialect.ts';
import type { AuditLogRow, Database, NewAuditLog } from '#src/db/schema.ts';
import { DuplicateRequestKeyError } from '#src/rules/conflict.error.ts';

export type AuditLogListRow = AuditLogRow & { actor_email: string | null };

export class AuditLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Throws DuplicateRequestKeyError when the entry's request key is recorded already (ADR 063). */
  async insertAuditLog(entry: NewAuditLog): Promise<void> {
    try {
      await this.db.insertInto('audit_log').values(entry).execute();
    } catch (error) {
      throw isUniqueViolation(error) ? new DuplicateRequestKeyError({ cause: error }) : error;
    }
  }

  /** The entry a console form's request key recorded, if any. */
  findAuditByRequestKey(requestKey: string): Promise<AuditLogRow | undefined> {
    return this.db.selectFrom('audit_log').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
  }

  /** Newest first, with the acting operator's e-mail address. */
  listAuditLog(limit: number, offset: number): Promise<AuditLogListRow[]> {
    return this.db
      .selectFrom('audit_log')
      .leftJoin('user', 'user.id', 'audit_log.actor_user_id')
      .selectAll('audit_log')
      .select('user.email as actor_email')
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
