// Wallet, purchases, tickets and entitlements (ADR 014): episodes bought with a magazine issue point
// at its magazine_purchase, the login bonus records the premium tickets it gave, and indexes for the
// wallet's reads: a reader's open point lots (spending), due lots (the ExpirePoints job), purchases
// newest first (purchased titles), and ticket movements. Titles whose ticket settings were never set get
// the defaults (1 ticket, 23 h recovery, 72 h rental). Never edit after merge.
import { type Kysely, sql } from 'kysely';

/** ADR 014: K MANGA's captured values (wire §3.4). */
const TITLE_TICKET_DEFAULTS = { ticket_max: 1, ticket_recover_seconds: 82_800, ticket_rental_seconds: 259_200 };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('purchase')
    .addColumn('magazine_purchase_id', 'integer', (c) => c.references('magazine_purchase.id'))
    .execute();
  // Partial: most purchases have no magazine issue and cost no index write.
  await db.schema
    .createIndex('purchase_magazine_purchase_id_idx')
    .on('purchase')
    .column('magazine_purchase_id')
    .where(sql<boolean>`${sql.ref('magazine_purchase_id')} is not null`)
    .execute();
  // A reader's purchases newest first, covering what purchased titles read (title, episode), in
  // place of (user, created_at) and (user, title): one index less to write per purchase.
  await db.schema.dropIndex('purchase_user_id_title_id_idx').execute();
  await db.schema.dropIndex('purchase_user_id_created_at_idx').execute();
  await db.schema
    .createIndex('purchase_user_id_created_at_covering_idx')
    .on('purchase')
    .columns(['user_id', 'created_at', 'id', 'title_id', 'episode_id'])
    .execute();

  // Lots with points left: a reader's (spending) and every reader's by expiry (ExpirePoints).
  // Literals, not parameters, so that the partial indexes apply.
  await db.schema.dropIndex('point_ledger_expires_at_idx').execute();
  await db.schema
    .createIndex('point_ledger_open_lot_idx')
    .on('point_ledger')
    .column('user_id')
    .where(sql.ref('remaining'), '>', sql.lit(0))
    .execute();
  await db.schema
    .createIndex('point_ledger_due_lot_idx')
    .on('point_ledger')
    .column('expires_at')
    .where(sql.ref('remaining'), '>', sql.lit(0))
    .execute();

  await db.schema
    .alterTable('login_bonus')
    .addColumn('premium_ticket_num', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createIndex('rental_user_id_started_at_idx')
    .on('rental')
    .columns(['user_id', 'started_at'])
    .execute();

  await sql`update title set ticket_max = ${TITLE_TICKET_DEFAULTS.ticket_max},
    ticket_recover_seconds = ${TITLE_TICKET_DEFAULTS.ticket_recover_seconds},
    ticket_rental_seconds = ${TITLE_TICKET_DEFAULTS.ticket_rental_seconds}
    where ticket_max = 0 and ticket_recover_seconds = 0 and ticket_rental_seconds = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rental_user_id_started_at_idx').execute();
  await db.schema.alterTable('login_bonus').dropColumn('premium_ticket_num').execute();
  await db.schema.dropIndex('point_ledger_due_lot_idx').execute();
  await db.schema.dropIndex('point_ledger_open_lot_idx').execute();
  await db.schema.createIndex('point_ledger_expires_at_idx').on('point_ledger').column('expires_at').execute();
  await db.schema.dropIndex('purchase_user_id_created_at_covering_idx').execute();
  await db.schema
    .createIndex('purchase_user_id_title_id_idx')
    .on('purchase')
    .columns(['user_id', 'title_id'])
    .execute();
  await db.schema
    .createIndex('purchase_user_id_created_at_idx')
    .on('purchase')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('purchase_magazine_purchase_id_idx').execute();
  await db.schema.alterTable('purchase').dropColumn('magazine_purchase_id').execute();
}
