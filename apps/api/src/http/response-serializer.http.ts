// Answers checked against their schema and written (ADR 079). fastify-type-provider-zod's serializer
// validates each answer with zod's `encode` (the backward direction, for codecs), which walks every
// field with a check twice (a pass without checks, then one with) and skips the generated parsers:
// five times the cost of `parse` on a title page's personal answer (270 µs against 52 µs for 16 KB),
// a fifth of the API's CPU on that call. The two directions give the same value unless the schema
// holds something that depends on the direction (a codec or a pipe, a transform, a default, a
// catch), which answer schemas do not: such a schema, should one come, is still encoded as before.
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/** Schema kinds whose value differs between parse and encode. */
const DIRECTIONAL_KINDS: ReadonlySet<string> = new Set(['pipe', 'transform', 'default', 'prefault', 'catch']);

function isSchema(value: unknown): value is $ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Whether `schema`, or any schema inside it, gives a different value in the two directions. */
export function dependsOnDirection(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (DIRECTIONAL_KINDS.has(def.type)) return true;
  const inner: unknown[] = [];
  for (const [key, value] of Object.entries(def)) {
    if (key === 'getter' && typeof value === 'function') inner.push(value());
    else if (isSchema(value)) inner.push(value);
    else if (Array.isArray(value)) inner.push(...value);
    else if (key === 'shape' && typeof value === 'object' && value !== null) inner.push(...Object.values(value));
  }
  return inner.some((child) => isSchema(child) && dependsOnDirection(child, seen));
}

export interface ResponseSerializerOptions {
  /**
   * Also encode each answer and require the same value (tests): a schema the walk above misjudged
   * fails the answer instead of going unseen.
   */
  crossCheck?: boolean;
}

/** Fastify's serializer compiler: each answer validated by its schema (forward when that is the same), then JSON. */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions = {},
): FastifySerializerCompiler<$ZodType | { properties: $ZodType }> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = isSchema(maybeSchema) ? maybeSchema : maybeSchema.properties;
    const forward = !dependsOnDirection(schema);
    return (data) => {
      const result = forward ? z.safeParse(schema, data) : z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (options.crossCheck && forward) {
        const encoded = z.safeEncode(schema, data);
        if (encoded.error || !isDeepStrictEqual(encoded.data, result.data)) {
          throw new ResponseSerializationError(method, url, {
            cause:
              encoded.error ??
              new z.ZodError([
                { code: 'custom', path: [], input: data, message: 'the answer parses and encodes to different values' },
              ]),
          });
        }
      }
      return JSON.stringify(result.data);
    };
  };
}
