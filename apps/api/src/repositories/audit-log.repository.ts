// The audit log of operator actions (ADR 013): append-only.
import type { Kysely } from 'kysely';
import type { AuditLogRow, Database, NewAuditLog } from '#src/db/schema.ts';

export type AuditLogListRow = AuditLogRow & { actor_email: string | null };

export class AuditLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async createAuditLog(entry: NewAuditLog): Promise<void> {
    await this.db.insertInto('audit_log').values(entry).execute();
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
