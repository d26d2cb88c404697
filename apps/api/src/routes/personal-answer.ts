// Answers that depend on the caller's session are never stored by a browser or a shared cache
// (DESIGN §6a). Registered inside a route plugin, the hook covers only that plugin's routes.
import type { FastifyInstance } from 'fastify';

export function sendPersonalAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
