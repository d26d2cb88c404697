// GET /catalogue/revision (ADR 020): the catalogue's revision and how long, at most, answers built
// now stay true (the next scheduled release or free-window change, the next wire day, the cache's
// TTL). The web server's page cache keys its entries by it; any other shared cache may too.
import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

export const CatalogueRevisionResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  revision: z.int().nonnegative(),
  valid_for_seconds: z.int().nonnegative(),
});
export type CatalogueRevisionResponse = z.infer<typeof CatalogueRevisionResponseSchema>;

/** GET /catalogue/revision/stream (ADR 078): one JSON object per line, for the web servers' page caches. */
export const CATALOGUE_REVISION_STREAM_PATH = '/catalogue/revision/stream';
/** The stream's line when nothing moved: the revision, at least this often (milliseconds). */
export const CATALOGUE_REVISION_HEARTBEAT_MS = 5_000;

/** Reader ids one `readers` line holds at most (a line stays under the web server's 4 KB). */
export const READERS_PER_LINE = 200;

/**
 * On an answer to one of our web servers for a logged-in reader (ADR 081): `<user id>;<session end,
 * epoch ms>`, so that the web server can keep the reader's personal answer until told it moved.
 */
export const READER_HEADER = 'x-manga-reader';

export const CatalogueRevisionEventSchema = z.discriminatedUnion('event', [
  /** The revision may have moved: do not trust the last one; a `revision` line follows. */
  z.strictObject({ event: z.literal('stale') }),
  /**
   * The revision now, as the API trusts it. `pushed`: the API hears every change (its channel is up),
   * so this line may be trusted until a `stale` line; false: ask on every request, as without the stream.
   */
  z.strictObject({
    event: z.literal('revision'),
    revision: z.int().nonnegative(),
    valid_for_seconds: z.int().nonnegative(),
    pushed: z.boolean(),
  }),
  /**
   * Readers whose personal answers may have changed (ADR 081): forget what is kept of them. `all`: any
   * reader's may have (the API may have missed some); sent before the `revision` line after a move.
   */
  z.strictObject({
    event: z.literal('readers'),
    ids: z.union([z.array(z.int().positive()).max(READERS_PER_LINE), z.literal('all')]),
  }),
]);
export type CatalogueRevisionEvent = z.infer<typeof CatalogueRevisionEventSchema>;
