// The layering rules of architecture §3 / architecture habit 12, checked on the source text (Komga's ArchUnit idea).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
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

/** The files an import names, for imports inside the repository (`#src/…`, relative, workspace packages). */
function resolveImport(from: string, specifier: string): string | undefined {
  const packages: Record<string, string> = {
    '@manga/contracts': 'packages/contracts/src/index.ts',
    '@manga/contracts/testing': 'packages/contracts/src/wire/wire.factory.ts',
    '@manga/contracts/node-hashes': 'packages/contracts/src/node-hashes.ts',
    '@manga/api-client': 'packages/api-client/src/index.ts',
    '@manga/observability': 'packages/observability/src/index.ts',
  };
  if (specifier in packages) return packages[specifier];
  const path = specifier.startsWith('#src/')
    ? join('apps/api/src', specifier.slice('#src/'.length))
    : specifier.startsWith('#test/')
      ? join('apps/api/test', specifier.slice('#test/'.length))
      : specifier.startsWith('.')
        ? normalize(join(dirname(from), specifier))
        : undefined;
  return path !== undefined && existsSync(join(root, path)) ? path : undefined;
}

/** Which of `files` each of them imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const inside = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => target !== undefined && inside.has(target)),
    ]),
  );
}

/** The cycles of a graph: strongly connected components of more than one node, or a self-loop (Tarjan). */
function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** `file → import` for every import of `files` matching `forbidden`. */
const importsMatching = (files: readonly string[], forbidden: RegExp) =>
  files.flatMap((f) =>
    importsOf(f)
      .filter((i) => forbidden.test(i))
      .map((i) => `${f} → ${i}`),
  );
const inLayer = (layer: string) => (file: string) => file.includes(`/${layer}/`);

/**
 * The specifiers of `source`'s imports and re-exports matching `pattern` that are not `import type`:
 * `import { type A }` counts as a value import, since the module is still loaded at run time.
 */
