// Staff roles (ADR 042) and the audit log of operator actions (ADR 013).
import type { Insertable, Selectable } from 'kysely';
import type { Default, Id, Millis } from './columns.ts';

/** A staff role (ADR 042, StaffRole): admin, editor, moderator, support or analyst; `npm run operator` or an admin grants it. */
export interface UserRoleTable {
  user_id: number;
  role: string;
  created_at: Millis;
}

/** One operator action (ADR 013); never updated or deleted. */
export interface AuditLogTable {
  id: Id;
  actor_user_id: number | null; // null: the command line
  action: string; // AuditAction
  target_type: string; // AuditTarget
  target_id: number;
  reason: Default<string>;
  detail: Default<string>; // JSON object
  created_at: Millis;
  /** The console form's key of a support grant (unique; null elsewhere): a form sent twice grants once (ADR 063). */
  request_key: string | null;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLog = Insertable<AuditLogTable>;
