// Cache-Control of answers that depend on who asks (DESIGN §6a): a shared cache never stores them.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An `onSend` hook: successful answers are `private, no-store` (comments and moderation, ADR 013; wallet, purchases and tickets, ADR 014). */
export async function privateAnswer(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 300) reply.header('cache-control', 'private, no-store');
  return payload;
}
