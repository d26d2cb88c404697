// The layering rules of DESIGN §3 / STYLE habit 12, checked on the source text (Komga's ArchUnit idea).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, file), 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g),
  ].map((m) => m[1] as string);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

describe('architecture', () => {
  const api = sourceFiles('apps/api/src').filter((f) => !isTest(f));

  it('keeps routes away from repositories and the database', () => {
    const offenders = api
      .filter((f) => f.includes('/routes/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /#src\/(repositories|db)\//.test(i))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps fastify out of services, repositories and mappers', () => {
    const offenders = api
      .filter((f) => /\/(services|repositories|mappers)\//.test(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i === 'fastify' || i.startsWith('@fastify/'))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps repositories free of services and routes', () => {
    const offenders = api
      .filter((f) => f.includes('/repositories/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /#src\/(services|routes|plugins)\//.test(i))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('lets contracts import only zod and @noble/hashes', () => {
    const offenders = sourceFiles('packages/contracts/src')
      .filter((f) => !isTest(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => !i.startsWith('./') && !i.startsWith('../') && i !== 'zod' && !i.startsWith('@noble/hashes'))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('never lets the web app import the api', () => {
    const offenders = sourceFiles('apps/web/app').flatMap((f) =>
      importsOf(f)
        .filter((i) => i.includes('apps/api') || (i.startsWith('@manga/api') && i !== '@manga/api-client'))
        .map((i) => `${f} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('reads process.env only in config modules and entry scripts', () => {
    const allowed = /(^|\/)(config|env)(\.server)?\.ts$|\.test\.tsx?$|(^|\/)server\.mjs$/;
    const files = [...sourceFiles('apps/api/src'), ...sourceFiles('apps/web/app'), ...sourceFiles('packages')];
    const offenders = files
      .filter((f) => !allowed.test(f))
      .filter((f) => /process\.env/.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => relative(root, join(root, f)));
    expect(offenders).toEqual([]);
  });

  it('forbids relative parent imports inside the api', () => {
    const offenders = api.flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('../'))
        .map((i) => `${f} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });
});
