// Byte ranges of an image answer (RFC 9110 §14, issue 27): a reader's browser or a download manager
// may ask for part of a page or a cover. One satisfiable range answers that part (206); byte ranges
// naming no byte of the image (past its end, or unreadable, as range-parser and nginx judge) answer
// 416; a header without a unit, another unit, several ranges (no multipart answers are made: a page
// is ~100 KB) or an If-Range that does not name the current ETag answer the whole image.
import parseRange from 'range-parser';

export type RangeChoice =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const WHOLE: RangeChoice = { kind: 'whole' };

/** What to answer to `range` (the Range header) over `size` bytes whose ETag is `etag`. */
export function chooseByteRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): RangeChoice {
  if (range === undefined) return WHOLE;
  // If-Range compares strongly; a date never matches, since image answers carry no Last-Modified.
  if (ifRange !== undefined && ifRange.trim() !== etag) return WHOLE;
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -2 || (ranges !== -1 && ranges.type !== 'bytes')) return WHOLE;
  if (ranges === -1) return { kind: 'unsatisfiable' };
  const [only] = ranges;
  if (ranges.length !== 1 || !only) return WHOLE;
  return { kind: 'part', start: only.start, end: only.end };
}