const valueImportsIn = (source: string, pattern: RegExp) =>
  [...source.matchAll(/(?:^|\n)\s*(import|export)(?!\s+type\s)[^'"]*?from\s+['"]([^'"]+)['"]/g)]
    .map((m) => m[2] as string)
    .filter((specifier) => pattern.test(specifier));
/** `file → import` for every value import of `files` matching `pattern`. */
const valueImportsOf = (files: readonly string[], pattern: RegExp) =>
  files.flatMap((f) => valueImportsIn(readFileSync(join(root, f), 'utf8'), pattern).map((i) => `${f} → ${i}`));

/** Services that still import repository values, each with the reason; none today. */
const SERVICES_IMPORTING_REPOSITORY_VALUES: readonly string[] = [];

/**
 * Services without a unit test beside them (ADR 039). Each names the integration tests that cover it
 * through HTTP or a real database, and whether it is `thin` (a pass-through to repositories or to
 * a tested rule or service: the integration tests are its right tier) or `owed` (it decides
 * something of its own; its unit test is still to be written, and this list only shrinks).
 * A new service is not added here: it comes with its `*.service.test.ts`.
 */
const SERVICES_WITHOUT_UNIT_TESTS: Record<string, { kind: 'thin' | 'owed'; coveredBy: readonly string[] }> = {
  'services/account-mailer.service.ts': {
    kind: 'thin',
    coveredBy: ['api-account-flows.test.ts', 'api-security-mail.test.ts'],
  },
  'services/advertisement.service.ts': { kind: 'thin', coveredBy: ['api-discovery.test.ts'] },
  // Put services' answers together (ADR 076); each part is held equal to its wire call alone.
  'services/web-title-personal.service.ts': { kind: 'thin', coveredBy: ['api-web-title-personal.test.ts'] },
  'services/web-my-personal.service.ts': { kind: 'thin', coveredBy: ['api-web-my-personal.test.ts'] },
  'services/boot.service.ts': { kind: 'thin', coveredBy: ['api-consent-app.test.ts'] },
  'services/reading-setting.service.ts': { kind: 'thin', coveredBy: ['api-bookmarks.test.ts'] },
  'services/genre.service.ts': { kind: 'thin', coveredBy: ['api-discovery.test.ts', 'genre.repository.test.ts'] },
  'services/health.service.ts': {
    kind: 'thin',
    coveredBy: ['fault-postgres.test.ts', 'fault-redis.test.ts', 'fault-disk-full.test.ts', 'api-storage-s3.test.ts'],
  },
  'services/image.service.ts': {
    kind: 'thin',
    coveredBy: ['api-images.test.ts', 'api-hot-images.test.ts', 'api-security-images.test.ts'],
  },
  'services/magazine.service.ts': { kind: 'thin', coveredBy: ['api-discovery.test.ts', 'api-purchases.test.ts'] },
  'services/mail-throttle.service.ts': {
    kind: 'thin',
    coveredBy: ['api-security-mail.test.ts', 'throttle-event.repository.test.ts'],
  },
  'services/maintenance.service.ts': { kind: 'thin', coveredBy: ['api-maintenance.test.ts'] },
  'services/outbox.service.ts': { kind: 'thin', coveredBy: ['api-security-outbox.test.ts'] },
  'services/point-history.service.ts': { kind: 'thin', coveredBy: ['api-purchases.test.ts'] },
  'services/ranking.service.ts': { kind: 'thin', coveredBy: ['api-discovery.test.ts', 'api-response-cache.test.ts'] },
  'services/request-signature.service.ts': { kind: 'thin', coveredBy: ['api-signature.test.ts'] },
  'services/title-fuzzy-index.service.ts': { kind: 'thin', coveredBy: ['api-discovery.test.ts'] },
  'demo/services/demo-seed.service.ts': { kind: 'thin', coveredBy: ['api-storage-s3.test.ts'] },
};

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

  it('lets contracts import only zod and @noble/hashes, and node:crypto in its server-only node-hashes entry', () => {
    const serverOnly = 'packages/contracts/src/node-hashes.ts';
    const offenders = sourceFiles('packages/contracts/src')
      .filter((f) => !isTest(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => !i.startsWith('./') && !i.startsWith('../') && i !== 'zod' && !i.startsWith('@noble/hashes'))
          .filter((i) => !(f === serverOnly && i === 'node:crypto'))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
    // Browser code reaches contracts through its index: the server-only entry is never part of it.
    expect(importsOf('packages/contracts/src/index.ts')).not.toContain('./node-hashes.ts');
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

  it('has no import cycles in the api or the packages (type imports count)', () => {
    const files = [
      ...api,
      ...sourceFiles('packages/contracts/src').filter((f) => !isTest(f)),
      ...sourceFiles('packages/api-client/src').filter((f) => !isTest(f)),
    ];
    expect(findCycles(importGraph(files))).toEqual([]);
  });

  it('finds cycles and self-imports, and resolves #src imports (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a', 'd']],
      ['e', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['d']]);
    const service = 'apps/api/src/services/catalogue.service.ts';
    expect(importGraph(api).get(service)).toContain('apps/api/src/mappers/catalogue.mapper.ts');
  });

  it('keeps plugins, HTTP helpers and routes out of services, rules, mappers and repositories', () => {
    const lower = api.filter((f) => /\/(services|rules|mappers|repositories)\//.test(f));
    expect(importsMatching(lower, /^#src\/(plugins|http|routes)\//)).toEqual([]);
  });

  it('lets mappers render answers, never decide them: no services, and rules as types only', () => {
    const mappers = api.filter(inLayer('mappers'));
    expect(importsMatching(mappers, /^#src\/services\//)).toEqual([]);
    const valueImportsOfRules = mappers.flatMap((f) =>
      [
        ...readFileSync(join(root, f), 'utf8').matchAll(
          /(?:^|\n)import (?!type )[^'"]*?from\s+'(#src\/rules\/[^']+)'/g,
        ),
      ].map((m) => `${f} → ${m[1]}`),
    );
    expect(valueImportsOfRules).toEqual([]);
  });

  it('lets services hold repositories as ports: they import repositories with `import type` only', () => {
    const offenders = valueImportsOf(api.filter(inLayer('services')), /^#src\/repositories\//).filter(
      (offence) => !SERVICES_IMPORTING_REPOSITORY_VALUES.some((file) => offence.startsWith(`${file} → `)),
    );
    expect(offenders).toEqual([]);
  });

  it('finds value imports, inline `type` names included, and lets `import type` pass (the check itself)', () => {
    const source = [
      "import type { A } from '#src/repositories/a.repository.ts';",
      "import { type B, C } from '#src/repositories/b.repository.ts';",
      "import { type D } from '#src/repositories/d.repository.ts';",
      "export { E } from '#src/repositories/e.repository.ts';",
      "import { F } from '#src/rules/f.rules.ts';",
    ].join('\n');
    expect(valueImportsIn(source, /^#src\/repositories\//)).toEqual([
      '#src/repositories/b.repository.ts',
      '#src/repositories/d.repository.ts',
      '#src/repositories/e.repository.ts',
    ]);
  });

  it('lets repositories import from rules only the errors they throw (conflicts, an unavailable store)', () => {
    const offenders = importsMatching(api.filter(inLayer('repositories')), /^#src\/rules\//).filter(
      (offence) =>
        !offence.endsWith(' → #src/rules/conflict.error.ts') && !offence.endsWith(' → #src/rules/storage.error.ts'),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps rules pure: they import contracts, the schema types, other rules and pure data libraries only', () => {
    const rules = api.filter(inLayer('rules'));
    /** Libraries that are tables and functions over them: no I/O, no state (ADR 030). */
    const pureLibraries = new Set(['confusables', 'range-parser']);
    const offenders = rules.flatMap((f) =>
      importsOf(f)
        .filter(
          (i) =>
            !(
              i === '@manga/contracts' ||
              i === '#src/db/schema.ts' ||
              i.startsWith('#src/rules/') ||
              pureLibraries.has(i)
            ),
        )
        .map((i) => `${f} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('names every file of a layer with its role suffix', () => {
    const suffixes: Record<string, RegExp> = {
      routes: /(\.routes|\/index)\.ts$/,
      plugins: /\.plugin\.ts$/,
      http: /\.http\.ts$/,
      services: /\.service\.ts$/,
      rules: /\.(rules|error)\.ts$/,
      mappers: /\.mapper\.ts$/,
      repositories: /\.repository\.ts$/,
      cli: /\.cli\.ts$|\/cli\/command-line\.ts$/,
    };
    const offenders = api.filter((f) =>
      Object.entries(suffixes).some(([layer, suffix]) => inLayer(layer)(f) && !suffix.test(f)),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps test support out of production code: nothing in src imports test/', () => {
    expect(importsMatching(api, /^#test\//)).toEqual([]);
  });

  it('keeps db/ below the repositories: it imports neither repositories nor services', () => {
    expect(importsMatching(api.filter(inLayer('db')), /^#src\/(repositories|services|rules|mappers)\//)).toEqual([]);
  });

  it('puts a unit test beside every service, or lists it with the integration tests that cover it (ADR 039)', () => {
    const services = api.filter((f) => f.endsWith('.service.ts')).map((f) => f.slice('apps/api/src/'.length));
    const untested = services.filter((f) => !existsSync(join(root, 'apps/api/src', f.replace(/\.ts$/, '.test.ts'))));
    expect(untested.filter((f) => !(f in SERVICES_WITHOUT_UNIT_TESTS))).toEqual([]);
    // The list only names services that exist and still lack a test, and tests that exist.
    expect(Object.keys(SERVICES_WITHOUT_UNIT_TESTS).filter((f) => !untested.includes(f))).toEqual([]);
    const missing = Object.values(SERVICES_WITHOUT_UNIT_TESTS)
      .flatMap((entry) => entry.coveredBy)
      .filter((test) => !existsSync(join(root, 'apps/api/test/integration', test)));
    expect(missing).toEqual([]);
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
