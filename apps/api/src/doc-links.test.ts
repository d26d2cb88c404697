// The documents a newcomer reads name files that exist: every relative link in README.md, CONTRIBUTING.md and
// docs/, and every file path CONTRIBUTING.md gives (placeholders such as `<area>` or `NNN` aside).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Relative link targets in a markdown text, without their `#anchor`. */
const relativeLinksIn = (text: string) =>
  [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

/** File paths written in backticks: a name with a known extension or a folder ending in `/`, no placeholder. */
const backtickedPathsIn = (text: string) =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1] as string)
    .filter((p) => /(\.(ts|tsx|json|md|mjs)|\/)$/.test(p) && !/[<>*…]|NNN|YYYY/.test(p));

/** Where CONTRIBUTING.md's short paths are meant to be read from. */
const CONTRIBUTING_BASES = ['', 'apps/api/', 'apps/api/src/', 'apps/api/src/cli/', 'apps/web/', 'docs/decisions/'];

describe('links and paths in the documentation', () => {
  it('resolves every relative link of README.md, CONTRIBUTING.md and docs/', () => {
    const files = ['README.md', 'CONTRIBUTING.md', ...markdownFiles('docs')];
    const broken = files.flatMap((file) =>
      relativeLinksIn(readFileSync(join(root, file), 'utf8'))
        .filter((target) => !existsSync(join(root, dirname(file), target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('names only files that exist in CONTRIBUTING.md', () => {
    const missing = backtickedPathsIn(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')).filter(
      (path) => !CONTRIBUTING_BASES.some((base) => existsSync(join(root, base, path))),
    );
    expect(missing).toEqual([]);
  });

  it('reads links and paths, skipping URLs and placeholders (the check itself)', () => {
    expect(relativeLinksIn('[a](b.md#x) [c](https://example.com) [d](../e/f.ts)')).toEqual(['b.md', '../e/f.ts']);
    expect(backtickedPathsIn('`a/b.ts` `<area>.rules.ts` `npm test` `docs/` `NNN-title.md`')).toEqual([
      'a/b.ts',
      'docs/',
    ]);
  });
});
