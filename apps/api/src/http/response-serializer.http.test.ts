import { WebTitlePersonalResponseSchema } from '@manga/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dependsOnDirection, responseSerializerCompiler } from '#src/http/response-serializer.http.ts';

const serializerOf = (schema: z.ZodType, crossCheck = false) =>
  responseSerializerCompiler({ crossCheck })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('dependsOnDirection', () => {
  it('is false for plain answer schemas, nested as deep as they go', () => {
    expect(dependsOnDirection(WebTitlePersonalResponseSchema)).toBe(false);
    const node: z.ZodType = z.object({ id: z.number().int(), children: z.array(z.lazy(() => node)) });
    expect(dependsOnDirection(node)).toBe(false); // a recursive schema ends
  });

  it('finds a default, a transform, a pipe, a codec or a catch anywhere inside', () => {
    const inside = (schema: z.ZodType) =>
      z.object({ list: z.array(z.union([z.null(), z.object({ deep: z.nullable(schema) })])) });
    for (const schema of [
      z.string().default(''),
      z.string().transform(Number),
      z.string().pipe(z.string()),
      z.codec(z.string(), z.number(), { decode: Number, encode: String }),
      z.number().catch(0),
      z.lazy(() => z.string().prefault('')),
    ]) {
      expect(dependsOnDirection(schema)).toBe(true);
      expect(dependsOnDirection(inside(schema))).toBe(true);
    }
  });
});

describe('responseSerializerCompiler', () => {
  const Answer = z.object({ id: z.number().int(), name: z.string().max(5) });

  it('writes what the schema keeps, as encode would', () => {
    const serialize = serializerOf(Answer, true);
    expect(serialize({ id: 1, name: 'a', secret: 'x' })).toBe('{"id":1,"name":"a"}');
  });

  it('refuses an answer its schema refuses', () => {
    for (const bad of [{ id: 1.5, name: 'a' }, { id: 1, name: 'too long' }, { id: 1 }]) {
      let error: unknown;
      try {
        serializerOf(Answer)(bad);
      } catch (caught) {
        error = caught;
      }
      expect(isResponseSerializationError(error)).toBe(true);
    }
  });

  it('encodes a schema that depends on the direction, as before', () => {
    const Dated = z.object({ at: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(serializerOf(Dated)({ at: 5 })).toBe('{"at":"5"}');
  });

  it('with the cross-check, fails an answer whose two directions differ (a schema the walk misjudged)', () => {
    const misjudged = z.object({ name: z.string().default('guest') });
    // Hide the default from the walk: the schema still behaves as one.
    Object.defineProperty(misjudged.shape.name._zod.def, 'type', { value: 'string' });
    expect(serializerOf(misjudged)({})).toBe('{"name":"guest"}');
    expect(() => serializerOf(misjudged, true)({})).toThrow();
  });
});
