// The reader's nickname (ours, issue 24 item 10, ADR 066): GET /user/nickname, POST /user/nickname.
import { NicknameRequestSchema, NicknameSettingResponseSchema } from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#src/plugins/envelope.plugin.ts';

export const nicknameRoutes: FastifyPluginAsyncZod = async (app) => {
  const nicknames = () => app.container.services.nicknames;
  const setting = { 200: NicknameSettingResponseSchema };

  app.get(
    '/user/nickname',
    { schema: { operationId: 'getNickname', tags: ['user'], response: setting } },
    async (request) => ok(await nicknames().getNickname(request.auth)),
  );
  app.post(
    '/user/nickname',
    { schema: { operationId: 'setNickname', tags: ['user'], body: NicknameRequestSchema, response: setting } },
    async (request) => ok(await nicknames().setNickname(request.auth, request.body.nickname)),
  );
};
