import { z } from 'zod';
import { STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '../staff-roles.rules.ts';
import { EmailParamSchema } from './account.schemas.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { OPS_REASON_MAX_LENGTH } from './ops.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

// Staff roles in the console (ADR 042): under /ops/staff/*, admins only; everyone else gets the answer
// of an unknown path (HTTP 404, code 1002).

export const StaffRoleSchema = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]]);
export const StaffPermissionSchema = z.enum(STAFF_PERMISSIONS as [StaffPermission, ...StaffPermission[]]);
const OptionalReasonSchema = z.string().trim().max(OPS_REASON_MAX_LENGTH).optional();

/** POST /ops/staff/grant */
export const StaffGrantRequestSchema = z.object({
  email: EmailParamSchema,
  role: StaffRoleSchema,
  reason: OptionalReasonSchema,
});
export type StaffGrantRequest = z.input<typeof StaffGrantRequestSchema>;

/** POST /ops/staff/revoke */
export const StaffRevokeRequestSchema = z.object({
  user_id: IntParamSchema,
  role: StaffRoleSchema,
  reason: OptionalReasonSchema,
});
export type StaffRevokeRequest = z.input<typeof StaffRevokeRequestSchema>;

export const StaffRoleGrantSchema = z.strictObject({ role: z.string(), granted_time: WireDateTimeSchema });

/** An account holding one or more staff roles. */
export const StaffMemberSchema = z.strictObject({
  user_id: z.int(),
  email: z.string(),
  /** The account's status ('active', 'banned', …): roles of an inactive account give nothing. */
  status: z.string(),
  role_list: z.array(StaffRoleGrantSchema),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /ops/staff/list: by e-mail address. */
export const StaffListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  staff_list: z.array(StaffMemberSchema),
});
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

/** POST /ops/staff/grant and /revoke: the account after the change (`changed` 0 when nothing was to do). */
export const StaffChangeResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  staff: StaffMemberSchema,
  changed: z.int(),
});
export type StaffChangeResponse = z.infer<typeof StaffChangeResponseSchema>;
