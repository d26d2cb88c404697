// Comments cite docs/architecture.md as `architecture §N`, `architecture habit N` and `architecture anti-pattern N`
// (its "Principles", "Habits" and "Anti-patterns"); each citation in the source must name one that exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (['node_modules', 'build', 'dist'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs|md)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** What docs/architecture.md defines: `§6a`, `habit 4`, `anti-pattern 2`. */
function targetsOf(architecture: string): Set<string> {
  const section = (name: string) => architecture.split(/^## /m).find((part) => part.startsWith(`${name}\n`)) ?? '';
  return new Set([
    ...[...section('Principles').matchAll(/^### (§\d+[a-z]?) /gm)].map((m) => m[1] as string),
    ...[...section('Habits').matchAll(/^(\d+)\. \*\*/gm)].map((m) => `habit ${m[1]}`),
    ...[...section('Anti-patterns').matchAll(/^(\d+)\. \*\*/gm)].map((m) => `anti-pattern ${m[1]}`),
  ]);
}

/** The citations of docs/architecture.md in a text. */
const citationsIn = (text: string) =>
  [...text.matchAll(/\barchitecture (§\d+[a-z]?|habit \d+|anti-pattern \d+)/g)].map((m) => m[1] as string);

describe('citations of docs/architecture.md', () => {
  const targets = targetsOf(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));

  it('defines the principles §1–§8 with §6a and §6b, habits 1–12 and anti-patterns 1–5', () => {
    const expected = [
      ...['§1', '§2', '§3', '§4', '§5', '§6', '§6a', '§6b', '§7', '§8'],
      ...Array.from({ length: 12 }, (_, i) => `habit ${i + 1}`),
      ...Array.from({ length: 5 }, (_, i) => `anti-pattern ${i + 1}`),
    ];
    expect([...targets].sort()).toEqual(expected.sort());
  });

  it('names only sections that exist, wherever the repository cites them', () => {
    const files = ['apps', 'packages', 'e2e', 'docs', 'scripts'].flatMap(sourceFiles);
    const broken = files.flatMap((file) =>
      citationsIn(readFileSync(join(root, file), 'utf8'))
        .filter((citation) => !targets.has(citation))
        .map((citation) => `${file}: architecture ${citation}`),
    );
    expect(broken).toEqual([]);
  });

  it('reads citations and targets (the check itself)', () => {
    expect(citationsIn('see architecture §6a and architecture habit 12, architecture anti-pattern 5')).toEqual([
      '§6a',
      'habit 12',
      'anti-pattern 5',
    ]);
    const sample = '## Principles\n### §6b Several hosts\n## Habits\n1. **Thin**\n## Anti-patterns\n3. **Leaky**\n';
    expect([...targetsOf(sample)]).toEqual(['§6b', 'habit 1', 'anti-pattern 3']);
  });
});
