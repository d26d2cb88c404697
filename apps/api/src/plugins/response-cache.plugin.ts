// Serves catalogue answers from ResponseCache (ADR 020). Opt-in: a route is cached only when it
// declares `config: { responseCache: true }`, which it may do only when its answer depends on
// nothing but the URL and the client family (locale, scramble-seed format, crawler or not). Even
// then only anonymous callers are served or stored: a caller with a session or an app signature
// always runs the handler, so that no reader ever gets a body built for someone else, whatever the
// route later adds for logged-in readers. The lookup runs after the signature check and session
// resolution (preValidation hooks registered before this plugin) and before the parameters are
// validated: only answers of 200 are stored, under the exact URL, so a URL found in the cache has
// passed the same validation already, and a refused call stays refused (it is never found). It
// answers with the stored bytes, an ETag and `304` to a matching If-None-Match. A hit of a request
// that carries nothing of its caller (replayableRequest) is remembered with the headers it was sent
// with, so that the same request is answered again before the framework (hit-replay.http.ts, ADR 077).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pathOf, replayableRequest, replayHeadersOf, writesRequestLine } from '#src/http/hit-replay.http.ts';
import { type ResponseCache, responseCacheKeyOf } from '#src/services/response-cache.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the answer is the same for every anonymous caller with the same URL and client family. */
    responseCache?: boolean;
  }
  interface FastifyRequest {
    /** Set on a cacheable miss: where to store the answer and the revision it is built at. */
    responseCacheSlot: { key: string; revision: number } | undefined;
    /** Set on a hit that may be replayed: its key and ETag. */
    responseCacheReplay: { key: string; etag: string } | undefined;
  }
}

export interface ResponseCachePluginOptions {
  cache: ResponseCache;
}

/** Header telling whether the answer came from the cache (`hit`) or was built (`miss`). */
export const CACHE_STATUS_HEADER = 'x-manga-cache';
/** Shared caches may keep the answer but must ask again (ETag) before each use. */
const SHARED_CACHE_CONTROL = 'public, no-cache';

function isCacheable(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.responseCache !== true) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.auth?.user) return false;
  return !request.headers['x-mgpk-hash'];
}

function matches(request: FastifyRequest, etag: string): boolean {
  const sent = request.headers['if-none-match'];
  if (typeof sent !== 'string') return false;
  return sent === etag || sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function answerFromCache(request: FastifyRequest, reply: FastifyReply, etag: string, body: Buffer | undefined) {
  reply.header('etag', etag).header('cache-control', SHARED_CACHE_CONTROL).header(CACHE_STATUS_HEADER, 'hit');
  if (matches(request, etag)) return reply.code(304).send();
  return reply.type('application/json').send(body);
}

export default fp(
  async function responseCachePlugin(app: FastifyInstance, options: ResponseCachePluginOptions) {
    const { cache } = options;
    app.decorateRequest('responseCacheSlot', undefined);
    app.decorateRequest('responseCacheReplay', undefined);
    if (!cache.enabled) return;

    app.addHook('preValidation', async (request, reply) => {
      if (!isCacheable(request)) {
        // Other answers read the catalogue cache too (a reader's episode list): a change seen here
        // empties it before they run. Nothing is read when the revision is pushed (ADR 040); an
        // unanswered read is the cacheable calls' concern, not theirs.
        await cache.refresh().catch(() => undefined);
        return;
      }
      const revision = await cache.refresh();
      const key = responseCacheKeyOf(request.client, request.url);
      const hit = cache.lookup(key);
      if (hit) {
        if (replayableRequest(request.raw)) request.responseCacheReplay = { key, etag: hit.etag };
        return answerFromCache(request, reply, hit.etag, hit.body);
      }
      request.responseCacheSlot = { key, revision };
    });

    app.addHook('onResponse', (request, reply, done) => {
      const replay = request.responseCacheReplay;
      if (replay && reply.statusCode === 200) {
        cache.keepReplay(replay.key, pathOf(request.url), {
          etag: replay.etag,
          headers: replayHeadersOf(reply),
          route: request.routeOptions.url ?? request.url,
          logged: writesRequestLine(request.log.level),
        });
      }
      done();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const slot = request.responseCacheSlot;
      if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const stored = cache.store(slot.key, slot.revision, Buffer.from(payload), 'application/json');
      reply.header('etag', stored.etag).header(CACHE_STATUS_HEADER, 'miss');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', SHARED_CACHE_CONTROL);
      if (matches(request, stored.etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'response-cache', dependencies: ['auth', 'client-context'] },
);
