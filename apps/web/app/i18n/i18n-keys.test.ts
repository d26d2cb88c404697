// Every key the web app names literally (`t('…')`, `i18nKey="…"`, `pageMeta(…, '…')`) exists in
// both languages, so no screen can show a raw key. Keys built at run time (`t(\`pages.${page}.title\`)`)
// are checked by the browser suite, which fails on any screen that shows a raw key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const KEY = String.raw`([a-z][a-z0-9_-]*(?:\.[a-zA-Z0-9_-]+)+)`;
const PATTERNS = [
  new RegExp(String.raw`\bt\(\s*'${KEY}'`, 'g'),
  new RegExp(`i18nKey=["']${KEY}["']`, 'g'),
  new RegExp(String.raw`pageMeta\([^,]+,\s*'${KEY}'`, 'g'),
];

/** The value at a dotted key, or plural forms (`key_one`, `key_other`) of it. */
function has(strings: unknown, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop() as string;
  const parent = parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
  if (typeof parent !== 'object' || parent === null) return false;
  const record = parent as Record<string, unknown>;
  return last in record || `${last}_other` in record;
}

describe('i18n keys used by the web app', () => {
  const used = new Map<string, string>();
  for (const file of sourceFiles(APP_DIR)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) used.set(match[1] as string, file.slice(APP_DIR.length));
    }
  }

  it('finds the keys (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(300);
    expect(used.has('header.my_page')).toBe(true);
  });

  it('has every literal key in English and in Japanese', () => {
    const missing = [...used].flatMap(([key, file]) => [
      ...(has(en, key) ? [] : [`en: ${key} (${file})`]),
      ...(has(ja, key) ? [] : [`ja: ${key} (${file})`]),
    ]);
    expect(missing).toEqual([]);
  });
});
