// Whole rows with the database's defaults and unique ids (factories with overrides), and the named
// states service tests reason about (architecture habit 7): who asks (`authStub`, `readerStub`), and the
// episodes and titles of the access rules (`titleStub`).
import { LAW_COOKIE_TTL_SECONDS, serializeBirthdayCookie } from '@manga/contracts';
import type { Selectable } from 'kysely';
import type {
  CommentRow,
  EpisodeRow,
  PageRow,
  PurchaseTable,
  RentalTable,
  TitleRow,
  UserRow,
  WebTokenRow,
} from '#src/db/schema.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import type { Reader } from '#src/rules/entitlement.rules.ts';
import { TEST_NOW } from '#test/factories.ts';
import { USER_COLUMN_DEFAULTS } from '#test/services/in-memory-repositories.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let sequence = 0;
const next = () => ++sequence;

export const rowFactory = {
  /** An active, registered account (its password is `password`, see PlainPasswordHasher). */
  user(overrides: Partial<UserRow> = {}): UserRow {
    const id = overrides.id ?? next();
    return {
      ...USER_COLUMN_DEFAULTS,
      id,
      email: `reader${id}@example.test`,
      password_hash: 'hashed:Correct-Horse-9',
      birthday: '1990-04',
      hash_key: `hash-key-${id}`,
      created_at: TEST_NOW - 30 * DAY,
      updated_at: TEST_NOW - 30 * DAY,
      ...overrides,
    };
  },

  /** A live web session of `user_id`, seen just now. */
  session(overrides: Partial<WebTokenRow> & Pick<WebTokenRow, 'user_id'>): WebTokenRow {
    return {
      id: overrides.id ?? next(),
      token_hash: `hash-${next()}`,
      device_name: 'Firefox on Linux',
      platform: 3,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      created_at: TEST_NOW - DAY,
      last_seen_at: TEST_NOW,
      expires_at: TEST_NOW + 30 * DAY,
      revoked_at: null,
      ...overrides,
    };
  },

  /** A published title with no free episodes and no age rating. */
  title(overrides: Partial<TitleRow> = {}): TitleRow {
    const id = overrides.id ?? 20_000 + next();
    return {
      id,
      name_en: `Title ${id}`,
      name_ja: `タイトル${id}`,
      name_kana: '',
      search_text: '',
      author_text_en: '',
      author_text_ja: '',
      introduction_en: '',
      introduction_ja: '',
      short_introduction_en: '',
      short_introduction_ja: '',
      campaign_text: '',
      campaign_start_at: null,
      campaign_end_at: null,
      notice_text: '',
      campaign_text_ja: '',
      notice_text_ja: '',
      thumbnail_path: `titles/${id}/thumbnail.webp`,
      thumbnail_rect_path: '',
      banner_path: '',
      feature_path: '',
      magazine_category_id: null,
      publish_category: 1,
      age_rating: 0,
      weekday_index: null,
      new_episode_update_cycle_text_en: '',
      new_episode_update_cycle_text_ja: '',
      free_episode_update_cycle_text_en: '',
      free_episode_update_cycle_text_ja: '',
      free_first_count: 0,
      free_latest_count: 0,
      free_until_at: null,
      episode_order: 1,
      viewing_direction: 1,
      support_status: 0,
      ticket_enabled: 0,
      ticket_max: 0,
      ticket_recover_seconds: 0,
      ticket_rental_seconds: 0,
      ticket_version: 1,
      published_at: TEST_NOW - 60 * DAY,
      created_at: TEST_NOW - 60 * DAY,
      updated_at: TEST_NOW - 60 * DAY,
      ...overrides,
    };
  },

  /** A released episode of `title_id` priced at 40 points. */
  episode(overrides: Partial<EpisodeRow> & Pick<EpisodeRow, 'title_id'>): EpisodeRow {
    const id = overrides.id ?? 200_000 + next();
    const sortIndex = overrides.sort_index ?? next();
    return {
      id,
      sort_index: sortIndex,
      name_en: `Chapter ${sortIndex}`,
      name_ja: `第${sortIndex}話`,
      point: 40,
      bonus_point: 0,
      start_at: TEST_NOW - DAY,
      free_until_at: null,
      ticket_rental_enabled: 0,
      single_sale_enabled: 1,
      magazine_id: null,
      viewing_direction: 1,
      page_count: 2,
      scramble_seed: 2_654_435_761,
      thumbnail_path: `episodes/${id}/thumbnail.webp`,
      comic_volume: null,
      comment_enabled: 1,
      comment_num: 0,
      created_at: TEST_NOW - DAY,
      updated_at: TEST_NOW - DAY,
      ...overrides,
    };
  },

  /** A purchase of one episode with paid points, a day ago. */
  purchase(
    overrides: Partial<Selectable<PurchaseTable>> &
      Pick<Selectable<PurchaseTable>, 'user_id' | 'episode_id' | 'title_id'>,
  ): Selectable<PurchaseTable> {
    return {
      id: next(),
      price: 40,
      paid_point: 40,
      free_point: 0,
      event_point: 0,
      bonus_point: 0,
      magazine_purchase_id: null,
      created_at: TEST_NOW - DAY,
      ...overrides,
    };
  },

  /** A title-ticket rental of one episode, started an hour ago for 72 hours. */
  rental(
    overrides: Partial<Selectable<RentalTable>> & Pick<Selectable<RentalTable>, 'user_id' | 'episode_id' | 'title_id'>,
  ): Selectable<RentalTable> {
    return {
      id: next(),
      ticket_kind: 'title',
      ticket_type: 1,
      ticket_version: 1,
      started_at: TEST_NOW - HOUR,
      expires_at: TEST_NOW - HOUR + 72 * HOUR,
      ...overrides,
    };
  },

  /** A visible comment on `episode_id` by `user_id`, posted an hour ago, never reviewed. */
  comment(overrides: Partial<CommentRow> & Pick<CommentRow, 'episode_id' | 'user_id'>): CommentRow {
    return {
      id: next(),
      body: 'What a chapter!',
      like_count: 0,
      status: 'visible',
      created_at: TEST_NOW - HOUR,
      reviewed_at: null,
      ...overrides,
    };
  },

  page(overrides: Partial<PageRow> & Pick<PageRow, 'episode_id' | 'page_number'>): PageRow {
    return {
      id: next(),
      width: 768,
      height: 1088,
      bytes: 100_000,
      sha256: '0'.repeat(64),
      media_type: 'image/jpeg',
      storage_key: `episodes/${overrides.episode_id}/s0000/${String(overrides.page_number).padStart(3, '0')}.jpg`,
      light_width: null,
      light_height: null,
      light_bytes: null,
      light_storage_key: null,
      ...overrides,
    };
  },
};

