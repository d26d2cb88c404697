import { PageCache } from '#app/page-cache/page-cache.server.ts';
import type { PushedRevision } from '#app/page-cache/revision-stream.server.ts';

/**
 * A page cache for the server's tests: revision 1, pushed while `pushedRevision` says so, each answer's
 * nonce a counter (`000001AAAA…`), cookies prefixed `dev_`.
 */
export function testPageCache(options: {
  maxBytes: number;
  ttlMs: number;
  pushedRevision: () => PushedRevision | undefined;
}): PageCache {
  let nonces = 0;
  return new PageCache({
    maxBytes: options.maxBytes,
    ttlMs: options.ttlMs,
    revisionCheckMs: 60_000,
    now: () => Date.now(),
    newNonce: () => `${String(++nonces).padStart(6, '0')}AAAAAAAAAAAAAAAAAA`,
    fetchRevision: async () => ({ revision: 1, validForMs: options.ttlMs }),
    pushedRevision: options.pushedRevision,
    cookiePrefix: 'dev_',
  });
}
