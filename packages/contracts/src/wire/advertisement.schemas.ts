import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { IntParamSchema } from './params.schemas.ts';

/** GET /advertisement/click and /advertisement/view (product §7): counted per advertisement and day. */
export const AdvertisementEventQuerySchema = z.object({
  advertisement_id: IntParamSchema,
  type: IntParamSchema.optional(),
  title_id: IntParamSchema.optional(),
});
export type AdvertisementEventQuery = z.infer<typeof AdvertisementEventQuerySchema>;

/** Envelope only. */
export const AdvertisementEventResponseSchema = z.strictObject({ ...successEnvelopeShape });
export type AdvertisementEventResponse = z.infer<typeof AdvertisementEventResponseSchema>;

/** An item of `banner_list` (GET /web/top). */
export const BannerSchema = z.strictObject({
  advertisement_id: z.int(),
  /** 1 banner, 2 inline, 3 viewer last page. */
  type: z.int(),
  title_id: z.int().nullable(),
  name: z.string(),
  image_url: z.string(),
  link_url: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;
