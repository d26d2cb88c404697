import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
const body = randomBytes(21100);
const app = Fastify({ logger: false });
app.get('/', (_req, reply) => { reply.header('content-type', 'text/html').header('content-encoding', 'gzip').send(body); });
await app.listen({ port: 3108, host: '127.0.0.1' });
process.on('SIGINT', () => process.exit(0));
