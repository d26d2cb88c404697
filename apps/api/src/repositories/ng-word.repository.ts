// The NG word list (ADR 013), read on every post so that an edit applies at once in every process.
import type { Kysely } from 'kysely';
import type { Database, NgWordRow } from '#src/db/schema.ts';
import { NgWordTakenError } from '#src/rules/conflict.error.ts';

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export class NgWordRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every NG word, oldest first. */
  listNgWords(): Promise<NgWordRow[]> {
    return this.db.selectFrom('ng_word').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  /** Throws NgWordTakenError when the normalised word is already listed. */
  async insertNgWord(word: {
    word: string;
    normalized_word: string;
    match_type: string;
    created_by: number | null;
    created_at: number;
  }): Promise<NgWordRow> {
    try {
      return await this.db.insertInto('ng_word').values(word).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      throw isUniqueViolation(error) ? new NgWordTakenError({ cause: error }) : error;
    }
  }

  /** Deletes a word; the deleted row, or undefined when there was none. */
  deleteNgWord(id: number): Promise<NgWordRow | undefined> {
    return this.db.deleteFrom('ng_word').where('id', '=', id).returningAll().executeTakeFirst();
  }
}
