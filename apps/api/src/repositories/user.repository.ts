import type { Kysely } from 'kysely';
import type { Database, UserRow } from '#src/db/schema.ts';

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findHashKeyByUserId(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('user').select('hash_key').where('id', '=', id).executeTakeFirst();
    return row?.hash_key;
  }
}
