// Every call of the wire reference is served (ADR 034): each method and path wire §3 names, kept in
// test/wire-reference-calls.ts, is an operation of apps/api/openapi.json, which openapi.test.ts ties
// to the routes themselves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIRE_REFERENCE_CALLS } from '#test/wire-reference-calls.ts';

type OpenApiPaths = Record<string, Record<string, { operationId?: string }>>;
const { paths } = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
  paths: OpenApiPaths;
};

/** The calls of `calls` that `served` has no operation for, as `METHOD /path (wire §n)`. */
function unservedCalls(calls: typeof WIRE_REFERENCE_CALLS, served: OpenApiPaths): string[] {
  return calls
    .filter(({ method, path }) => served[path]?.[method.toLowerCase()] === undefined)
    .map(({ method, path, wire }) => `${method} ${path} (wire ${wire})`);
}

describe('the wire reference (wire §3)', () => {
  it('names each call once', () => {
    const keys = WIRE_REFERENCE_CALLS.map(({ method, path }) => `${method} ${path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.length).toBeGreaterThanOrEqual(44);
  });

  it('is served: every call is an operation of openapi.json, with its method', () => {
    expect(unservedCalls(WIRE_REFERENCE_CALLS, paths)).toEqual([]);
  });

  it('finds a call whose path is missing or served under another method (the check itself)', () => {
    const served: OpenApiPaths = { '/title/list': { get: {} }, '/episode/paid': { get: {} } };
    const calls = [
      { method: 'GET', path: '/title/list', wire: '§3.2' },
      { method: 'POST', path: '/episode/paid', wire: '§3.4' },
      { method: 'GET', path: '/title/lists', wire: '§3.2' },
    ] as const;
    expect(unservedCalls(calls, served)).toEqual(['POST /episode/paid (wire §3.4)', 'GET /title/lists (wire §3.2)']);
  });
});
