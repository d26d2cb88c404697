// Runs wallet, purchase, ticket and login-bonus writes in one database transaction with repositories
// bound to it (ADR 014), so that a debit and the purchase it pays for commit or roll back together.
// On SQLite, concurrent ones share a COMMIT (group commit, ADR 021); each still succeeds or fails alone.
import type { Kysely } from 'kysely';
import { transactionRunner } from '#src/db/group-commit.ts';
import type { Database } from '#src/db/schema.ts';
import { LoginBonusRepository } from '#src/repositories/login-bonus.repository.ts';
import { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';

export interface CommerceRepositories {
  wallet: WalletRepository;
  purchases: PurchaseRepository;
  ownership: OwnershipRepository;
  tickets: TicketRepository;
  loginBonuses: LoginBonusRepository;
  titleActivity: TitleActivityRepository;
  /** Readers' birthdays, which EntitlementService's age rule reads inside the transaction too. */
  users: UserRepository;
}

export function commerceRepositories(db: Kysely<Database>): CommerceRepositories {
  return {
    wallet: new WalletRepository(db),
    purchases: new PurchaseRepository(db),
    ownership: new OwnershipRepository(db),
    tickets: new TicketRepository(db),
    loginBonuses: new LoginBonusRepository(db),
    titleActivity: new TitleActivityRepository(db),
    users: new UserRepository(db),
  };
}

export class CommerceTransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (repositories: CommerceRepositories) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) => work(commerceRepositories(trx)));
  }
}
