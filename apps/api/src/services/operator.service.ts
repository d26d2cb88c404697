// The operator role (ADR 013). Every account is a reader; an operator is an account with an
// 'operator' row in user_role, granted and taken away only by `npm run operator` on the server.
// Whether a caller is an operator is read from the database on every call, never from anything the
// client sends; to anyone else the moderation API does not exist (1002, as for an unknown path).
import { AuditAction, AuditTarget, normalizeEmail, ResponseCode } from '@manga/contracts';
import type { UserRow } from '#src/db/schema.ts';
import type { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import type { RoleHolder, UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export const OPERATOR_ROLE = 'operator';

export interface OperatorWrites {
  roles: Pick<UserRoleRepository, 'createRole' | 'deleteRole'>;
  auditLog: Pick<AuditLogRepository, 'createAuditLog'>;
}

export interface OperatorTransactions {
  run<T>(work: (repositories: OperatorWrites) => Promise<T>): Promise<T>;
}

/** The answer of an unknown path: the moderation API stays invisible to non-operators. */
const hidden = () => new DomainError(ResponseCode.ApiNotFound);

export interface OperatorServiceDeps {
  roles: Pick<UserRoleRepository, 'hasRole' | 'listRoleHolders'>;
  users: Pick<UserRepository, 'findUserById' | 'findUserByEmail'>;
  transactions: OperatorTransactions;
  clock: ClockRepository;
}

export class OperatorService {
  constructor(private readonly deps: OperatorServiceDeps) {}

  /** The caller when they are an operator with an active account; otherwise 1002 (not found). */
  async requireOperator(auth: RequestAuth): Promise<AuthUser> {
    const user = auth.user;
    if (user?.status !== 'active') throw hidden();
    if (!(await this.deps.roles.hasRole(user.userId, OPERATOR_ROLE))) throw hidden();
    return user;
  }

  /** GET /ops/operator: who the console acts as. */
  async getOperator(auth: RequestAuth) {
    const operator = await this.requireOperator(auth);
    const user = await this.deps.users.findUserById(operator.userId);
    return { operator: { user_id: operator.userId, email: user?.email ?? '' } };
  }

  /** `npm run operator -- add <email>`: false when the account already was an operator. */
  async grantOperator(email: string): Promise<{ user: UserRow; changed: boolean }> {
    const user = await this.findAccount(email);
    if (user.status !== 'active') {
      throw new DomainError(ResponseCode.AccountNotActive, `The account ${user.email} is ${user.status}, not active.`);
    }
    const changed = await this.deps.transactions.run(async ({ roles, auditLog }) => {
      const now = this.deps.clock.now();
      if (!(await roles.createRole(user.id, OPERATOR_ROLE, now))) return false;
      await auditLog.createAuditLog(cliAudit(AuditAction.OperatorAdd, user.id, now));
      return true;
    });
    return { user, changed };
  }

  /** `npm run operator -- remove <email>`: false when the account was not an operator. */
  async revokeOperator(email: string): Promise<{ user: UserRow; changed: boolean }> {
    const user = await this.findAccount(email);
    const changed = await this.deps.transactions.run(async ({ roles, auditLog }) => {
      if (!(await roles.deleteRole(user.id, OPERATOR_ROLE))) return false;
      await auditLog.createAuditLog(cliAudit(AuditAction.OperatorRemove, user.id, this.deps.clock.now()));
      return true;
    });
    return { user, changed };
  }

  /** `npm run operator -- list` */
  listOperators(): Promise<RoleHolder[]> {
    return this.deps.roles.listRoleHolders(OPERATOR_ROLE);
  }

  private async findAccount(email: string): Promise<UserRow> {
    const user = await this.deps.users.findUserByEmail(normalizeEmail(email));
    if (!user) throw new DomainError(ResponseCode.UserNotExist, `No account has the e-mail address ${email}.`);
    return user;
  }
}

/** Role changes come from the command line: no acting operator. */
function cliAudit(action: AuditAction, userId: number, now: number) {
  return {
    actor_user_id: null,
    action,
    target_type: AuditTarget.User,
    target_id: userId,
    detail: JSON.stringify({ via: 'cli' }),
    created_at: now,
  };
}
