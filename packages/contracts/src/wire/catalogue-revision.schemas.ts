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
