import { ResponseCode, responseCodeMessageKey, responseCodeMessages } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime, formatMediumDate, formatShortDate } from './date-format.ts';
import en from './en.json' with { type: 'json' };
import { i18nFor } from './i18n.ts';
import ja from './ja.json' with { type: 'json' };

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leafStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leafStrings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leafStrings);
  return [];
}

describe('UI strings', () => {
  it('has the same keys in English and Japanese', () => {
    expect(leafKeys(ja).sort()).toEqual(leafKeys(en).sort());
  });

  it('has real Japanese, not English copies', () => {
    const enStrings = leafStrings(en);
    const jaStrings = leafStrings(ja);
    const words = (text: string) => text.replace(/\{\{[^}]+\}\}/g, ''); // placeholders, formatted ones too
    const copied = jaStrings.filter((text, index) => text === enStrings[index] && /[a-z]{4,}/i.test(words(text)));
    // Language names are written in their own language. (The not-found heading is エラー in
    // Japanese: no English is left on a Japanese screen, issue 14.)
    expect(copied.sort()).toEqual(['English']);
    const japanese = jaStrings.filter((text) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(text));
    expect(japanese.length / jaStrings.length).toBeGreaterThan(0.95);
  });

  it('has a message for every response code the API answers, in both languages, the English as contracts say it', () => {
    const messageOf = (strings: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
    const keys = Object.values(ResponseCode).map(responseCodeMessageKey);
    const missing = keys.filter(
      (key) => typeof messageOf(en, key) !== 'string' || typeof messageOf(ja, key) !== 'string',
    );
    expect(missing).toEqual([]);
    for (const key of keys) expect(messageOf(en, key)).toBe(responseCodeMessages[key]);
    expect(i18nFor('ja').t(responseCodeMessageKey(ResponseCode.PointShortage))).toBe('ポイントが足りません。');
  });

  it('translates with interpolation and falls back to English', () => {
    expect(i18nFor('ja').t('common.error_code', { code: 1099 })).toBe('エラーコード 1099');
    expect(i18nFor('en').t('common.error_code', { code: 1099 })).toBe('Error code 1099');
    expect(i18nFor('en').t('episode.viewer.last_page.go_home')).toBe('Go to home');
    expect(i18nFor(undefined).language).toBe('ja');
  });
});

describe('date formats (product §9)', () => {
  const date = new Date(Date.UTC(2026, 10, 2, 3, 0, 0));

  it('formats English dates in the medium style and the short numeric form', () => {
    expect(formatMediumDate(date, 'en', 'UTC')).toBe('Nov 2, 2026');
    expect(formatShortDate(date, 'en', 'UTC')).toBe('11/02/2026');
  });

  it('formats a calendar date as that day, wherever the server runs', () => {
    expect(formatCalendarDate('2026-11-02', 'en')).toBe('Nov 2, 2026');
    expect(formatCalendarDate('2026-01-01', 'ja')).toBe('2026/01/01');
  });

  it('formats a moment with its time in the zone given', () => {
    expect(formatDateTime(date, 'en', 'Asia/Tokyo')).toBe('Nov 2, 2026, 12:00 PM');
    expect(formatDateTime(date, 'ja', 'Asia/Tokyo')).toBe('2026/11/02 12:00');
  });

  it('formats Japanese dates too', () => {
    expect(formatMediumDate(date, 'ja', 'UTC')).toBe('2026/11/02');
    expect(formatShortDate(date, 'ja', 'UTC')).toBe('2026/11/02');
  });
});