/** Who calls, as the auth plugin resolves it. */
export const authStub = {
  anonymous: { user: null, tokenInvalid: false } satisfies RequestAuth,
  /** A `uwt` cookie that is unknown, revoked or expired. */
  deadToken: { user: null, tokenInvalid: true } satisfies RequestAuth,
  /** `user` logged in on the web with session `sessionId`. */
  web(user: Pick<UserRow, 'id' | 'status'>, sessionId = 1): RequestAuth {
    const auth: AuthUser = { userId: user.id, sessionId, status: user.status, via: 'web' };
    return { user: auth, tokenInvalid: false };
  },
};

/** A birthday cookie as the age gate writes it: expiring one year after TEST_NOW. */
export const birthdayCookie = (yearMonth: string) =>
  serializeBirthdayCookie(yearMonth, Math.floor(TEST_NOW / 1000) + LAW_COOKIE_TTL_SECONDS);

/** Readers the access rules tell apart (TEST_NOW is 2026-01-01). */
export const readerStub: Readonly<Record<'anonymous' | 'adult' | 'minor' | 'crawler', Reader>> = {
  /** No session, no birthday cookie. */
  anonymous: { user: null, isCrawler: false, cookies: {} },
  /** Born 1990-04: 35 years old. */
  adult: { user: null, isCrawler: false, cookies: { birthday: birthdayCookie('1990-04') } },
  /** Born 2011-06: 14 years old, too young for titles rated 16. */
  minor: { user: null, isCrawler: false, cookies: { birthday: birthdayCookie('2011-06') } },
  /** A search engine: product §4's default consent opens browsing, never age-rated pages (ADR 015). */
  crawler: { user: null, isCrawler: true, cookies: {} },
};

/** `base` (by default the adult) logged in as `user`. */
export function signedInReader(user: Pick<UserRow, 'id' | 'status'>, base: Reader = readerStub.adult): Reader {
  return { ...base, user: authStub.web(user).user };
}

/** Titles of the access rules. */
export const titleStub = {
  /** The first two released episodes are free, as is the latest one. */
  withFreeWindows: (overrides: Partial<TitleRow> = {}) =>
    rowFactory.title({ free_first_count: 2, free_latest_count: 1, ...overrides }),
  /** For readers aged 16 or older. */
  ratedSixteen: (overrides: Partial<TitleRow> = {}) => rowFactory.title({ age_rating: 16, ...overrides }),
  /** Every episode free until `until` (a campaign). */
  inCampaign: (until: number, overrides: Partial<TitleRow> = {}) =>
    rowFactory.title({ free_until_at: until, campaign_text: 'All free!', ...overrides }),
  /** Published tomorrow: it does not exist for readers yet. */
  unpublished: (overrides: Partial<TitleRow> = {}) => rowFactory.title({ published_at: TEST_NOW + DAY, ...overrides }),
};
