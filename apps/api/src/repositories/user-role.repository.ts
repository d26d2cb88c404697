// Staff roles (ADR 013, ADR 042), stored per account in `user_role`.
import type { Kysely } from 'kysely';
import { dialectOf } from '#src/db/dialect.ts';
import type { Database } from '#src/db/schema.ts';

export interface RoleHolder {
  user_id: number;
  email: string | null;
  status: string;
  created_at: number;
}

export class UserRoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's roles, in the order they were granted. */
  async listRolesOf(userId: number): Promise<{ role: string; created_at: number }[]> {
    return this.db
      .selectFrom('user_role')
      .select(['role', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('role')
      .execute();
  }

  /** Every role row with its account, by e-mail address. */
  listRoleRows(): Promise<(RoleHolder & { role: string })[]> {
    return this.db
      .selectFrom('user_role')
      .innerJoin('user', 'user.id', 'user_role.user_id')
      .select(['user_role.user_id', 'user_role.role', 'user.email', 'user.status', 'user_role.created_at'])
      .orderBy('user.email')
      .orderBy('user_role.user_id')
      .orderBy('user_role.created_at')
      .execute();
  }

  /**
   * The holders of a role, locked until the transaction ends on PostgreSQL (SQLite runs one writer at
   * a time), so that two concurrent revocations both see the other's.
   */
  async lockRoleHolders(role: string): Promise<number[]> {
    const query = this.db.selectFrom('user_role').select('user_id').where('role', '=', role).orderBy('user_id');
    const rows = await (dialectOf(this.db) === 'postgres' ? query.forUpdate() : query).execute();
    return rows.map((row) => row.user_id);
  }

  /** Grants a role; false when the account already had it. */
  async insertRole(userId: number, role: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('user_role')
      .values({ user_id: userId, role, created_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'role']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Takes a role away; false when the account did not have it. */
  async deleteRole(userId: number, role: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_role')
      .where('user_id', '=', userId)
      .where('role', '=', role)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Accounts holding a role, in the order it was granted. */
  listRoleHolders(role: string): Promise<RoleHolder[]> {
    return this.db
      .selectFrom('user_role')
      .innerJoin('user', 'user.id', 'user_role.user_id')
      .select(['user_role.user_id', 'user.email', 'user.status', 'user_role.created_at'])
      .where('user_role.role', '=', role)
      .orderBy('user_role.created_at')
      .orderBy('user_role.user_id')
      .execute();
  }
}
