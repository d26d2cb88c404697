// product §7 Account and the /web/account twins (ADR 007): two-step flows, the account read, resignation.
import {
  AccountResponseSchema,
  EmailPresaveRequestSchema,
  PasswordPreresetRequestSchema,
  PasswordPresaveRequestSchema,
  PresaveRequestSchema,
  ResignRequestSchema,
  SessionRevokeRequestSchema,
  SuccessEnvelopeSchema,
  TokenRequestSchema,
  TokenStatusQuerySchema,
  TokenStatusResponseSchema,
  WebPresaveRequestSchema,
  WebSaveRequestSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionClient } from '#src/http/caller.http.ts';
import { clearSessionCookie, readConsentCookies, setSessionCookie } from '#src/http/cookies.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['account'];
const envelope = { 200: SuccessEnvelopeSchema };

/** Envelope-only answers: the service's work, then success. */
const done = async (work: Promise<void>) => {
  await work;
  return ok({});
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = () => app.container.services.accounts;
  const sessions = () => app.container.services.sessions;

  app.get(
    '/account',
    { schema: { operationId: 'getAccount', tags, response: { 200: AccountResponseSchema } } },
    async (request) => ok({ account: await accounts().getAccount(request.auth) }),
  );

  // ── sign-up ──
  app.post(
    '/web/account/presave',
    { schema: { operationId: 'presaveWebAccount', tags, body: WebPresaveRequestSchema, response: envelope } },
    async (request) =>
      done(
        accounts().presaveWeb({
          auth: request.auth,
          email: request.body.email,
          cookies: readConsentCookies(request),
          locale: request.client.locale,
          clientAddress: request.source.address,
        }),
      ),
  );
  app.post(
    '/account/presave',
    { schema: { operationId: 'presaveAccount', tags, body: PresaveRequestSchema, response: envelope } },
    async (request) =>
      done(
        accounts().presave({
          auth: request.auth,
          email: request.body.email,
          password: request.body.password,
          cookies: readConsentCookies(request),
          locale: request.client.locale,
          clientAddress: request.source.address,
        }),
      ),
  );
  app.post(
    '/web/account/save',
    { schema: { operationId: 'saveWebAccount', tags, body: WebSaveRequestSchema, response: envelope } },
    async (request, reply) => {
      const { session } = await accounts().completeSignup({ ...request.body, client: sessionClient(request) });
      if (session) setSessionCookie(reply, session);
      return ok({});
    },
  );
  app.get(
    '/account/save',
    { schema: { operationId: 'saveAccount', tags, querystring: TokenRequestSchema, response: envelope } },
    async (request) => {
      await accounts().completeSignup({ token: request.query.token });
      return ok({});
    },
  );

  // Ours (issue 24): whether an e-mailed link still works, used up by nothing (its page says at once).
  app.get(
    '/web/account/token/status',
    {
      schema: {
        operationId: 'getWebAccountTokenStatus',
        tags,
        querystring: TokenStatusQuerySchema,
        response: { 200: TokenStatusResponseSchema },
      },
    },
    async (request) => ok(await accounts().checkEmailToken(request.query)),
  );

  // ── e-mail change, password change and reset: the same service for /account and /web/account ──
  for (const prefix of ['', '/web'] as const) {
    const web = prefix === '/web';
    const id = (name: string) => (web ? name.replace(/Account/, 'WebAccount') : name);
    app.post(
      `${prefix}/account/email/presave`,
      { schema: { operationId: id('presaveAccountEmail'), tags, body: EmailPresaveRequestSchema, response: envelope } },
      async (request) =>
        done(
          accounts().presaveEmail({
            auth: request.auth,
            newEmail: request.body.new_email,
            password: request.body.password,
            locale: request.client.locale,
            clientAddress: request.source.address,
          }),
        ),
    );
    app.get(
      `${prefix}/account/email/save`,
      { schema: { operationId: id('saveAccountEmail'), tags, querystring: TokenRequestSchema, response: envelope } },
      async (request) => done(accounts().saveEmail({ token: request.query.token })),
    );
    app.post(
      `${prefix}/account/password/presave`,
      {
        schema: {
          operationId: id('presaveAccountPassword'),
          tags,
          body: PasswordPresaveRequestSchema,
          response: envelope,
        },
      },
      async (request) =>
        done(
          accounts().presavePassword({
            auth: request.auth,
            currentPassword: request.body.current_password,
            newPassword: request.body.new_password,
            locale: request.client.locale,
            clientAddress: request.source.address,
          }),
        ),
    );
    app.get(
      `${prefix}/account/password/save`,
      { schema: { operationId: id('saveAccountPassword'), tags, querystring: TokenRequestSchema, response: envelope } },
      async (request) => done(accounts().savePassword({ token: request.query.token, auth: request.auth })),
    );
    app.post(
      `${prefix}/account/password/prereset`,
      {
        schema: {
          operationId: id('preresetAccountPassword'),
          tags,
          body: PasswordPreresetRequestSchema,
          response: envelope,
        },
      },
      async (request) =>
        done(
          accounts().preresetPassword({
            email: request.body.email,
            newPassword: request.body.new_password,
            locale: request.client.locale,
            clientAddress: request.source.address,
          }),
        ),
    );
    app.get(
      `${prefix}/account/password/reset`,
      {
        schema: { operationId: id('resetAccountPassword'), tags, querystring: TokenRequestSchema, response: envelope },
      },
      async (request) => done(accounts().resetPassword({ token: request.query.token, auth: request.auth })),
    );
  }

  // ── devices: end one session of the account, or every other one (ADR 007) ──
  app.post(
    '/web/account/session/revoke',
    { schema: { operationId: 'revokeWebAccountSession', tags, body: SessionRevokeRequestSchema, response: envelope } },
    async (request, reply) => {
      const { endedCurrent } = await sessions().revokeSession(request.auth, request.body.session_id);
      if (endedCurrent) clearSessionCookie(reply);
      return ok({});
    },
  );
  app.post(
    '/web/account/session/revoke_others',
    { schema: { operationId: 'revokeOtherWebAccountSessions', tags, response: envelope } },
    async (request) => done(sessions().revokeOtherSessions(request.auth)),
  );

  app.post(
    '/account/resign',
    { schema: { operationId: 'resignAccount', tags, body: ResignRequestSchema, response: envelope } },
    async (request, reply) => {
      await accounts().resign({
        auth: request.auth,
        userId: request.body.user_id,
        password: request.body.password,
        challenge: request.body.challenge,
        clientAddress: request.source.address,
      });
      clearSessionCookie(reply);
      return ok({});
    },
  );
};
