// Staff roles (ADR 013, ADR 042). Every account is a reader; staff are accounts with rows in
// user_role (admin, editor, moderator, support, analyst), granted by `npm run operator` on the server
// or by an admin in the console. What each role may do is the map in @manga/contracts
// (ROLE_PERMISSIONS); requireAccess is the one check every console call makes, reading the caller's
// roles from the database each time, never from anything the client sends. To anyone without the
// permission a console call does not exist (1002, as for an unknown path).
import {
  AuditAction,
  AuditTarget,
  formatWireDateTime,
  inRoleOrder,
  normalizeEmail,
  StaffPermission as Permission,
  permissionsOf,
  ResponseCode,
  rolesAllow,
  type StaffMember,
  type StaffPermission,
  StaffRole,
} from '@manga/contracts';
import type { UserRow } from '#src/db/schema.ts';
import type { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import type { RoleHolder, UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export interface StaffWrites {
  roles: Pick<UserRoleRepository, 'insertRole' | 'deleteRole' | 'listRolesOf' | 'lockRoleHolders'>;
  auditLog: Pick<AuditLogRepository, 'insertAuditLog'>;
}

export interface StaffTransactions {
  run<T>(work: (repositories: StaffWrites) => Promise<T>): Promise<T>;
}

/** A staff member acting in the console, as requireAccess found them. */
export interface StaffCaller extends AuthUser {
  roles: string[];
}

/** Who changes a role: an admin in the console, or the server's command line. */
export type RoleActor = { via: 'console'; userId: number } | { via: 'cli' };

/** The answer of an unknown path: console calls stay invisible to those who may not make them. */
const hidden = () => new DomainError(ResponseCode.ApiNotFound);
const invalid = (parameter: string, why: string) =>
  new DomainError(ResponseCode.InvalidParameter, `invalid parameter ${parameter}: ${why}`);

export interface StaffServiceDeps {
  roles: Pick<UserRoleRepository, 'listRolesOf' | 'listRoleHolders' | 'listRoleRows'>;
  users: Pick<UserRepository, 'findUserById' | 'findUserByEmail'>;
  transactions: StaffTransactions;
  clock: ClockRepository;
}

export class StaffService {
  constructor(
    private readonly deps: StaffServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /**
   * The caller when their active account holds a role that gives `permission`; otherwise 1002 (not
   * found), the same for a guest, a reader and a staff member of another role.
   */
  async requireAccess(auth: RequestAuth, permission: StaffPermission): Promise<StaffCaller> {
    const user = auth.user;
    if (user?.status !== 'active') throw hidden();
    const roles = inRoleOrder((await this.deps.roles.listRolesOf(user.userId)).map((row) => row.role));
    if (!rolesAllow(roles, permission)) throw hidden();
    return { ...user, roles };
  }

  /** GET /ops/operator: who the console acts as, their roles and what those allow. */
  async getOperator(auth: RequestAuth) {
    const caller = await this.requireAccess(auth, Permission.ConsoleOpen);
    const user = await this.deps.users.findUserById(caller.userId);
    return {
      operator: {
        user_id: caller.userId,
        email: user?.email ?? '',
        role_list: caller.roles,
        permission_list: permissionsOf(caller.roles),
      },
    };
  }

  /** GET /ops/staff/list: every account holding a staff role, by e-mail address. */
  async listStaff(auth: RequestAuth): Promise<{ staff_list: StaffMember[] }> {
    await this.requireAccess(auth, Permission.StaffRoleManage);
    const members = new Map<number, StaffMember>();
    for (const row of await this.deps.roles.listRoleRows()) {
      const member = members.get(row.user_id) ?? {
        user_id: row.user_id,
        email: row.email ?? '',
        status: row.status,
        role_list: [],
      };
      member.role_list.push({ role: row.role, granted_time: this.wireTime(row.created_at) });
      members.set(row.user_id, member);
    }
    const staff_list = [...members.values()].map((member) => ({
      ...member,
      role_list: this.ordered(member.role_list),
    }));
    return { staff_list };
  }

  /** POST /ops/staff/grant (an admin). */
  async grantInConsole(auth: RequestAuth, input: { email: string; role: StaffRole; reason?: string }) {
    const admin = await this.requireAccess(auth, Permission.StaffRoleManage);
    const user = await this.findAccount(input.email);
    const changed = await this.grantRole({ via: 'console', userId: admin.userId }, user, input.role, input.reason);
    return { staff: await this.memberOf(user), changed: changed ? 1 : 0 };
  }

  /** POST /ops/staff/revoke (an admin; not the last admin's admin role). */
  async revokeInConsole(auth: RequestAuth, input: { user_id: number; role: StaffRole; reason?: string }) {
    const admin = await this.requireAccess(auth, Permission.StaffRoleManage);
    const user = await this.deps.users.findUserById(input.user_id);
    if (!user) throw new DomainError(ResponseCode.UserNotExist, `No account has the id ${input.user_id}.`);
    const changed = await this.revokeRole({ via: 'console', userId: admin.userId }, user, input.role, input.reason);
    return { staff: await this.memberOf(user), changed: changed ? 1 : 0 };
  }

  /** `npm run operator -- add <email> --role <role>`: false when the account already had it. */
  async grantByCommandLine(email: string, role: StaffRole): Promise<{ user: UserRow; changed: boolean }> {
    const user = await this.findAccount(email);
    return { user, changed: await this.grantRole({ via: 'cli' }, user, role) };
  }

  /** `npm run operator -- remove <email> --role <role>`: false when the account did not have it. */
  async revokeByCommandLine(email: string, role: StaffRole): Promise<{ user: UserRow; changed: boolean }> {
    const user = await this.findAccount(email);
    return { user, changed: await this.revokeRole({ via: 'cli' }, user, role) };
  }

  /** `npm run operator -- list [--role <role>]` */
  listRoleHolders(role: StaffRole): Promise<RoleHolder[]> {
    return this.deps.roles.listRoleHolders(role);
  }

  private async grantRole(actor: RoleActor, user: UserRow, role: StaffRole, reason = ''): Promise<boolean> {
    if (user.status !== 'active') {
      throw new DomainError(ResponseCode.AccountNotActive, `The account ${user.email} is ${user.status}, not active.`);
    }
    return this.deps.transactions.run(async ({ roles, auditLog }) => {
      const now = this.deps.clock.now();
      const before = await rolesOf(roles, user.id);
      if (!(await roles.insertRole(user.id, role, now))) return false;
      const after = inRoleOrder([...before, role]);
      await auditLog.insertAuditLog(
        roleAudit(actor, AuditAction.StaffRoleGrant, user.id, reason, { role, before, after }, now),
      );
      return true;
    });
  }

  private revokeRole(actor: RoleActor, user: UserRow, role: StaffRole, reason = ''): Promise<boolean> {
    return this.deps.transactions.run(async ({ roles, auditLog }) => {
      const now = this.deps.clock.now();
      if (role === StaffRole.Admin) {
        const admins = await roles.lockRoleHolders(StaffRole.Admin);
        if (admins.length === 1 && admins[0] === user.id) {
          throw invalid('role', 'the last admin cannot lose the admin role; make another admin first');
        }
      }
      const before = await rolesOf(roles, user.id);
      if (!(await roles.deleteRole(user.id, role))) return false;
      const after = before.filter((held) => held !== role);
      await auditLog.insertAuditLog(
        roleAudit(actor, AuditAction.StaffRoleRevoke, user.id, reason, { role, before, after }, now),
      );
      return true;
    });
  }

  private async memberOf(user: UserRow): Promise<StaffMember> {
    const rows = await this.deps.roles.listRolesOf(user.id);
    return {
      user_id: user.id,
      email: user.email ?? '',
      status: user.status,
      role_list: this.ordered(rows.map((row) => ({ role: row.role, granted_time: this.wireTime(row.created_at) }))),
    };
  }

  private ordered<T extends { role: string }>(grants: T[]): T[] {
    const order = inRoleOrder(grants.map((grant) => grant.role));
    return [...grants].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
  }

  private wireTime(at: number): string {
    return formatWireDateTime(new Date(at), this.options.timeZone);
  }

  private async findAccount(email: string): Promise<UserRow> {
    const user = await this.deps.users.findUserByEmail(normalizeEmail(email));
    if (!user) throw new DomainError(ResponseCode.UserNotExist, `No account has the e-mail address ${email}.`);
    return user;
  }
}

async function rolesOf(roles: Pick<UserRoleRepository, 'listRolesOf'>, userId: number): Promise<string[]> {
  return inRoleOrder((await roles.listRolesOf(userId)).map((row) => row.role));
}

function roleAudit(
  actor: RoleActor,
  action: AuditAction,
  userId: number,
  reason: string,
  change: { role: StaffRole; before: string[]; after: string[] },
  now: number,
) {
  return {
    actor_user_id: actor.via === 'console' ? actor.userId : null,
    action,
    target_type: AuditTarget.User,
    target_id: userId,
    reason,
    detail: JSON.stringify({ via: actor.via, ...change }),
    created_at: now,
  };
}
