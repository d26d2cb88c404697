import { z } from 'zod';
import { TITLE_ID_WIDTH } from './constants.ts';

// Route parameter rules (product §5). The schemas validate the raw path segment and keep it a
// string; use the parse helpers to get the number.

const TITLE_ID_PATTERN = new RegExp(`^[0-9]{${TITLE_ID_WIDTH}}$`);
const NON_NEGATIVE_INT_PATTERN = /^[0-9]+$/;

export function isValidTitleIdParam(value: string): boolean {
  return TITLE_ID_PATTERN.test(value);
}

/** episodeId, rankingId and categoryId: a non-negative integer that fits a safe JS number. */
export function isValidNonNegativeIntParam(value: string): boolean {
  return NON_NEGATIVE_INT_PATTERN.test(value) && Number.isSafeInteger(Number(value));
}

/** The number of a valid titleId segment, else undefined. */
export function parseTitleIdParam(value: string): number | undefined {
  return isValidTitleIdParam(value) ? Number(value) : undefined;
}

/** The number of a valid non-negative integer segment, else undefined. */
export function parseNonNegativeIntParam(value: string): number | undefined {
  return isValidNonNegativeIntParam(value) ? Number(value) : undefined;
}

export const TitleIdParamSchema = z.string().refine(isValidTitleIdParam, {
  message: `titleId must be exactly ${TITLE_ID_WIDTH} digits`,
});

export const NonNegativeIntParamSchema = z.string().refine(isValidNonNegativeIntParam, {
  message: 'must be a non-negative integer',
});

/** Zero-pads a title id to the route width: 553 → '00553'. */
export function formatTitleId(id: number): string {
  if (!Number.isInteger(id) || id < 0 || id >= 10 ** TITLE_ID_WIDTH) {
    throw new RangeError(`title id ${id} does not fit ${TITLE_ID_WIDTH} digits`);
  }
  return String(id).padStart(TITLE_ID_WIDTH, '0');
}
