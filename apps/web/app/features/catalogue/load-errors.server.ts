import { responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';

/** Codes that mean "what this page names does not exist": the page answers 404 (product §2). */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([
  ResponseCode.InvalidParameter,
  ResponseCode.TitleNotFound,
  ResponseCode.EpisodeNotFound,
  ResponseCode.ViewerEpisodeNotFound,
]);

/** A loader's failed API call: 404 for an unknown title, episode or id; else the error pipeline (product §4). */
export function failLoad(error: unknown, url: URL): never {
  if (NOT_FOUND_CODES.has(responseCodeOf(error))) notFound(url);
  handleApiError(error, 'strict');
  throw error;
}
