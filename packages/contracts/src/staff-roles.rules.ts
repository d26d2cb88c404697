// Staff roles and what each may do in the console (ADR 042). This map is the only place that says
// which role may do what: the API's StaffService.requireAccess asks it on every console call, the
// web asks it (through the API's answer) which console pages to link, and the tests enumerate it.

/** Roles beyond reader. `moderator` was called `operator` before ADR 042. */
export const StaffRole = {
  Admin: 'admin',
  Editor: 'editor',
  Moderator: 'moderator',
  Support: 'support',
  Analyst: 'analyst',
} as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLES: readonly StaffRole[] = Object.values(StaffRole);

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What a console call needs (`resource.action`, architecture glossary). */
export const StaffPermission = {
  /** The console frame and "who am I": every staff role. */
  ConsoleOpen: 'console.open',
  /** Grant and revoke staff roles. */
  StaffRoleManage: 'staff_role.manage',
  /** The whole audit log. */
  AuditRead: 'audit.read',
  /** Report queue, hiding and restoring comments, suspensions, NG words. */
  CommentModerate: 'comment.moderate',
  /** Titles: names, metadata, covers, publishing. */
  TitleEdit: 'title.edit',
  /** Chapters: uploads, pages, preview. */
  EpisodeEdit: 'episode.edit',
  /** Release times and the calendar. */
  ScheduleEdit: 'schedule.edit',
  /** Chapter prices, free windows, ticket rental, single sale. */
  PriceEdit: 'price.edit',
  /** Today's choice, bonus episodes, banners, campaigns, rankings. */
  TopPageEdit: 'top_page.edit',
  /** Point packages and plans of the shop (`npm run products`). */
  ProductEdit: 'product.edit',
  /** A reader's account, wallet, purchases, rentals, plan and devices (never secrets). */
  ReaderRead: 'reader.read',
  /** Points or tickets for a reader, with a reason. */
  ReaderGrant: 'reader.grant',
  /** End a reader's sessions. */
  ReaderSessionEnd: 'reader.session_end',
  /** Sales and reading figures (read-only). */
  FiguresRead: 'figures.read',
} as const;
export type StaffPermission = (typeof StaffPermission)[keyof typeof StaffPermission];
export const STAFF_PERMISSIONS: readonly StaffPermission[] = Object.values(StaffPermission);

const P = StaffPermission;

/** Which role may do what. An admin may do everything. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  admin: STAFF_PERMISSIONS,
  editor: [
    P.ConsoleOpen,
    P.TitleEdit,
    P.EpisodeEdit,
    P.ScheduleEdit,
    P.PriceEdit,
    P.TopPageEdit,
    P.ProductEdit,
    P.FiguresRead,
  ],
  moderator: [P.ConsoleOpen, P.CommentModerate, P.AuditRead],
  support: [P.ConsoleOpen, P.ReaderRead, P.ReaderGrant, P.ReaderSessionEnd],
  analyst: [P.ConsoleOpen, P.FiguresRead],
};

/** The permissions that a set of roles gives, in the order of STAFF_PERMISSIONS. */
export function permissionsOf(roles: readonly string[]): StaffPermission[] {
  const held = new Set(roles.filter(isStaffRole).flatMap((role) => ROLE_PERMISSIONS[role]));
  return STAFF_PERMISSIONS.filter((permission) => held.has(permission));
}

/** Whether any of the roles gives the permission. */
export function rolesAllow(roles: readonly string[], permission: StaffPermission): boolean {
  return roles.some((role) => isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** Roles in the order of STAFF_ROLES (admin first), unknown names last: how lists and the audit show them. */
export function inRoleOrder<T extends string>(roles: readonly T[]): T[] {
  const rank = (role: string) => {
    const index = (STAFF_ROLES as readonly string[]).indexOf(role);
    return index === -1 ? STAFF_ROLES.length : index;
  };
  return [...roles].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
