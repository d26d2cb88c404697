// The ledger-versus-balance audit (ADR 014): every way the point ledger, its lots, the balances, the
// purchases and the payments' refunds (ADR 024) could disagree, as readable lines (none when sound). Run by `npm run points -- audit`,
// after `npm run bench`, and at the end of the wallet tests.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#src/db/schema.ts';

export class LedgerAuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Per reader and kind: sum(delta) = balance = sum(remaining), nothing negative; every priced
   * purchase has its debit and every episode debit its purchase; every refund and dispute the provider
   * reported for a payment is taken back by it, and no payment took back more than its refunds allow; a
   * payment refused at the webhook (a second plan) waits for the operator to refund it.
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
    problems.push(...(await this.findRefundAnomalies()));
    return problems;
  }

  /**
   * Refunds recorded by the provider against the points payments took back: a payment's `refunded_point`
   * is what its refunds take back (everything credited after a dispute, else the refunded share of the
   * charge rounded up, counted here on its own), and the ledger never took back more than that (points
   * already spent stay spent, so it may take less).
   */
  private async findRefundAnomalies(): Promise<string[]> {
    const { rows: refunded } = await sql<{
      id: number;
      credited_point: number;
      refunded_point: number;
      amount_minor: number;
      disputed: number;
      refunded_minor: number;
      held: number;
    }>`
      select p.id, p.credited_point, p.refunded_point, p.amount_minor,
        max(case when r.kind = 'dispute' then 1 else 0 end) as disputed,
        max(r.refunded_minor) as refunded_minor,
        sum(case when r.applied_at is null then 1 else 0 end) as held
      from payment p join payment_refund r on r.provider_payment_id = p.provider_payment_id
      group by p.id, p.credited_point, p.refunded_point, p.amount_minor
      order by p.id`.execute(this.db);
    const problems: string[] = [];
    for (const row of refunded) {
      const credited = Number(row.credited_point);
      const amount = Number(row.amount_minor);
      const share = Math.min(Number(row.refunded_minor), amount);
      const owed =
        Number(row.disputed) === 1 || amount <= 0 ? credited : Math.ceil((credited * share) / Math.max(amount, 1));
      if (Number(row.refunded_point) !== owed) {
        problems.push(
          `payment ${row.id}: the provider's refunds take back ${owed} points, the payment took ${row.refunded_point}`,
        );
      }
      if (Number(row.held) > 0) problems.push(`payment ${row.id}: ${row.held} refund(s) of the provider not applied`);
    }
    const { rows: refused } = await sql<{ id: number }>`
      select id from payment where status = 'refused' order by id`.execute(this.db);
    for (const row of refused) problems.push(`payment ${row.id}: a second plan refused; refund it at the provider`);
    const { rows: overTaken } = await sql<{ id: number; refunded_point: number; taken: number }>`
      select p.id, p.refunded_point, -sum(l.delta) as taken
      from point_ledger l join payment p on l.reference_id = cast(p.id as text) and l.user_id = p.user_id
      where l.reason = 'payment_refund' and l.reference_type = 'payment'
      group by p.id, p.refunded_point
      having -sum(l.delta) > p.refunded_point
      order by p.id`.execute(this.db);
    for (const row of overTaken) {
      problems.push(
        `payment ${row.id}: ${row.taken} points taken back, more than its refunds allow (${row.refunded_point})`,
      );
    }
    return problems;
  }
}
