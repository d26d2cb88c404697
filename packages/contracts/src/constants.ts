// Business constants and limits (product §9). Values that depend on the deployment live in config, not here.

/** Title ids are shown and routed zero-padded to this many digits. */
export const TITLE_ID_WIDTH = 5;

/** Age (in full years) from which a member is an adult. */
export const ADULT_AGE = 16;
/** Age (in full years) from which a member is a minor; younger members are blocked. */
export const MINOR_AGE = 13;
/** Earliest birth year accepted. */
export const MIN_BIRTH_YEAR = 1900;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 64;
/** How many of the four character classes (upper, lower, digit, symbol) a password needs. */
export const PASSWORD_MIN_CHARACTER_CLASSES = 3;

/** Crawlers skip the age gate with this birthday and consent value. */
export const CRAWLER_DEFAULT_BIRTHDAY = '2000-01';
export const CRAWLER_DEFAULT_CONSENT = 1;
/** Unix seconds (2099-12-31T03:59:59Z) used as the expiry of the crawler default cookies. */
export const CRAWLER_COOKIE_EXPIRES = 4102372799;
/** How long the age gate's cookies (birthday, terms, privacy) live when the web or the API writes them. */
export const LAW_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

export const COMMENTS_PER_HOUR = 10;
export const READING_HISTORY_LIMIT = 20;
/** Titles one reader may follow (ours, ADR 017; `max_favorite_num` of GET /favorite/list). */
export const MAX_FAVORITE_NUM = 100;
/** Page bookmarks one reader may keep, and a note's length in characters (ours, ADR 044). */
export const MAX_BOOKMARK_NUM = 500;
export const BOOKMARK_NOTE_MAX_LENGTH = 200;
/** A device name the reader gives (ours, ADR 044). */
export const DEVICE_NAME_MAX_LENGTH = 40;

/** Ticket near-expiry badge: shown when expiry is closer than the window but farther than the minimum. */
export const NEAR_EXPIRY_WINDOW_MS = 172_800_000;
export const NEAR_EXPIRY_MIN_MS = 600_000;
/** The status call runs at most once per this period. */
export const STATUS_REFRESH_MS = 86_400_000;
export const PAGE_VIEW_DELAY_MS = 500;
export const RELOAD_GUARD_TTL_MS = 10_000;

/** Local-storage keys of the persisted login data. The product rules name only `isLoggedIn`; the second name is ours. */
export const STORAGE_KEY_IS_LOGGED_IN = 'isLoggedIn';
export const STORAGE_KEY_CHECKED_TICKETS = 'checkedTicketList';

/** Page-loading progress bar. */
export const LOADING_BAR_DURATION_MS = 2000;
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_HIDE_DELAY_MS = 500;
export const LOADING_BAR_RESET_DELAY_MS = 400;
export const LOADING_BAR_HEIGHT_PX = 3;
export const LOADING_BAR_COLOR = '#469bf9';
