import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('business constants (SPEC §9)', () => {
  it('match the spec', () => {
    expect(constants).toMatchObject({
      TITLE_ID_WIDTH: 5,
      ADULT_AGE: 16,
      MINOR_AGE: 13,
      MIN_BIRTH_YEAR: 1900,
      PASSWORD_MIN_LENGTH: 10,
      PASSWORD_MAX_LENGTH: 64,
      PASSWORD_MIN_CHARACTER_CLASSES: 3,
      CRAWLER_DEFAULT_BIRTHDAY: '2000-01',
      CRAWLER_COOKIE_EXPIRES: 4102372799,
      COMMENTS_PER_HOUR: 10,
      READING_HISTORY_LIMIT: 20,
      NEAR_EXPIRY_WINDOW_MS: 2 * 24 * 60 * 60 * 1000,
      NEAR_EXPIRY_MIN_MS: 10 * 60 * 1000,
      STATUS_REFRESH_MS: 24 * 60 * 60 * 1000,
      PAGE_VIEW_DELAY_MS: 500,
      RELOAD_GUARD_TTL_MS: 10_000,
      STORAGE_KEY_IS_LOGGED_IN: 'isLoggedIn',
      LOADING_BAR_DURATION_MS: 2000,
      LOADING_BAR_THROTTLE_MS: 200,
      LOADING_BAR_HIDE_DELAY_MS: 500,
      LOADING_BAR_RESET_DELAY_MS: 400,
      LOADING_BAR_HEIGHT_PX: 3,
      LOADING_BAR_COLOR: '#469bf9',
    });
  });
});
