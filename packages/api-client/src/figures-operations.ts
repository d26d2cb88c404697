import { type FiguresQuery, type FiguresResponse, FiguresResponseSchema } from '@manga/contracts';
import type { ApiClient } from './api-client.ts';

// Figures in the console (ADR 072): analysts, editors and admins; to anyone else every call answers
// 404 (ApiError 1002).

export function figuresOperations(client: ApiClient) {
  return {
    /** GET /ops/figures */
    getFigures: (params: FiguresQuery): Promise<FiguresResponse> =>
      client.call('getFigures', 'GET', '/ops/figures', { ...params }, { schema: FiguresResponseSchema }),
    /** Where the browser fetches the same figures as CSV (GET /ops/figures.csv, signed like a GET). */
    figuresCsvTarget: (params: FiguresQuery) => client.uploadTarget('/ops/figures.csv', { ...params }),
  };
}

export type FiguresOperations = ReturnType<typeof figuresOperations>;
