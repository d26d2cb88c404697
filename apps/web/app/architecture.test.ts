// The web app's layout (ADR 012), checked on the source text like the API's layering rules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Features others may import: the catalogue's building blocks, accounts, and comments (ADR 013). */
const SHARED_FEATURES = new Set(['catalogue', 'account', 'comments']);

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

  it('has features share code only through features/catalogue, features/account and features/comments', () => {
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
});
