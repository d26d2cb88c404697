// GET /web/title/personal (ours, ADR 076): a logged-in reader's part of a title page (ADR 048) in one
// call. Each field is what the wire call named beside it answers for the same reader and title.
import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema } from './episode.schemas.ts';
import { TitleTicketSchema } from './ticket.schemas.ts';
import { ViewedTitleSchema } from './viewed.schemas.ts';

export const WebTitlePersonalResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  /** GET /title/list's `favorite_status` of the title: 1 when the reader follows it. */
  favorite_status: z.int(),
  /** GET /episode/list of the title's released episodes (its `episode_id_list`). */
  episode_list: z.array(EpisodeSchema),
  /** The title's entry of GET /title/ticket/list. */
  title_ticket: TitleTicketSchema.nullable(),
  /** GET /title/viewed/progress: where the reader left off, null when never read. */
  viewed_title: ViewedTitleSchema.nullable(),
  /** GET /user/chapter_alert_setting. */
  chapter_alert_mail: z.int(),
  alert_off_title_list: z.array(z.int()),
  /**
   * Epoch ms: the first moment this answer changes by the clock alone (a rental of the title ends, a
   * title ticket recovers, a premium ticket expires; ADR 082), null when none will. The catalogue's
   * own scheduled changes move the catalogue revision instead.
   */
  changes_at: z.int().nullable(),
});
export type WebTitlePersonalResponse = z.infer<typeof WebTitlePersonalResponseSchema>;
