import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';

// GET /dev/outbox (development only, ADR 007): the mails the embedded outbox received.

export const OutboxMessageSummarySchema = z.strictObject({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
});
export type OutboxMessageSummary = z.infer<typeof OutboxMessageSummarySchema>;

export const DevOutboxListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  message_list: z.array(OutboxMessageSummarySchema),
});
export type DevOutboxListResponse = z.infer<typeof DevOutboxListResponseSchema>;

export const DevOutboxMessageResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  message: z.strictObject({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    created_at: z.string(),
    text: z.string(),
    html: z.string(),
  }),
});
export type DevOutboxMessageResponse = z.infer<typeof DevOutboxMessageResponseSchema>;
