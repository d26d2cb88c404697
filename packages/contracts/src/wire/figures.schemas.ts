import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { DateParamSchema } from './params.schemas.ts';

// Figures in the console (issue 26, ADR 072): GET /ops/figures and /ops/figures.csv, for the
// figures.read permission (analysts, editors, admins); everyone else gets the answer of an unknown
// path (HTTP 404, code 1002). Days are calendar days in the wire time zone.

/** The longest range the figures answer, in days (both ends counted). */
export const FIGURES_RANGE_MAX_DAYS = 366;
/** Titles the per-title table lists at most (the busiest first). */
export const FIGURES_TITLE_LIMIT = 200;

/** GET /ops/figures?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included; the order and length are the service's rule). */
export const FiguresQuerySchema = z.object({ from: DateParamSchema, to: DateParamSchema });
export type FiguresQuery = z.input<typeof FiguresQuerySchema>;

/** One day: what was bought with points, rented, spent, and who arrived and followed. */
export const FiguresDaySchema = z.strictObject({
  date: z.string(),
  /** Points sold (paid + bonus credited by card payments completed that day). */
  points_sold: z.int(),
  /** Points spent on chapters and magazine issues (ledger debits). */
  points_spent: z.int(),
  purchases: z.int(),
  rentals: z.int(),
  new_readers: z.int(),
  follows: z.int(),
});
export type FiguresDay = z.infer<typeof FiguresDaySchema>;

/** Card payments completed on a day, per region and currency (money in minor units: cents, yen). */
export const FiguresSaleSchema = z.strictObject({
  date: z.string(),
  region: z.string(),
  currency: z.string(),
  payments: z.int(),
  amount_minor: z.int(),
  points: z.int(),
});
export type FiguresSale = z.infer<typeof FiguresSaleSchema>;

/** A title over the range: chapters bought and rented, chapters opened and read to the last page. */
export const FiguresTitleSchema = z.strictObject({
  title_id: z.int(),
  name_en: z.string(),
  name_ja: z.string(),
  purchases: z.int(),
  rentals: z.int(),
  reads: z.int(),
  reads_finished: z.int(),
});
export type FiguresTitle = z.infer<typeof FiguresTitleSchema>;

export const FiguresResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  day_list: z.array(FiguresDaySchema),
  sale_list: z.array(FiguresSaleSchema),
  title_list: z.array(FiguresTitleSchema),
});
export type FiguresResponse = z.infer<typeof FiguresResponseSchema>;
