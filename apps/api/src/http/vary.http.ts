import type { FastifyReply } from 'fastify';

/** Adds a request header to the answer's `Vary` list, once, keeping what is there. */
export function appendVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (listed.includes('*') || listed.some((name) => name.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...listed, header].join(', '));
}
