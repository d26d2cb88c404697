import { z } from 'zod';

// Request parameter values arrive as strings (query string or form body, wire §1.6).

/** A non-negative base-10 integer; leading zeros allowed (HARU sends `title_id=02373`). */
export const IntParamSchema = z
  .string()
  .trim()
  .regex(/^[0-9]+$/, 'must be a non-negative integer')
  .transform(Number)
  .refine(Number.isSafeInteger, 'integer is too large');

/** An int flag `0` or `1`. */
export const IntFlagParamSchema = z.enum(['0', '1']).transform((flag) => (flag === '1' ? 1 : 0));

/** `limit` / `offset` paging (product §7); clients send limit=99999 for "everything" (wire §1.6). */
export const PagingQueryShape = {
  limit: IntParamSchema.optional(),
  offset: IntParamSchema.optional(),
};

/** A calendar date `YYYY-MM-DD` (e.g. `base_date`). */
export const DateParamSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a calendar date');
