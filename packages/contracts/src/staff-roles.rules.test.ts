import { describe, expect, it } from 'vitest';
import {
  inRoleOrder,
  isStaffRole,
  permissionsOf,
  ROLE_PERMISSIONS,
  rolesAllow,
  STAFF_PERMISSIONS,
  StaffPermission,
  StaffRole,
} from './staff-roles.rules.ts';

describe('staff roles', () => {
  it('gives an admin every permission and every other role the console', () => {
    expect(permissionsOf([StaffRole.Admin])).toEqual(STAFF_PERMISSIONS);
    for (const permissions of Object.values(ROLE_PERMISSIONS)) {
      expect(permissions).toContain(StaffPermission.ConsoleOpen);
    }
  });

  it('keeps roles to their work', () => {
    expect(rolesAllow([StaffRole.Moderator], StaffPermission.CommentModerate)).toBe(true);
    expect(rolesAllow([StaffRole.Moderator], StaffPermission.ReaderGrant)).toBe(false);
    expect(rolesAllow([StaffRole.Support], StaffPermission.ReaderGrant)).toBe(true);
    expect(rolesAllow([StaffRole.Support], StaffPermission.FiguresRead)).toBe(false);
    expect(rolesAllow([StaffRole.Analyst], StaffPermission.FiguresRead)).toBe(true);
    expect(rolesAllow([StaffRole.Analyst], StaffPermission.ProductEdit)).toBe(false);
    expect(rolesAllow([StaffRole.Editor], StaffPermission.TitleEdit)).toBe(true);
    expect(rolesAllow([StaffRole.Editor], StaffPermission.StaffRoleManage)).toBe(false);
    // Only an admin manages roles.
    for (const role of Object.values(StaffRole)) {
      expect(rolesAllow([role], StaffPermission.StaffRoleManage)).toBe(role === StaffRole.Admin);
    }
  });

  it('gives nothing for no role, a reader, or a retired or unknown name', () => {
    expect(permissionsOf([])).toEqual([]);
    expect(permissionsOf(['reader', 'operator', 'root'])).toEqual([]);
    expect(rolesAllow(['operator'], StaffPermission.ConsoleOpen)).toBe(false);
    expect(isStaffRole('operator')).toBe(false);
    expect(isStaffRole('support')).toBe(true);
  });

  it('unites the permissions of several roles in one order', () => {
    expect(permissionsOf([StaffRole.Analyst, StaffRole.Support])).toEqual([
      StaffPermission.ConsoleOpen,
      StaffPermission.ReaderRead,
      StaffPermission.ReaderGrant,
      StaffPermission.ReaderSessionEnd,
      StaffPermission.FiguresRead,
    ]);
  });

  it('orders roles admin first, unknown names last', () => {
    expect(inRoleOrder(['support', 'x', 'analyst', 'admin'])).toEqual(['admin', 'support', 'analyst', 'x']);
  });
});
