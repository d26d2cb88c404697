// product §7 User and /web/user (ADR 007): login and logout, the user read, and the app-side calls.
import {
  AttestationRequestSchema,
  ChallengeResponseSchema,
  DeviceSaveRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  NoahIdSaveRequestSchema,
  PushNotificationSaveRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  SuccessEnvelopeSchema,
  UnbanRequestSchema,
  UserQuerySchema,
  UserResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionClient } from '#src/http/caller.http.ts';
import { clearSessionCookie, readConsentCookies, setSessionCookie } from '#src/http/cookies.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';

const tags = ['user'];
const envelope = { 200: SuccessEnvelopeSchema };

/** Envelope-only answers: the service's work, then success. */
const done = async (work: Promise<void>) => {
  await work;
  return ok({});
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = () => app.container.services;

  for (const prefix of ['', '/web'] as const) {
    const web = prefix === '/web';
    app.post(
      `${prefix}/user/login`,
      {
        schema: { operationId: web ? 'loginWebUser' : 'loginUser', tags, body: LoginRequestSchema, response: envelope },
      },
      async (request, reply) => {
        const session = await services().sessions.login({
          email: request.body.email,
          password: request.body.password,
          clientAddress: request.source.address,
          cookies: readConsentCookies(request),
          client: sessionClient(request),
        });
        setSessionCookie(reply, session);
        return ok({});
      },
    );
    app.post(
      `${prefix}/user/logout`,
      {
        schema: {
          operationId: web ? 'logoutWebUser' : 'logoutUser',
          tags,
          // No body at all is a logout too (product §4: logout always ends the current session).
          body: LogoutRequestSchema.nullish(),
          response: envelope,
        },
      },
      async (request, reply) => {
        // The cookie goes whatever happens to the session row (product §4: logout always logs out locally).
        clearSessionCookie(reply);
        await services().sessions.logout(request.auth);
        return ok({});
      },
    );
  }

  app.get(
    '/user',
    { schema: { operationId: 'getUser', tags, querystring: UserQuerySchema, response: { 200: UserResponseSchema } } },
    async (request) => ok(await services().accounts.getUser(request.auth, request.query.user_id)),
  );
  app.post(
    '/user/register',
    {
      schema: {
        operationId: 'registerUser',
        tags,
        body: RegisterRequestSchema,
        response: { 200: RegisterResponseSchema },
      },
    },
    async (request) => ok(await services().appUsers.register(request.body)),
  );
  app.post(
    '/user/device/save',
    { schema: { operationId: 'saveUserDevice', tags, body: DeviceSaveRequestSchema, response: envelope } },
    async (request) => done(services().appUsers.saveDevice(request.auth, request.body, request.client.platform)),
  );
  app.post(
    '/user/push_notification/save',
    {
      schema: {
        operationId: 'saveUserPushNotification',
        tags,
        body: PushNotificationSaveRequestSchema,
        response: envelope,
      },
    },
    async (request) => done(services().appUsers.savePushNotification(request.auth, request.body.notice_status)),
  );
  app.post(
    '/user/noah_id/save',
    { schema: { operationId: 'saveUserNoahId', tags, body: NoahIdSaveRequestSchema, response: envelope } },
    async (request) => done(services().appUsers.saveNoahId(request.auth, request.body.noah_id)),
  );
  app.post(
    '/user/unban',
    { schema: { operationId: 'unbanUser', tags, body: UnbanRequestSchema, response: envelope } },
    async (request) =>
      done(services().appUsers.unban({ token: request.body.token, originalUuid: request.body.original_uuid })),
  );
  app.get(
    '/user/challenge',
    { schema: { operationId: 'getUserChallenge', tags, response: { 200: ChallengeResponseSchema } } },
    async (request) => ok(await services().appUsers.issueChallenge(request.auth)),
  );
  app.post(
    '/user/attestation',
    { schema: { operationId: 'attestUser', tags, body: AttestationRequestSchema, response: envelope } },
    async (request) =>
      done(
        services().appUsers.attest(request.auth, {
          attestation: request.body.attestation,
          challenge: request.body.challenge,
          keyId: request.body.key_id,
        }),
      ),
  );
};
