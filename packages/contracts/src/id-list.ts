import { z } from 'zod';

// Comma-joined id lists (wire §1.6): clients send `1,2`, `1, 2` and zero-padded `02373, 00553`.

const ID_ITEM_PATTERN = /^[0-9]+$/;

export type IdListResult = { ok: true; ids: number[] } | { ok: false; error: string };

/** Ids without repeats, first occurrence kept (a list as sent may name an id twice). */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** Parses a list without throwing; an empty (or blank) string is the empty list. */
export function safeParseIdList(value: string): IdListResult {
  if (value.trim() === '') return { ok: true, ids: [] };
  const ids: number[] = [];
  for (const [position, raw] of value.split(',').entries()) {
    const item = raw.trim();
    if (item === '') return { ok: false, error: `empty item at position ${position}` };
    const id = Number(item);
    if (!ID_ITEM_PATTERN.test(item) || !Number.isSafeInteger(id)) {
      return { ok: false, error: `item ${JSON.stringify(item)} at position ${position} is not a non-negative integer` };
    }
    ids.push(id);
  }
  return { ok: true, ids };
}

/** Splits on commas, trims, and reads each item as base 10 (leading zeros allowed); throws on a bad or empty item. */
export function parseIdList(value: string): number[] {
  const result = safeParseIdList(value);
  if (!result.ok) throw new Error(`invalid id list: ${result.error}`);
  return result.ids;
}

export const IdListSchema = z.string().transform((value, ctx) => {
  const result = safeParseIdList(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: `invalid id list: ${result.error}` });
    return z.NEVER;
  }
  return result.ids;
});

/** Comma-joins without spaces, as the official web client does. */
export function joinList(values: readonly (string | number)[]): string {
  return values.join(',');
}
