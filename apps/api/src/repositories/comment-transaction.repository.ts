// Runs comment and moderation work in one database transaction with repositories bound to it, so that
// a comment and its episode's counter, a like and its count, or a moderation action and its audit-log
// row are written all or nothing (ADR 013).
import type { Kysely } from 'kysely';
import { transactionRunner } from '#src/db/group-commit.ts';
import type { Database } from '#src/db/schema.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { CommentRepository } from '#src/repositories/comment.repository.ts';
import { CommentModerationRepository } from '#src/repositories/comment-moderation.repository.ts';
import { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';

export interface CommentRepositories {
  comments: CommentRepository;
  moderation: CommentModerationRepository;
  ngWords: NgWordRepository;
  auditLog: AuditLogRepository;
  roles: UserRoleRepository;
  users: UserRepository;
}

/** The repositories of comments and moderation on one connection (or transaction). */
export function commentRepositories(db: Kysely<Database>): CommentRepositories {
  return {
    comments: new CommentRepository(db),
    moderation: new CommentModerationRepository(db),
    ngWords: new NgWordRepository(db),
    auditLog: new AuditLogRepository(db),
    roles: new UserRoleRepository(db),
    users: new UserRepository(db),
  };
}

export class CommentTransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (repositories: CommentRepositories) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) => work(commentRepositories(trx)));
  }
}
