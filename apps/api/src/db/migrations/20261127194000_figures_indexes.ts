// The figures dashboard (issue 26, ADR 072) reads a time range of each table it counts: without an
// index on the time, every request would scan the whole ledger, every purchase, every read. Each
// index leads with the time (the ledger's with the reason, which the query names) and carries the
// columns the query groups by and sums, so the range is read from the index alone (covering).
// Never edit after merge; later changes are new migration files.
import type { Kysely } from 'kysely';

const INDEXES: readonly { name: string; table: string; columns: string[] }[] = [
  { name: 'purchase_created_at_title_id_price_idx', table: 'purchase', columns: ['created_at', 'title_id', 'price'] },
  { name: 'rental_started_at_title_id_idx', table: 'rental', columns: ['started_at', 'title_id'] },
  { name: 'payment_completed_at_idx', table: 'payment', columns: ['completed_at'] },
  {
    name: 'point_ledger_reason_created_at_delta_idx',
    table: 'point_ledger',
    columns: ['reason', 'created_at', 'delta'],
  },
  { name: 'user_created_at_idx', table: 'user', columns: ['created_at'] },
  { name: 'favorite_title_created_at_idx', table: 'favorite_title', columns: ['created_at'] },
  {
    name: 'episode_view_first_viewed_at_title_id_finished_at_idx',
    table: 'episode_view',
    columns: ['first_viewed_at', 'title_id', 'finished_at'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [...INDEXES].reverse()) await db.schema.dropIndex(index.name).execute();
}
