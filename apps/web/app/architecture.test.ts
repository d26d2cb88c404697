// The web app's layout (ADR 012), checked on the source text like the API's layering rules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const app = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(app, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name.startsWith('+')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The app-relative files a module imports (`#app/…` and relative specifiers; packages left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(app, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].flatMap((match) => {
    const specifier = match[1] as string;
    if (specifier.startsWith('#app/')) return [specifier.slice('#app/'.length)];
    if (specifier.startsWith('.') && !specifier.includes('+types')) return [normalize(join(dirname(file), specifier))];
    return [];
  });
}

/**
 * Every module a source text names, as the TypeScript compiler reads it: imports and re-exports,
 * type-only ones included (`import type`, `export type … from`), and dynamic `import()`.
 */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** The app files `file` imports, resolved (`#app/…` and relative; packages and route types left out). */
function resolvedImportsOf(file: string): string[] {
  return specifiersOf(readFileSync(join(app, file), 'utf8')).flatMap((specifier) => {
    if (specifier.startsWith('#app/')) return [specifier.slice('#app/'.length)];
    if (specifier.startsWith('.') && !specifier.includes('+types')) return [normalize(join(dirname(file), specifier))];
    return [];
  });
}

/** An import cycle of the graph as the path that closes it (`a → b → a`), or undefined. */
function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string): string[] | undefined => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return undefined;
    path.push(node);
    onPath.add(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const isTest = (file: string) => /\.test(-support)?\.tsx?$/.test(file);
const isServerOnly = (file: string) => /\.server\.tsx?$/.test(file);
const files = sourceFiles('.')
  .map((file) => relative('.', file))
  .filter((file) => !isTest(file));
const offending = (from: (file: string) => boolean, to: (imported: string) => boolean) =>
  files.filter(from).flatMap((file) =>
    importsOf(file)
      .filter(to)
      .map((imported) => `${file} → ${imported}`),
  );

/** Features others may import: the catalogue's building blocks, accounts, comments (ADR 013), offline reading (ADR 052). */
// The viewer's reader is shared with the editors' chapter preview (ADR 073).
const SHARED_FEATURES = new Set(['catalogue', 'account', 'comments', 'offline', 'bookmarks', 'viewer']);

describe('web app layout (ADR 012)', () => {
  it('keeps shared components in components/ui only; a feature keeps its own', () => {
    expect(files.filter((file) => file.startsWith('components/') && !file.startsWith('components/ui/'))).toEqual([]);
  });

  it('never lets a component or view model import a server module (loaders, env, API clients)', () => {
    const browserSide = (file: string) =>
      /^(features|components|layouts|client|i18n)\//.test(file) && !isServerOnly(file);
    expect(offending(browserSide, isServerOnly)).toEqual([]);
  });

  it('keeps features, components and layouts independent of route modules', () => {
    expect(
      offending(
        (file) => !file.startsWith('routes/'),
        (imported) => imported.startsWith('routes/'),
      ),
    ).toEqual([]);
  });

  it('keeps the shared primitives free of features and of the site frame', () => {
    const ui = (file: string) => file.startsWith('components/ui/');
    expect(offending(ui, (imported) => /^(features|layouts)\//.test(imported))).toEqual([]);
  });

  it('has features share code only through features/catalogue, account, comments, offline, bookmarks and viewer', () => {
    const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];
    const offenders = files
      .filter((file) => featureOf(file) !== undefined)
      .flatMap((file) =>
        importsOf(file)
          .filter((imported) => {
            const target = featureOf(imported);
            return target !== undefined && target !== featureOf(file) && !SHARED_FEATURES.has(target);
          })
          .map((imported) => `${file} → ${imported}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps the shared features free of the features that use them', () => {
    const shared = (file: string) => [...SHARED_FEATURES].some((name) => file.startsWith(`features/${name}/`));
    const imported = (target: string) =>
      /^features\//.test(target) && ![...SHARED_FEATURES].some((name) => target.startsWith(`features/${name}/`));
    expect(offending(shared, imported)).toEqual([]);
  });

  it('has no import cycles, type-only imports included (TypeScript reads the imports)', () => {
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, resolvedImportsOf(file).filter((target) => known.has(target))]));
    expect(findCycle(graph)?.join(' → ')).toBeUndefined();
  });

  it('finds a cycle through type-only imports and re-exports (the check itself)', () => {
    expect(
      specifiersOf("import type { A } from './a.ts';\nexport type { B } from '#app/b.ts';\nawait import('./c.ts');"),
    ).toEqual(['./a.ts', '#app/b.ts', './c.ts']);
    const graph = new Map([
      ['features/title/purchase.ts', ['features/title/title-page.ts']],
      ['features/title/title-page.ts', ['features/catalogue/title-view.ts', 'features/title/purchase.ts']],
      ['features/catalogue/title-view.ts', []],
    ]);
    expect(findCycle(graph)).toEqual([
      'features/title/purchase.ts',
      'features/title/title-page.ts',
      'features/title/purchase.ts',
    ]);
    expect(findCycle(new Map([['a', ['a']]]))).toEqual(['a', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeUndefined();
    expect(resolvedImportsOf('features/title/title-page.ts')).toContain('features/catalogue/title-view.ts');
  });
});
