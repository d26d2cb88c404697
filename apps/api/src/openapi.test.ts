import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '#src/openapi.ts';

describe('openapi.json', () => {
  it('is committed exactly as the route schemas generate it (run `npm run openapi -w @manga/api`)', async () => {
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(await generateOpenApiDocument());
  });

  it('names every operation', async () => {
    const doc = JSON.parse(await generateOpenApiDocument()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((op) => !op.operationId)).toEqual([]);
  });
});
