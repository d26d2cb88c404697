// The one gate of every console route (ADR 042): a route under /ops declares the staff permission it
// needs in its config (`config: { staffPermission }`), and this hook asks StaffService.requireAccess
// before the request's parameters are even read, so that someone without the permission gets exactly
// the answer of an unknown path (404 / 1002, same message, same rate limit) and learns nothing of the
// parameters. A console route that declares no permission is refused to everyone (fail closed).
import { ResponseCode, type StaffPermission } from '@manga/contracts';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '#src/rules/domain.error.ts';
import type { StaffCaller } from '#src/services/staff.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a console route needs (ADR 042). */
    staffPermission?: StaffPermission;
  }
  interface FastifyRequest {
    /** The staff member a console route serves, set by the staff gate. */
    staff?: StaffCaller;
  }
}

/** Registers the gate for every route of the (encapsulated) plugin `app`. */
export function guardStaffRoutes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    try {
      const permission = request.routeOptions.config.staffPermission;
      if (!permission) throw new DomainError(ResponseCode.ApiNotFound);
      request.staff = await app.container.services.staff.requireAccess(request.auth, permission);
    } catch (error) {
      await app.limitUnknownPath(request, reply);
      throw error;
    }
  });
}

/** The staff member the gate let through (only inside a guarded route). */
export function staffOf(request: { staff?: StaffCaller }): StaffCaller {
  if (!request.staff) throw new DomainError(ResponseCode.ApiNotFound);
  return request.staff;
}
