// The moderation API (ADR 013): paths are ours, under /ops/. Each route names the staff permission it
// needs (ADR 042); to anyone without it every path here answers exactly as an unknown path does
// (404 / 1002, same message, same rate limit), before its parameters are even read (guardStaffRoutes).
import {
  OpsAuditListQuerySchema,
  OpsAuditListResponseSchema,
  OpsCommentActionRequestSchema,
  OpsCommentHideRequestSchema,
  OpsCommentResponseSchema,
  OpsNgWordAddRequestSchema,
  OpsNgWordListResponseSchema,
  OpsNgWordRemoveRequestSchema,
  OpsNgWordResponseSchema,
  OpsNicknameResetRequestSchema,
  OpsNicknameResetResponseSchema,
  OpsOperatorResponseSchema,
  OpsReportListQuerySchema,
  OpsReportListResponseSchema,
  OpsSuspendRequestSchema,
  OpsSuspendResponseSchema,
  OpsUnsuspendRequestSchema,
  StaffPermission,
  SuccessEnvelopeSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsCaller } from '#src/http/caller.http.ts';
import { guardStaffRoutes } from '#src/http/staff-guard.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

// Left out of the served OpenAPI document (`hide`): the API must not advertise what it hides.
const tags = ['ops'];
const hide = true;
const envelope = { 200: SuccessEnvelopeSchema };

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff, moderation } = app.container.services;
  guardStaffRoutes(app);
  const consoleOpen = { staffPermission: StaffPermission.ConsoleOpen };
  const moderate = { staffPermission: StaffPermission.CommentModerate };
  const audit = { staffPermission: StaffPermission.AuditRead };

  app.get(
    '/ops/operator',
    {
      config: consoleOpen,
      schema: { hide, operationId: 'getOperator', tags, response: { 200: OpsOperatorResponseSchema } },
    },
    async (request) => ok(await staff.getOperator(request.auth)),
  );

  app.get(
    '/ops/comment/report/list',
    {
      config: moderate,
      schema: {
        hide,
        operationId: 'listReportedComments',
        tags,
        querystring: OpsReportListQuerySchema,
        response: { 200: OpsReportListResponseSchema },
      },
    },
    async (request) => ok(await moderation.listReports(opsCaller(request), request.query)),
  );

  app.post(
    '/ops/comment/hide',
    {
      config: moderate,
      schema: {
        hide,
        operationId: 'hideComment',
        tags,
        body: OpsCommentHideRequestSchema,
        response: { 200: OpsCommentResponseSchema },
      },
    },
    async (request) =>
      ok(await moderation.hideComment(opsCaller(request), request.body.comment_id, request.body.reason)),
  );

  // Restore a hidden comment; dismiss the reports of a visible one. Both answer the comment after.
  const reviews = [
    { path: '/ops/comment/restore', operationId: 'restoreComment', review: moderation.restoreComment },
    { path: '/ops/comment/dismiss', operationId: 'dismissCommentReports', review: moderation.dismissReports },
  ] as const;
  for (const { path, operationId, review } of reviews) {
    app.post(
      path,
      {
        config: moderate,
        schema: {
          hide,
          operationId,
          tags,
          body: OpsCommentActionRequestSchema,
          response: { 200: OpsCommentResponseSchema },
        },
      },
      async (request) =>
        ok(await review.call(moderation, opsCaller(request), request.body.comment_id, request.body.reason)),
    );
  }

  app.post(
    '/ops/user/suspend',
    {
      config: moderate,
      schema: {
        hide,
        operationId: 'suspendCommenter',
        tags,
        body: OpsSuspendRequestSchema,
        response: { 200: OpsSuspendResponseSchema },
      },
    },
    async (request) => {
      const { user_id, until_time, reason } = request.body;
      return ok(await moderation.suspendCommenter(opsCaller(request), user_id, until_time, reason));
    },
  );

  app.post(
    '/ops/user/unsuspend',
    {
      config: moderate,
      schema: { hide, operationId: 'unsuspendCommenter', tags, body: OpsUnsuspendRequestSchema, response: envelope },
    },
    async (request) => {
      await moderation.unsuspendCommenter(opsCaller(request), request.body.user_id, request.body.reason);
      return ok({});
    },
  );

  // A reader's offensive nickname removed (ADR 066 addendum); the rule and the audit row are the service's.
  app.post(
    '/ops/user/nickname/reset',
    {
      config: moderate,
      schema: {
        hide,
        operationId: 'resetNickname',
        tags,
        body: OpsNicknameResetRequestSchema,
        response: { 200: OpsNicknameResetResponseSchema },
      },
    },
    async (request) =>
      ok(await moderation.resetNickname(opsCaller(request), request.body.user_id, request.body.reason)),
  );

  app.get(
    '/ops/ngword/list',
    {
      config: moderate,
      schema: { hide, operationId: 'listNgWords', tags, response: { 200: OpsNgWordListResponseSchema } },
    },
    async (request) => ok(await moderation.listNgWords(opsCaller(request))),
  );

  app.post(
    '/ops/ngword/add',
    {
      config: moderate,
      schema: {
        hide,
        operationId: 'addNgWord',
        tags,
        body: OpsNgWordAddRequestSchema,
        response: { 200: OpsNgWordResponseSchema },
      },
    },
    async (request) => {
      const { word, match_type, reason } = request.body;
      return ok(await moderation.addNgWord(opsCaller(request), word, match_type, reason));
    },
  );

  app.post(
    '/ops/ngword/remove',
    {
      config: moderate,
      schema: { hide, operationId: 'removeNgWord', tags, body: OpsNgWordRemoveRequestSchema, response: envelope },
    },
    async (request) => {
      await moderation.removeNgWord(opsCaller(request), request.body.ng_word_id, request.body.reason);
      return ok({});
    },
  );

  app.get(
    '/ops/audit/list',
    {
      config: audit,
      schema: {
        hide,
        operationId: 'listAuditLog',
        tags,
        querystring: OpsAuditListQuerySchema,
        response: { 200: OpsAuditListResponseSchema },
      },
    },
    async (request) => ok(await moderation.listAuditLog(opsCaller(request), request.query)),
  );
};
