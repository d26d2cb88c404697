import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

// SPEC §9 as written there, quoted here on purpose: each constant is read back from the sentence
// that states it, so a constant that drifts from the SPEC fails against the SPEC's own words.
const SPEC_9 = `
- Title ID width 5 digits. Adult age 16; minor age 13. Minimum year 1900.
- Crawler default birthday 2000-01; cookie expiry for crawler defaults 4102372799 (Unix timestamp).
- Password 10 to 64 characters; 3 of 4 classes.
- Comments: 10 per hour. Reading history: up to 20 titles.
- Near-expiry window 172,800,000 ms; minimum 600,000 ms. Status refresh 86,400,000 ms. Page-view event delay 500 ms. Reload guard 10 s.
- Persisted login data keys: isLoggedIn and the checked ticket list.
- Loading bar: duration 2000 ms, throttle 200 ms, hide delay 500 ms, reset delay 400 ms, height 3 px, colour #469bf9.
`;

/** The value after `phrase` in SPEC §9 (digits with thousands commas, a date, a word or a colour). */
function spec(phrase: string): string {
  const match = SPEC_9.match(new RegExp(`${phrase} (#?[\\w,-]+)`));
  if (!match?.[1]) throw new Error(`SPEC §9 says nothing after "${phrase}"`);
  return match[1];
}
const specNumber = (phrase: string) => Number(spec(phrase).replaceAll(',', ''));
const SECOND_MS = 1000;

describe('business constants (SPEC §9)', () => {
  it.each([
    ['TITLE_ID_WIDTH', specNumber('Title ID width')],
    ['ADULT_AGE', specNumber('Adult age')],
    ['MINOR_AGE', specNumber('minor age')],
    ['MIN_BIRTH_YEAR', specNumber('Minimum year')],
    ['CRAWLER_DEFAULT_BIRTHDAY', spec('Crawler default birthday')],
    ['CRAWLER_COOKIE_EXPIRES', specNumber('cookie expiry for crawler defaults')],
    ['PASSWORD_MIN_LENGTH', specNumber('Password')],
    ['PASSWORD_MAX_LENGTH', specNumber('Password \\d+ to')],
    ['PASSWORD_MIN_CHARACTER_CLASSES', specNumber('characters;')],
    ['COMMENTS_PER_HOUR', specNumber('Comments:')],
    ['READING_HISTORY_LIMIT', specNumber('Reading history: up to')],
    ['NEAR_EXPIRY_WINDOW_MS', specNumber('Near-expiry window')],
    ['NEAR_EXPIRY_MIN_MS', specNumber('minimum')],
    ['STATUS_REFRESH_MS', specNumber('Status refresh')],
    ['PAGE_VIEW_DELAY_MS', specNumber('Page-view event delay')],
    ['RELOAD_GUARD_TTL_MS', specNumber('Reload guard') * SECOND_MS],
    ['STORAGE_KEY_IS_LOGGED_IN', spec('Persisted login data keys:')],
    ['LOADING_BAR_DURATION_MS', specNumber('duration')],
    ['LOADING_BAR_THROTTLE_MS', specNumber('throttle')],
    ['LOADING_BAR_HIDE_DELAY_MS', specNumber('hide delay')],
    ['LOADING_BAR_RESET_DELAY_MS', specNumber('reset delay')],
    ['LOADING_BAR_HEIGHT_PX', specNumber('height')],
    ['LOADING_BAR_COLOR', spec('colour')],
  ] as const)('%s is what SPEC §9 says', (name, value) => {
    expect((constants as Record<string, unknown>)[name]).toBe(value);
  });

  it('reads the SPEC sentences as meant (the reader of the test itself)', () => {
    expect(specNumber('Near-expiry window')).toBe(2 * 24 * 60 * 60 * 1000);
    expect(specNumber('minimum')).toBe(10 * 60 * 1000);
    expect(spec('Crawler default birthday')).toBe('2000-01');
  });

  it('gives the near-expiry badge a window wider than its minimum, as the badge rule needs', () => {
    expect(constants.NEAR_EXPIRY_WINDOW_MS).toBeGreaterThan(constants.NEAR_EXPIRY_MIN_MS);
  });
});
