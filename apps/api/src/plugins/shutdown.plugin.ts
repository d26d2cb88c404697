// While the app closes (SIGTERM), a request that still arrives on an open keep-alive connection is
// answered 503 in the envelope (1099) with `Connection: close`, in place of Fastify's own JSON
// (`return503OnClosing: false` in app.ts hands those requests to this hook; issue 21).
import { ResponseCode } from '@manga/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '#src/rules/domain.error.ts';

export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down; please try again.';

export default fp(
  async function shutdownPlugin(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close');
      throw new DomainError(ResponseCode.ServerError, SHUTTING_DOWN_MESSAGE, 503);
    });
  },
  { name: 'shutdown', dependencies: ['envelope'] },
);
