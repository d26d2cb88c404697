// Readers' revisions for /my (ADR 083): the wallet's lots, the reader's comments (a like received
// moves its comment's like_count, so the author is marked) and login bonus claims join the tables
// whose writes mark their reader (20261128170000_reader_revision). When a reader last read their like
// notices (`comment_notice`) is deliberately not watched: every /my asked writes it.
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';
import { addReaderTriggers, dropReaderTriggers } from '#src/db/migrations/20261128170000_reader_revision.ts';

export const MY_READER_TABLES = [
  { table: 'point_ledger', reader: 'user_id', updateOf: undefined },
  { table: 'comment', reader: 'user_id', updateOf: undefined },
  { table: 'login_bonus', reader: 'user_id', updateOf: undefined },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await addReaderTriggers(db, MY_READER_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropReaderTriggers(db, MY_READER_TABLES);
}
