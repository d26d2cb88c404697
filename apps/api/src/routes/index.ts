import type { FastifyPluginAsync } from 'fastify';
import { episodeRoutes } from '#src/routes/episode.routes.ts';
import { healthRoutes } from '#src/routes/health.routes.ts';
import { imageRoutes } from '#src/routes/image.routes.ts';
import { openapiRoutes } from '#src/routes/openapi.routes.ts';
import { titleRoutes } from '#src/routes/title.routes.ts';

/** Every route group of SPEC §7; later issues add theirs here. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(openapiRoutes);
  await app.register(imageRoutes);
  await app.register(titleRoutes);
  await app.register(episodeRoutes);
};
