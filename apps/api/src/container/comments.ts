// Wiring of comments, nicknames, the staff roles and moderation (ADR 013, ADR 066).
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { CommentRepository } from '#src/repositories/comment.repository.ts';
import { CommentModerationRepository } from '#src/repositories/comment-moderation.repository.ts';
import { CommentTransactionRepository } from '#src/repositories/comment-transaction.repository.ts';
import type { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { type CommenterTagger, commenterTagInput, commenterTagOf } from '#src/rules/commenter-tag.rules.ts';
import type { CatalogueService } from '#src/services/catalogue.service.ts';
import { CommentService } from '#src/services/comment.service.ts';
import type { EntitlementService } from '#src/services/entitlement.service.ts';
import { ModerationService } from '#src/services/moderation.service.ts';
import { NicknameService } from '#src/services/nickname.service.ts';
import { StaffService } from '#src/services/staff.service.ts';

/** Comments, the operator role and moderation (ADR 013). */
export function createCommentServices(options: {
  config: Config;
  commenterTagSecret: string;
  database: DatabaseHandle;
  clock: ClockRepository;
  users: UserRepository;
  catalogue: CatalogueService;
  entitlement: EntitlementService;
  crypto: CryptoRepository;
}) {
  const { config, database, clock, users, crypto } = options;
  const repositories = {
    comments: new CommentRepository(database.db),
    commentModeration: new CommentModerationRepository(database.db),
    commentTransactions: new CommentTransactionRepository(database.db),
    ngWords: new NgWordRepository(database.db),
    userRoles: new UserRoleRepository(database.db),
    auditLog: new AuditLogRepository(database.db),
  };
  const timeZone = config.wireTimeZone;
  const transactions = repositories.commentTransactions;
  const tags: CommenterTagger = (userId) =>
    commenterTagOf(crypto.hmac(options.commenterTagSecret, commenterTagInput(userId)));
  const staff = new StaffService({ roles: repositories.userRoles, users, transactions, clock }, { timeZone });
  const services = {
    comments: new CommentService(
      {
        store: repositories.comments,
        transactions,
        entitlement: options.entitlement,
        ngWords: repositories.ngWords,
        catalogue: options.catalogue,
        clock,
        tags,
      },
      { timeZone, maxLength: config.commentMaxLength },
    ),
    staff,
    nicknames: new NicknameService({ users, ngWords: repositories.ngWords, clock }, { timeZone }),
    moderation: new ModerationService(
      {
        staff,
        moderation: repositories.commentModeration,
        ngWords: repositories.ngWords,
        auditLog: repositories.auditLog,
        users,
        transactions,
        clock,
        tags,
      },
      { timeZone },
    ),
  };
  return { repositories, services };
}
