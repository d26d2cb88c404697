import { type FiguresResponse, formatWireDateTime } from '@manga/contracts';
import type { OperatorView } from './ops.ts';

// The figures screen's data and its pure helpers (ADR 072).

export interface FiguresData {
  operator: OperatorView;
  from: string;
  to: string;
  /** The API's refusal of the range (1001), shown above the form. */
  error: string | undefined;
  figures: FiguresResponse | undefined;
}

/** The days the form shows first: the last 30, today included, in the wire time zone. */
export const FIGURES_DEFAULT_DAYS = 30;

export function defaultFiguresRange(now: number, timeZone: string): { from: string; to: string } {
  const to = formatWireDateTime(new Date(now), timeZone).slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (FIGURES_DEFAULT_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { from, to };
}
