// The ledger-versus-balance audit (ADR 014): every way the point ledger, its lots, the balances and
// the purchases could disagree, as readable lines (none when sound). Run by `npm run points -- audit`,
// after `npm run bench`, and at the end of the wallet tests.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#src/db/schema.ts';

export class LedgerAuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Per reader and kind: sum(delta) = balance = sum(remaining), nothing negative; every priced
   * purchase has its debit and every episode debit its purchase.
   */
  listLedgerAnomalies(): Promise<string[]> {
    // One snapshot for every query, so that purchases committing meanwhile cannot look like anomalies.
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => new LedgerAuditRepository(trx).findAnomalies());
  }

  private async findAnomalies(): Promise<string[]> {
    const { rows: sums } = await sql<{ user_id: number; kind: string; delta: number; remaining: number }>`
      select user_id, kind, coalesce(sum(delta), 0) as delta, coalesce(sum(remaining), 0) as remaining
      from point_ledger group by user_id, kind`.execute(this.db);
    const balances = await this.db
      .selectFrom('point_balance')
      .select(['user_id', 'paid_point', 'free_point'])
      .execute();
    const ledger = new Map(
      sums.map((r) => [`${r.user_id}:${r.kind}`, { delta: Number(r.delta), remaining: Number(r.remaining) }]),
    );
    const problems: string[] = [];
    const users = new Set([...balances.map((b) => b.user_id), ...sums.map((r) => r.user_id)]);
    for (const userId of [...users].sort((a, b) => a - b)) {
      const balance = balances.find((b) => b.user_id === userId);
      for (const kind of ['paid', 'free'] as const) {
        const held = kind === 'paid' ? (balance?.paid_point ?? 0) : (balance?.free_point ?? 0);
        const sum = ledger.get(`${userId}:${kind}`) ?? { delta: 0, remaining: 0 };
        if (held < 0) problems.push(`user ${userId} ${kind} balance ${held} < 0`);
        if (sum.delta !== held) problems.push(`user ${userId} ${kind}: ledger ${sum.delta} ≠ balance ${held}`);
        if (sum.remaining !== held) problems.push(`user ${userId} ${kind}: lots ${sum.remaining} ≠ balance ${held}`);
      }
    }
    const { rows: negativeLots } = await sql<{ id: number }>`
      select id from point_ledger where remaining < 0 or (delta < 0 and remaining <> 0)`.execute(this.db);
    for (const lot of negativeLots) problems.push(`ledger entry ${lot.id} has a wrong remaining`);
    const { rows: unpaid } = await sql<{ id: number }>`
      select p.id from purchase p where p.price > 0 and not exists (
        select 1 from point_ledger l where l.user_id = p.user_id and l.reference_type = 'episode'
          and l.reference_id = cast(p.episode_id as text) and l.delta < 0)`.execute(this.db);
    for (const purchase of unpaid) problems.push(`purchase ${purchase.id} has no debit`);
    const { rows: orphans } = await sql<{ id: number }>`
      select l.id from point_ledger l where l.reference_type = 'episode' and l.delta < 0
        and not exists (select 1 from purchase p where p.user_id = l.user_id and cast(p.episode_id as text) = l.reference_id)`.execute(
      this.db,
    );
    for (const entry of orphans) problems.push(`debit ${entry.id} has no purchase`);
    return problems;
  }
}
