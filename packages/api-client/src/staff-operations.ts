import {
  type StaffChangeResponse,
  StaffChangeResponseSchema,
  type StaffListResponse,
  StaffListResponseSchema,
  type StaffRole,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';

// Staff roles in the console (ADR 042): admins only; to anyone else every call answers 404 (ApiError 1002).

export interface StaffOperations {
  /** GET /ops/staff/list */
  listStaff(): Promise<StaffListResponse>;
  /** POST /ops/staff/grant */
  grantStaffRole(params: { email: string; role: StaffRole; reason?: string }): Promise<StaffChangeResponse>;
  /** POST /ops/staff/revoke (never the last admin's admin role: 1001) */
  revokeStaffRole(params: { user_id: number; role: StaffRole; reason?: string }): Promise<StaffChangeResponse>;
}

export function staffOperations(client: ApiClient): StaffOperations {
  const change = { schema: StaffChangeResponseSchema };
  return {
    listStaff: () => client.call('listStaff', 'GET', '/ops/staff/list', {}, { schema: StaffListResponseSchema }),
    grantStaffRole: (params) => client.call('grantStaffRole', 'POST', '/ops/staff/grant', { ...params }, change),
    revokeStaffRole: (params) => client.call('revokeStaffRole', 'POST', '/ops/staff/revoke', { ...params }, change),
  };
}
