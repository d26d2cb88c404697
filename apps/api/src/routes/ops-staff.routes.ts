// Staff roles in the console (ADR 042): admins list, grant and revoke roles under /ops/staff/*.
// Hidden like every console path (guardStaffRoutes).
import {
  StaffChangeResponseSchema,
  StaffGrantRequestSchema,
  StaffListResponseSchema,
  StaffPermission,
  StaffRevokeRequestSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardStaffRoutes } from '#src/http/staff-guard.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['ops'];
const hide = true;
const config = { staffPermission: StaffPermission.StaffRoleManage };

export const opsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app.container.services;
  guardStaffRoutes(app);

  app.get(
    '/ops/staff/list',
    { config, schema: { hide, operationId: 'listStaff', tags, response: { 200: StaffListResponseSchema } } },
    async (request) => ok(await staff.listStaff(request.auth)),
  );

  app.post(
    '/ops/staff/grant',
    {
      config,
      schema: {
        hide,
        operationId: 'grantStaffRole',
        tags,
        body: StaffGrantRequestSchema,
        response: { 200: StaffChangeResponseSchema },
      },
    },
    async (request) => ok(await staff.grantInConsole(request.auth, request.body)),
  );

  app.post(
    '/ops/staff/revoke',
    {
      config,
      schema: {
        hide,
        operationId: 'revokeStaffRole',
        tags,
        body: StaffRevokeRequestSchema,
        response: { 200: StaffChangeResponseSchema },
      },
    },
    async (request) => ok(await staff.revokeInConsole(request.auth, request.body)),
  );
};
