// StaffService's own rules on the real user, role and audit repositories (a migrated test database):
// a console call exists only for an active account whose roles give its permission (1002 to everyone
// else, as for an unknown path), roles are granted to active accounts only, every change is audited
// with its actor, and the last admin keeps the admin role. What each role allows is the map in
// @manga/contracts (staff-roles.rules.test.ts).
import { AuditAction, ResponseCode, StaffPermission, StaffRole } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentTransactionRepository } from '#src/repositories/comment-transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { StaffService } from '#src/services/staff.service.ts';
import { createTestDatabase, type TestDatabase } from '#test/db.ts';
import { insertUser, TEST_NOW } from '#test/factories.ts';
import { codeOf, TEST_TIME_ZONE } from '#test/services/harness.ts';
import { authStub } from '#test/services/stubs.ts';

const MINUTE = 60_000;

describe('StaffService', () => {
  let database: TestDatabase;
  let now = TEST_NOW;
  let staff: StaffService;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    staff = new StaffService(
      {
        roles: new UserRoleRepository(db),
        users: new UserRepository(db),
        transactions: new CommentTransactionRepository(db),
        clock: { now: () => now },
      },
      { timeZone: TEST_TIME_ZONE },
    );
  });
  afterAll(() => database?.close());

  const account = (status: 'active' | 'suspended' = 'active') => insertUser(database.db, { status });
  const auditRows = (userId: number) =>
    database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action', 'reason', 'detail'])
      .where('target_id', '=', userId)
      .orderBy('id')
      .execute();

  it('keeps the last admin: their admin role cannot go until another admin exists', async () => {
    const first = await account();
    const second = await account();
    expect((await staff.grantByCommandLine(first.email!, StaffRole.Admin)).changed).toBe(true);
    expect(await codeOf(staff.revokeByCommandLine(first.email!, StaffRole.Admin))).toBe(ResponseCode.InvalidParameter);
    const asFirst = authStub.web(first);
    expect(await codeOf(staff.revokeInConsole(asFirst, { user_id: first.id, role: StaffRole.Admin }))).toBe(
      ResponseCode.InvalidParameter,
    );
    await staff.grantInConsole(asFirst, { email: second.email!, role: StaffRole.Admin });
    const revoked = await staff.revokeInConsole(asFirst, { user_id: first.id, role: StaffRole.Admin });
    expect(revoked).toMatchObject({ changed: 1, staff: { user_id: first.id, role_list: [] } });
    expect((await staff.listRoleHolders(StaffRole.Admin)).map((holder) => holder.user_id)).toEqual([second.id]);
    // The one admin left may still lose another role of theirs.
    await staff.grantByCommandLine(second.email!, StaffRole.Editor);
    expect((await staff.revokeByCommandLine(second.email!, StaffRole.Editor)).changed).toBe(true);
  });

  it('hides console calls (1002) from guests, readers, inactive staff and roles without the permission', async () => {
    const reader = await account();
    const moderator = await account();
    await staff.grantByCommandLine(moderator.email!, StaffRole.Moderator);
    const hiddenFrom = (auth: Parameters<StaffService['requireAccess']>[0], permission: StaffPermission) =>
      codeOf(staff.requireAccess(auth, permission));
    expect(await hiddenFrom(authStub.anonymous, StaffPermission.ConsoleOpen)).toBe(ResponseCode.ApiNotFound);
    expect(await hiddenFrom(authStub.deadToken, StaffPermission.ConsoleOpen)).toBe(ResponseCode.ApiNotFound);
    expect(await hiddenFrom(authStub.web(reader), StaffPermission.ConsoleOpen)).toBe(ResponseCode.ApiNotFound);
    expect(await hiddenFrom(authStub.web(moderator), StaffPermission.TitleEdit)).toBe(ResponseCode.ApiNotFound);
    expect(await codeOf(staff.listStaff(authStub.web(moderator)))).toBe(ResponseCode.ApiNotFound);
    // The roles are read from the database, so a suspended session of a moderator opens nothing.
    const suspended = authStub.web({ id: moderator.id, status: 'suspended' });
    expect(await hiddenFrom(suspended, StaffPermission.CommentModerate)).toBe(ResponseCode.ApiNotFound);

    const caller = await staff.requireAccess(authStub.web(moderator), StaffPermission.CommentModerate);
    expect(caller).toMatchObject({ userId: moderator.id, roles: [StaffRole.Moderator] });
    const { operator } = await staff.getOperator(authStub.web(moderator));
    expect(operator).toEqual({
      user_id: moderator.id,
      email: moderator.email,
      role_list: [StaffRole.Moderator],
      permission_list: [StaffPermission.ConsoleOpen, StaffPermission.AuditRead, StaffPermission.CommentModerate],
    });
    // Losing the role closes the console at the next call.
    await staff.revokeByCommandLine(moderator.email!, StaffRole.Moderator);
    expect(await codeOf(staff.getOperator(authStub.web(moderator)))).toBe(ResponseCode.ApiNotFound);
  });

  it('grants a role once to an active account found by its address, audited with who did it', async () => {
    const admin = await account();
    const target = await account();
    await staff.grantByCommandLine(admin.email!, StaffRole.Admin);
    now = TEST_NOW + MINUTE;
    const asAdmin = authStub.web(admin);
    // The address is normalised (case, spaces) before the account is looked up.
    const granted = await staff.grantInConsole(asAdmin, {
      email: `  ${target.email!.toUpperCase()} `,
      role: StaffRole.Support,
      reason: 'help desk',
    });
    expect(granted).toMatchObject({ changed: 1, staff: { user_id: target.id, role_list: [{ role: 'support' }] } });
    expect(granted.staff.role_list[0]!.granted_time).toMatch(/^2026-01-01/);
    const again = await staff.grantInConsole(asAdmin, { email: target.email!, role: StaffRole.Support });
    expect(again.changed).toBe(0);
    await staff.grantByCommandLine(target.email!, StaffRole.Admin);
    expect(await auditRows(target.id)).toEqual([
      {
        actor_user_id: admin.id,
        action: AuditAction.StaffRoleGrant,
        reason: 'help desk',
        detail: JSON.stringify({ via: 'console', role: 'support', before: [], after: ['support'] }),
      },
      {
        actor_user_id: null,
        action: AuditAction.StaffRoleGrant,
        reason: '',
        detail: JSON.stringify({ via: 'cli', role: 'admin', before: ['support'], after: ['admin', 'support'] }),
      },
    ]);
    // Revoking a role not held changes nothing and writes no audit row.
    const none = await staff.revokeInConsole(asAdmin, { user_id: target.id, role: StaffRole.Analyst });
    expect(none.changed).toBe(0);
    expect(await auditRows(target.id)).toHaveLength(2);
    now = TEST_NOW;
  });

  it('refuses an unknown account (2000) and a role for an account that is not active (2001)', async () => {
    const admin = await account();
    await staff.grantByCommandLine(admin.email!, StaffRole.Admin);
    const asAdmin = authStub.web(admin);
    expect(await codeOf(staff.grantInConsole(asAdmin, { email: 'nobody@example.test', role: StaffRole.Editor }))).toBe(
      ResponseCode.UserNotExist,
    );
    expect(await codeOf(staff.revokeInConsole(asAdmin, { user_id: 99_999_999, role: StaffRole.Editor }))).toBe(
      ResponseCode.UserNotExist,
    );
    expect(await codeOf(staff.grantByCommandLine('nobody@example.test', StaffRole.Editor))).toBe(
      ResponseCode.UserNotExist,
    );
    const suspended = await account('suspended');
    expect(await codeOf(staff.grantInConsole(asAdmin, { email: suspended.email!, role: StaffRole.Editor }))).toBe(
      ResponseCode.AccountNotActive,
    );
    expect(await codeOf(staff.grantByCommandLine(suspended.email!, StaffRole.Editor))).toBe(
      ResponseCode.AccountNotActive,
    );
    expect(await auditRows(suspended.id)).toEqual([]);
  });

  it('lists each staff member once with their roles admin first; readers are not listed', async () => {
    const admin = await account();
    const member = await account();
    const reader = await account();
    await staff.grantByCommandLine(admin.email!, StaffRole.Admin);
    // Granted analyst before editor: the list still shows them in role order.
    await staff.grantByCommandLine(member.email!, StaffRole.Analyst);
    now = TEST_NOW + MINUTE;
    await staff.grantByCommandLine(member.email!, StaffRole.Editor);
    now = TEST_NOW;
    const { staff_list } = await staff.listStaff(authStub.web(admin));
    const ids = staff_list.map((row) => row.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(reader.id);
    const listed = staff_list.find((row) => row.user_id === member.id)!;
    expect(listed.role_list.map((grant) => grant.role)).toEqual([StaffRole.Editor, StaffRole.Analyst]);
    expect(listed).toMatchObject({ email: member.email, status: 'active' });
  });
});
