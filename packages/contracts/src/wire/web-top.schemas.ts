import { z } from 'zod';
import { BannerSchema } from './advertisement.schemas.ts';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { EpisodeSchema } from './episode.schemas.ts';
import { GenreRankingSchema } from './ranking.schemas.ts';
import { TitleSchema } from './title.schemas.ts';

/**
 * GET /web/top (ADR 009; the wire family publishes only `banner_list` and `today_title_list`). Sections hold
 * title ids; every title they name is in `title_list` once. `today_title_list` (today's updates)
 * carries its titles itself, as its name says.
 */
export const WebTopResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  banner_list: z.array(BannerSchema),
  /** Released episodes that give bonus points, newest first, one per title. */
  bonus_episode_list: z.array(EpisodeSchema),
  /** Top of the All ranking. */
  ranking_title_id_list: z.array(z.int()),
  /** Today's Specials ranking (today's choice). */
  today_choice_title_id_list: z.array(z.int()),
  /** Titles with an episode released today (wire time zone), latest first, at most 30. */
  today_title_list: z.array(TitleSchema),
  genre_ranking_list: z.array(GenreRankingSchema),
  title_list: z.array(TitleSchema),
});
export type WebTopResponse = z.infer<typeof WebTopResponseSchema>;
