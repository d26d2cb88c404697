// Checkout sessions of the embedded test payment provider (ADR 019): one statement per method, no policy.
// The session moves from open to complete or canceled by one conditional update, so that two payments
// of one session (two tabs, a double submit, two API processes) complete it once.
import type { Kysely, Selectable } from 'kysely';
import type { Database, TestCheckoutSessionTable } from '#src/db/schema.ts';

export type TestCheckoutSessionRow = Selectable<TestCheckoutSessionTable>;

export class TestCheckoutSessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertSession(row: TestCheckoutSessionRow): Promise<void> {
    await this.db.insertInto('test_checkout_session').values(row).execute();
  }

  findSession(id: string): Promise<TestCheckoutSessionRow | undefined> {
    return this.db.selectFrom('test_checkout_session').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves an open session to `status`; false when it was not open any more (someone else finished it). */
  async finishSession(id: string, status: 'complete' | 'canceled' | 'expired'): Promise<boolean> {
    const result = await this.db
      .updateTable('test_checkout_session')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
