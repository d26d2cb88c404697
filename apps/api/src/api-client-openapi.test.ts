// packages/api-client is written by hand; this ties it to the API (ADR 034). Every call it makes,
// read from its source with the TypeScript compiler (test/api-client-calls.ts), must be an operation
// of apps/api/openapi.json with the same method and path, sending only parameters the operation
// declares and always sending those it requires. The operator calls (`/ops/*`) are left out of the
// served document (ADR 013), so they are checked against the same routes' document with the hidden
// routes listed.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '#src/openapi.ts';
import {
  type ClientCall,
  type ClientCallsReading,
  compareWithOpenApi,
  type OpenApiDocument,
  readClientCalls,
} from '#test/api-client-calls.ts';

const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

let reading: ClientCallsReading;
let hidden: OpenApiDocument;

beforeAll(async () => {
  reading = readClientCalls();
  hidden = JSON.parse(await generateOpenApiDocument({ includeHidden: true })) as OpenApiDocument;
}, 120_000);

/** The committed document plus the operations only the hidden-routes document has. */
function servedOperations(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = structuredClone(committed.paths);
  for (const [path, methods] of Object.entries(hidden.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      paths[path] ??= {};
      (paths[path] as Record<string, unknown>)[method] ??= operation;
    }
  }
  return { paths };
}

const call = (path: string, method: 'GET' | 'POST') => {
  const found = reading.calls.find((c) => c.path === path && c.method === method);
  if (!found) throw new Error(`the client makes no ${method} ${path} call`);
  return found;
};

describe('packages/api-client against the OpenAPI document', () => {
  it('reads every call of the client (none in a form the reader cannot follow)', () => {
    expect(reading.unreadable).toEqual([]);
    expect(reading.calls.length).toBeGreaterThan(80);
    expect(call('/episode/paid', 'POST')).toMatchObject({
      operation: 'episodePaid',
      params: [
        { name: 'check_point', required: true },
        { name: 'episode_id', required: true },
      ],
    });
  });

  it('calls only operations of openapi.json, with their method, path and parameters', () => {
    const publicCalls = reading.calls.filter((c) => !c.path.startsWith('/ops/'));
    expect(compareWithOpenApi(publicCalls, committed)).toEqual([]);
  });

  it('calls the hidden operator routes as they are declared', () => {
    const opsCalls = reading.calls.filter((c) => c.path.startsWith('/ops/'));
    expect(opsCalls.length).toBeGreaterThan(0);
    expect(compareWithOpenApi(opsCalls, servedOperations())).toEqual([]);
  });

  describe('fails on drift (the check itself)', () => {
    const paid = () => call('/episode/paid', 'POST');
    const drifted = (change: (c: ClientCall) => ClientCall, base = paid()) =>
      compareWithOpenApi([change(structuredClone(base))], committed);

    it('a renamed path', () => {
      expect(drifted((c) => ({ ...c, path: '/episode/pay' }))).toEqual([
        `${paid().at} episodePaid: POST /episode/pay: no such path in the API`,
      ]);
    });

    it('a wrong method', () => {
      expect(drifted((c) => ({ ...c, method: 'GET' }))).toEqual([
        `${paid().at} episodePaid: GET /episode/paid: the API serves this path with POST only`,
      ]);
    });

    it('a missing required parameter, or one sent only sometimes', () => {
      expect(drifted((c) => ({ ...c, params: c.params.filter((p) => p.name !== 'check_point') }))).toEqual([
        `${paid().at} episodePaid: POST /episode/paid: never sends check_point, which buyEpisode requires`,
      ]);
      expect(
        drifted((c) => ({
          ...c,
          params: c.params.map((p) => (p.name === 'episode_id' ? { ...p, required: false } : p)),
        })),
      ).toEqual([`${paid().at} episodePaid: POST /episode/paid: episode_id is optional here, required by buyEpisode`]);
    });

    it('an extra parameter, in a form body and in a query', () => {
      expect(drifted((c) => ({ ...c, params: [...c.params, { name: 'coupon', required: false }] }))).toEqual([
        `${paid().at} episodePaid: POST /episode/paid: sends coupon, which buyEpisode does not declare`,
      ]);
      const ranking = call('/ranking/all', 'GET');
      expect(drifted((c) => ({ ...c, params: [...c.params, { name: 'is_top', required: false }] }), ranking)).toEqual([
        `${ranking.at} getRanking: GET /ranking/all: sends is_top, which getRanking does not declare`,
      ]);
    });
  });
});
