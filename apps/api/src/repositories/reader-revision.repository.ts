import type { Kysely } from 'kysely';
import type { Database } from '#src/db/schema.ts';

/** A reader and the sequence number of their last move (reader_revision, written by triggers: ADR 081). */
export interface ReaderMove {
  user_id: number;
  seq: number;
}

/** Which readers' personal answers moved: reader_revision, kept by triggers on the tables they are made of. */
export class ReaderRevisionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The highest sequence number so far (0 before any move). */
  async lastSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('reader_revision')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** Readers moved after `seq`, in sequence order, `limit` at most. */
  async movedSince(seq: number, limit: number): Promise<ReaderMove[]> {
    const rows = await this.db
      .selectFrom('reader_revision')
      .select(['user_id', 'seq'])
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ user_id: Number(row.user_id), seq: Number(row.seq) }));
  }
}
