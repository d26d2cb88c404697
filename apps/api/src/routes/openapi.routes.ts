import type { FastifyPluginAsync } from 'fastify';

export const openapiRoutes: FastifyPluginAsync = async (app) => {
  app.get('/openapi.json', { config: { signature: false, maintenance: false }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
};
