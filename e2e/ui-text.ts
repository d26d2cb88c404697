// The web app's own interface texts (apps/web/app/i18n/*.json), so that browser tests find buttons
// and headings by what a reader of either language reads, and can tell a raw key on a screen.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type UiLocale = 'en' | 'ja';

const strings: Record<UiLocale, unknown> = {
  en: JSON.parse(readFileSync(new URL('../apps/web/app/i18n/en.json', import.meta.url), 'utf8')),
  ja: JSON.parse(readFileSync(new URL('../apps/web/app/i18n/ja.json', import.meta.url), 'utf8')),
};

/**
 * The text of `key` in `locale`, with `{{name}}` values filled in (`{{name, number}}` grouped as the
 * app's i18next formats it) and `<doc>` tags dropped.
 */
export function uiText(locale: UiLocale, key: string, values: Record<string, string | number> = {}): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], strings[locale]);
  if (typeof value !== 'string') throw new Error(`no text ${locale}:${key}`);
  return value
    .replace(/\{\{(\w+)(, number)?\}\}/g, (whole, name: string, number?: string) => {
      const filled = values[name];
      if (filled === undefined) return whole;
      return number && typeof filled === 'number' ? filled.toLocaleString(locale) : String(filled);
    })
    .replace(/<\/?\w+>/g, '');
}

/** The first words of the texts' top-level groups ("header", "pages", …): what a raw key starts with. */
const KEY_GROUPS = Object.keys(strings.en as Record<string, unknown>);
const RAW_KEY = new RegExp(String.raw`\b(?:${KEY_GROUPS.join('|')})\.[a-z0-9_-]+(?:\.[a-zA-Z0-9_-]+)*\b`);

/** The page's visible text, the document title and the accessible names of its controls. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].map((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden nodes'
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

/** No interface key shows where a text belongs ("header.my_page" instead of "My page"). */
export async function expectNoRawKeys(page: Page): Promise<void> {
  const text = await visibleText(page);
  expect(text.match(RAW_KEY)?.[0], `a raw i18n key on ${page.url()}`).toBeUndefined();
}

/**
 * No English on a Japanese screen: no word of four or more Latin letters except `allowed` (the
 * service's name, the reader's e-mail address, browser names…).
 */
export async function expectNoEnglish(page: Page, allowed: readonly string[]): Promise<void> {
  let text = await visibleText(page);
  for (const word of allowed) text = text.replaceAll(word, ' ');
  const english = [...new Set(text.match(/[A-Za-z]{4,}/g) ?? [])];
  expect(english, `English words on ${page.url()}`).toEqual([]);
}
