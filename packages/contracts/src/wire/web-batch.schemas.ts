// POST /web/batch (ours, ADR 075): several GET calls of the same visitor in one request. The web
// server makes a logged-in reader's personal answer (ADR 048) from four to seven calls; sent as one,
// they cost one round trip and one HTTP exchange instead of one each. Each call is answered exactly
// as it would have been alone (its status and body, the envelope included), in the order sent.
import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

/** Calls per batch: the most any page's personal answer makes (/my), with room. */
export const WEB_BATCH_MAX_CALLS = 8;
/** The longest path with its query a call may have. */
export const WEB_BATCH_MAX_PATH_LENGTH = 4_000;
/** The batch's own path, which no call may name. */
export const WEB_BATCH_PATH = '/web/batch';

export const WebBatchCallSchema = z.strictObject({
  /** Path and query of a GET call, as it would be sent alone (`/title/list?title_id_list=1&…`). */
  path: z
    .string()
    .min(1)
    .max(WEB_BATCH_MAX_PATH_LENGTH)
    .regex(/^\/[^/\\]/, 'a path on this API (starting with one /)')
    .refine((path) => !path.split('?', 1)[0]?.startsWith(WEB_BATCH_PATH), 'a batch cannot hold a batch'),
  /** The call's own request signature (wire §1.4), when it has one. */
  hash: z.string().max(256).optional(),
});
export type WebBatchCall = z.infer<typeof WebBatchCallSchema>;

export const WebBatchRequestSchema = z.strictObject({
  calls: z.array(WebBatchCallSchema).min(1).max(WEB_BATCH_MAX_CALLS),
});
export type WebBatchRequest = z.infer<typeof WebBatchRequestSchema>;

export const WebBatchAnswerSchema = z.strictObject({
  /** The HTTP status the call would have had alone. */
  status: z.int().min(100).max(599),
  /** Its body as sent (JSON text, the envelope included). */
  body: z.string(),
  /** Its Retry-After, in seconds, when it had one (a refused call). */
  retry_after: z.int().nonnegative().optional(),
});
export type WebBatchAnswer = z.infer<typeof WebBatchAnswerSchema>;

export const WebBatchResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  answers: z.array(WebBatchAnswerSchema),
});
export type WebBatchResponse = z.infer<typeof WebBatchResponseSchema>;
