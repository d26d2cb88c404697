// Runs a support grant or a sessions' end in one database transaction with the repositories it
// writes (ADR 063): the wallet or the tickets, the sessions, and the audit row, all or nothing.
import type { Kysely } from 'kysely';
import { transactionRunner } from '#src/db/group-commit.ts';
import type { Database } from '#src/db/schema.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';

export interface SupportRepositories {
  wallet: WalletRepository;
  tickets: TicketRepository;
  sessions: SessionRepository;
  auditLog: AuditLogRepository;
}

export class SupportTransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (repositories: SupportRepositories) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) =>
      work({
        wallet: new WalletRepository(trx),
        tickets: new TicketRepository(trx),
        sessions: new SessionRepository(trx),
        auditLog: new AuditLogRepository(trx),
      }),
    );
  }
}
