import type { Kysely, Selectable } from 'kysely';
import type { Database, SettingTable } from '#src/db/schema.ts';

export type SettingRow = Selectable<SettingTable>;

/** Admin-editable settings (architecture habit 8): one JSON document per key. */
export class SettingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findSetting(key: string): Promise<SettingRow | undefined> {
    return this.db.selectFrom('setting').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Inserts or replaces the setting; `value` is a JSON string. */
  async upsertSetting(key: string, value: string, now: number): Promise<void> {
    await this.db
      .insertInto('setting')
      .values({ key, value, updated_at: now })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
