import {
  AppViewerQuerySchema,
  AppViewerResponseSchema,
  EpisodeIdQuerySchema,
  EpisodeListResponseSchema,
  EpisodeShareResponseSchema,
  ViewerFinishResponseSchema,
  ViewerLastPageQuerySchema,
  ViewerLastPageResponseSchema,
  ViewerProgressRequestSchema,
  ViewerProgressResponseSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { episodeListContext, viewerContext } from '#src/http/caller.http.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { BoundedIdListSchema } from '#src/routes/title.routes.ts';
import type { EpisodeListContext } from '#src/services/catalogue.service.ts';

const EpisodeListParamsSchema = z.object({
  episode_id_list: BoundedIdListSchema,
  force_master: z.enum(['0', '1']).optional(),
});

export const episodeRoutes: FastifyPluginAsyncZod = async (app) => {
  // wire §1.6: /episode/list arrives as POST (form) from most clients and as GET from others.
  const listEpisodes = async (params: z.output<typeof EpisodeListParamsSchema>, context: EpisodeListContext) =>
    ok({ episode_list: await app.container.services.catalogue.listEpisodes(params.episode_id_list, context) });

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
    async (request) => listEpisodes(request.body, episodeListContext(request)),
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
    async (request) => listEpisodes(request.query, episodeListContext(request)),
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

  // wire §3.3: the app viewer; 3104 unknown, 2016 too young for the title, 3105 not open to the reader.
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

  // product §7: the reader reached the last page (ADR 016); viewer_scroll and viewing_direction say how.
  app.get(
    '/episode/viewer/lastpage',
    {
      schema: {
        operationId: 'reachViewerLastPage',
        tags: ['episode'],
        querystring: ViewerLastPageQuerySchema,
        response: { 200: ViewerLastPageResponseSchema },
      },
    },
    async (request) =>
      ok(await app.container.services.viewer.reachLastPage(request.query.episode_id, viewerContext(request))),
  );

  // wire §3.3: the reader finished the episode.
  app.get(
    '/episode/viewer/finish',
    {
      schema: {
        operationId: 'finishViewerEpisode',
        tags: ['episode'],
        querystring: EpisodeIdQuerySchema,
        response: { 200: ViewerFinishResponseSchema },
      },
    },
    async (request) =>
      ok(await app.container.services.viewer.finishEpisode(request.query.episode_id, viewerContext(request))),
  );

  // Ours (ADR 016): the page a logged-in reader is on, for "continue from page N" on every device.
  app.post(
    '/episode/viewer/progress',
    {
      schema: {
        operationId: 'recordViewerProgress',
        tags: ['episode'],
        body: ViewerProgressRequestSchema,
        response: { 200: ViewerProgressResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.container.services.viewer.recordProgress(
          request.auth,
          { episodeId: request.body.episode_id, page: request.body.page },
          viewerContext(request),
        ),
      ),
  );
};
