// Runs work in one database transaction with repositories bound to it, so a service can make
// several writes all-or-nothing (consume a token and apply its change) without touching Kysely.
import type { Kysely } from 'kysely';
import { transactionRunner } from '#src/db/group-commit.ts';
import type { Database } from '#src/db/schema.ts';
import { ConsentRepository } from '#src/repositories/consent.repository.ts';
import { DeviceRepository } from '#src/repositories/device.repository.ts';
import { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';

/** A repository's public methods: what services may call, and what in-memory fakes implement. */
export type RepositoryPort<T> = Pick<T, keyof T>;

export interface TransactionalRepositories {
  users: RepositoryPort<UserRepository>;
  sessions: RepositoryPort<SessionRepository>;
  emailTokens: RepositoryPort<EmailTokenRepository>;
  consents: RepositoryPort<ConsentRepository>;
  devices: RepositoryPort<DeviceRepository>;
}

export class TransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (repositories: TransactionalRepositories) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) =>
      work({
        users: new UserRepository(trx),
        sessions: new SessionRepository(trx),
        emailTokens: new EmailTokenRepository(trx),
        consents: new ConsentRepository(trx),
        devices: new DeviceRepository(trx),
      }),
    );
  }
}
