import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

// product §9's business constants, each asserted at the value product §9 gives it (the product rules' sentence is
// the test's name). A constant that drifts from the product rules fails here by name and value.
describe('business constants (product §9)', () => {
  it('"Title ID width 5 digits. Adult age 16; minor age 13. Minimum year 1900."', () => {
    expect(constants.TITLE_ID_WIDTH).toBe(5);
    expect(constants.ADULT_AGE).toBe(16);
    expect(constants.MINOR_AGE).toBe(13);
    expect(constants.MIN_BIRTH_YEAR).toBe(1900);
  });

  it('"Crawler default birthday 2000-01; cookie expiry for crawler defaults 4102372799 (Unix timestamp)."', () => {
    expect(constants.CRAWLER_DEFAULT_BIRTHDAY).toBe('2000-01');
    expect(constants.CRAWLER_COOKIE_EXPIRES).toBe(4_102_372_799);
  });

  it('"Password 10 to 64 characters; 3 of 4 classes."', () => {
    expect(constants.PASSWORD_MIN_LENGTH).toBe(10);
    expect(constants.PASSWORD_MAX_LENGTH).toBe(64);
    expect(constants.PASSWORD_MIN_CHARACTER_CLASSES).toBe(3);
  });

  it('"Comments: 10 per hour. Reading history: up to 20 titles."', () => {
    expect(constants.COMMENTS_PER_HOUR).toBe(10);
    expect(constants.READING_HISTORY_LIMIT).toBe(20);
  });

  it('"Near-expiry window 172,800,000 ms; minimum 600,000 ms. Status refresh 86,400,000 ms. Page-view event delay 500 ms. Reload guard 10 s."', () => {
    expect(constants.NEAR_EXPIRY_WINDOW_MS).toBe(172_800_000);
    expect(constants.NEAR_EXPIRY_MIN_MS).toBe(600_000);
    expect(constants.STATUS_REFRESH_MS).toBe(86_400_000);
    expect(constants.PAGE_VIEW_DELAY_MS).toBe(500);
    expect(constants.RELOAD_GUARD_TTL_MS).toBe(10_000);
  });

  it('"Persisted login data keys: isLoggedIn and the checked ticket list."', () => {
    expect(constants.STORAGE_KEY_IS_LOGGED_IN).toBe('isLoggedIn');
  });

  it('"Loading bar: duration 2000 ms, throttle 200 ms, hide delay 500 ms, reset delay 400 ms, height 3 px, colour #469bf9."', () => {
    expect(constants.LOADING_BAR_DURATION_MS).toBe(2000);
    expect(constants.LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(constants.LOADING_BAR_HIDE_DELAY_MS).toBe(500);
    expect(constants.LOADING_BAR_RESET_DELAY_MS).toBe(400);
    expect(constants.LOADING_BAR_HEIGHT_PX).toBe(3);
    expect(constants.LOADING_BAR_COLOR).toBe('#469bf9');
  });

  it('gives the near-expiry badge a window wider than its minimum, as the badge rule needs', () => {
    expect(constants.NEAR_EXPIRY_WINDOW_MS).toBeGreaterThan(constants.NEAR_EXPIRY_MIN_MS);
  });
});
