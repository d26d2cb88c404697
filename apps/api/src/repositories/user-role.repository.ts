// Roles beyond "reader" (ADR 013), stored per account in `user_role`.
import type { Kysely } from 'kysely';
import type { Database } from '#src/db/schema.ts';

export interface RoleHolder {
  user_id: number;
  email: string | null;
  status: string;
  created_at: number;
}

export class UserRoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async hasRole(userId: number, role: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_role')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('role', '=', role)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Grants a role; false when the account already had it. */
  async createRole(userId: number, role: string, now: number): Promise<boolean> {
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
