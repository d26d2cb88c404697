// Login bonus claims, one row per reader and local day (ADR 014). No policy.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, LoginBonusTable } from '#src/db/schema.ts';

export type LoginBonusRow = Selectable<LoginBonusTable>;
export type NewLoginBonus = Insertable<LoginBonusTable>;

export class LoginBonusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findLoginBonus(userId: number, bonusDate: string): Promise<LoginBonusRow | undefined> {
    return this.db
      .selectFrom('login_bonus')
      .selectAll()
      .where('user_id', '=', userId)
      .where('bonus_date', '=', bonusDate)
      .executeTakeFirst();
  }

  /** Records a day's claim; false when that (reader, day) was claimed already (the primary key decides). */
  async insertLoginBonus(row: NewLoginBonus): Promise<boolean> {
    const inserted = await this.db
      .insertInto('login_bonus')
      .values(row)
      .onConflict((conflict) => conflict.columns(['user_id', 'bonus_date']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
