// Staff roles (ADR 042): the operator role of ADR 013 is now called moderator; admin, editor, support
// and analyst are new names in the same user_role table. Never edit after merge.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update user_role set role = 'moderator' where role = 'operator'
    and not exists (select 1 from user_role same where same.user_id = user_role.user_id and same.role = 'moderator')`.execute(
    db,
  );
  await sql`delete from user_role where role = 'operator'`.execute(db);
  await db.schema.createIndex('user_role_role_idx').on('user_role').columns(['role', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_role_role_idx').execute();
  await sql`update user_role set role = 'operator' where role = 'moderator'`.execute(db);
}
