import type { Kysely } from 'kysely';
import { isUniqueViolation } from '#src/db/dialect.ts';
import { preparedRows } from '#src/db/prepared-query.ts';
import type { Database, Millis, NewUserRow, UserRow, UserStatus, UserUpdate } from '#src/db/schema.ts';
import { EmailTakenError, NicknameTakenError } from '#src/rules/conflict.error.ts';

/** What a nickname change writes (ADR 066). */
export type NicknameUpdate = Required<Pick<UserUpdate, 'nickname' | 'nickname_key' | 'updated_at'>> &
  Pick<UserUpdate, 'nickname_changed_at'>;

/** `user.email` is unique; (region, nickname_key) too, written only by updateNickname. */
function asEmailTaken(error: unknown): unknown {
  return isUniqueViolation(error) ? new EmailTakenError({ cause: error }) : error;
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findUserById(id: number): Promise<UserRow | undefined> {
    // Prepared: the age rule reads the reader's birthday inside every purchase and rental.
    const [user] = await preparedRows(this.db, 'user.by-id', [id], (userId) =>
      this.db.selectFrom('user').selectAll().where('id', '=', userId),
    );
    return user;
  }

  async findHashKeyByUserId(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('user').select('hash_key').where('id', '=', id).executeTakeFirst();
    return row?.hash_key;
  }

  /** `email` is compared as stored (normalised by the caller). */
  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Throws EmailTakenError when the e-mail address is taken. */
  async insertUser(user: NewUserRow): Promise<UserRow> {
    try {
      return await this.db.insertInto('user').values(user).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      throw asEmailTaken(error);
    }
  }

  /** Throws EmailTakenError when the patch sets a taken e-mail address. */
  async updateUser(id: number, patch: UserUpdate): Promise<void> {
    try {
      await this.db.updateTable('user').set(patch).where('id', '=', id).execute();
    } catch (error) {
      throw asEmailTaken(error);
    }
  }

  /** Updates the user only while it has `status`; false when it did not (changed meanwhile). */
  async updateUserWithStatus(id: number, status: UserStatus, patch: UserUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('user')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Writes the nickname, only while the last change was at or before `lastChangedBy` (or there was
   * none) when it is given; false when a newer change stood. Throws NicknameTakenError when another
   * account of the region holds the key (the unique index decides between concurrent writers).
   */
  async updateNickname(id: number, patch: NicknameUpdate, lastChangedBy: Millis | null): Promise<boolean> {
    let query = this.db.updateTable('user').set(patch).where('id', '=', id);
    if (lastChangedBy !== null) {
      query = query.where((eb) =>
        eb.or([eb('nickname_changed_at', 'is', null), eb('nickname_changed_at', '<=', lastChangedBy)]),
      );
    }
    try {
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    } catch (error) {
      throw isUniqueViolation(error) ? new NicknameTakenError({ cause: error }) : error;
    }
  }

  /**
   * Takes the user's row lock until the transaction ends (a no-op write), so that concurrent
   * transactions of the same user (logins counting sessions) run one after the other.
   */
  async lockUser(id: number): Promise<void> {
    await this.db
      .updateTable('user')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .execute();
  }
}
