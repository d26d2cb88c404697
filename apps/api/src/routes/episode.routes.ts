import {
  AppViewerQuerySchema,
  AppViewerResponseSchema,
  EpisodeIdQuerySchema,
  EpisodeListResponseSchema,
  EpisodeShareResponseSchema,
} from '@manga/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { viewerContext } from '#src/plugins/viewer-context.ts';
import { BoundedIdListSchema } from '#src/routes/title.routes.ts';

const EpisodeListParamsSchema = z.object({
  episode_id_list: BoundedIdListSchema,
  force_master: z.enum(['0', '1']).optional(),
});

export const episodeRoutes: FastifyPluginAsyncZod = async (app) => {
  // WIRE.md §1.6: /episode/list arrives as POST (form) from most clients and as GET from others.
  // The reader's purchases and rentals set badges 3/4 and rental_finish_time (ADR 014).
  const listEpisodes = async (params: z.output<typeof EpisodeListParamsSchema>, request: FastifyRequest) =>
    ok({
      episode_list: await app.container.services.catalogue.listEpisodes(params.episode_id_list, {
        locale: request.client.locale,
        userId: request.auth.user?.userId,
      }),
    });

  app.post(
    '/episode/list',
    {
      schema: {
        operationId: 'listEpisodes',
        tags: ['episode'],
        body: EpisodeListParamsSchema,
        response: { 200: EpisodeListResponseSchema },
      },
    },
    async (request) => listEpisodes(request.body, request),
  );
  app.get(
    '/episode/list',
    {
      schema: {
        operationId: 'listEpisodesByQuery',
        tags: ['episode'],
        querystring: EpisodeListParamsSchema,
        response: { 200: EpisodeListResponseSchema },
      },
    },
    async (request) => listEpisodes(request.query, request),
  );

  app.get(
    '/episode/share',
    {
      schema: {
        operationId: 'getEpisodeShare',
        tags: ['episode'],
        querystring: EpisodeIdQuerySchema,
        response: { 200: EpisodeShareResponseSchema },
      },
    },
    async (request) =>
      ok(await app.container.services.catalogue.getEpisodeShare(request.query.episode_id, request.client)),
  );

  // WIRE.md §3.3: the app viewer; 3104 unknown, 2016 too young for the title, 3105 not free.
  app.get(
    '/episode/viewer',
    {
      schema: {
        operationId: 'getAppViewer',
        tags: ['episode'],
        querystring: AppViewerQuerySchema,
        response: { 200: AppViewerResponseSchema },
      },
    },
    async (request) =>
      ok(await app.container.services.viewer.getAppViewer(request.query.episode_id, viewerContext(request))),
  );
};
