// docs/decisions/README.md is the index of the ADRs (ADR 039's neighbours, the template's rules): every ADR file is
// listed there and every line there names a file that exists; the figures an ADR links to in docs/benchmarks.md exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const decisions = fileURLToPath(new URL('../../../docs/decisions', import.meta.url));
const adrFiles = readdirSync(decisions).filter((f) => /^\d{3}-.+\.md$/.test(f) && !f.startsWith('000-'));
const index = readFileSync(join(decisions, 'README.md'), 'utf8');
const indexed = [...index.matchAll(/^\| \[(\d{3})\]\((\d{3}-[^)]+\.md)\) \|/gm)].map((m) => ({
  number: m[1] as string,
  file: m[2] as string,
}));

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('the ADR index', () => {
  it('lists every ADR file, once', () => {
    expect(indexed.map((row) => row.file).sort()).toEqual([...adrFiles].sort());
  });

  it('names only files that exist, each under its own number', () => {
    expect(indexed.filter((row) => !adrFiles.includes(row.file))).toEqual([]);
    expect(indexed.filter((row) => !row.file.startsWith(`${row.number}-`))).toEqual([]);
  });

  it('links from ADRs only to sections of docs/benchmarks.md that exist', () => {
    const benchmarks = readFileSync(join(decisions, '../benchmarks.md'), 'utf8');
    const anchors = new Set([...benchmarks.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] as string)));
    const broken = adrFiles.flatMap((file) =>
      [...readFileSync(join(decisions, file), 'utf8').matchAll(/benchmarks\.md#([\w-]+)/g)]
        .map((m) => m[1] as string)
        .filter((anchor) => !anchors.has(anchor))
        .map((anchor) => `${file} → #${anchor}`),
    );
    expect(broken).toEqual([]);
  });

  it('writes anchors as GitHub does (the check itself)', () => {
    expect(anchorOf('Purchases (ADR 014 and ADR 021)')).toBe('purchases-adr-014-and-adr-021');
    expect(anchorOf('Issue 15: performance and caching (ADR 020)')).toBe('issue-15-performance-and-caching-adr-020');
  });
});
