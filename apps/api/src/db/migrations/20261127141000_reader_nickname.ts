// Readers' nicknames (issue 24 item 10, ADR 066): `user.nickname` existed (imported accounts may have
// one) but nothing set it. A nickname is now unique per region, compared by its key (the cleaned name
// in lower case, contracts' nicknameKey), which a unique index on (region, nickname_key) enforces,
// so two readers sending the same name at once cannot both get it. NULL keys are distinct on both
// dialects: readers without a nickname, and imported nicknames (left without a key, never checked),
// never collide. `nickname_changed_at` is when the reader last set one (weekly change rule).
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  await db.schema.alterTable('user').addColumn('nickname_key', 'text').execute();
  await db.schema.alterTable('user').addColumn('nickname_changed_at', t.millis).execute();
  await db.schema
    .createIndex('user_region_nickname_key_key')
    .unique()
    .on('user')
    .columns(['region', 'nickname_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_region_nickname_key_key').execute();
  for (const column of ['nickname_changed_at', 'nickname_key']) {
    await db.schema.alterTable('user').dropColumn(column).execute();
  }
}
