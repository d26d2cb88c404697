// Kysely row types: the single description of the database that queries are checked against.
// Tables and columns are snake_case as in SQL (ADR 004); instants are epoch milliseconds
// (`*_at`, bigint), calendar dates are 'YYYY-MM-DD' text, flags are 0/1 integers.
// Migrations in ./migrations must create exactly these columns; the schema drift test checks it.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Epoch milliseconds. */
export type Millis = number;
type Flag = 0 | 1;
type Id = Generated<number>;
/** Defaulted in SQL, optional on insert. */
type Default<T> = ColumnType<T, T | undefined, T>;

export type UserStatus =
  | 'active'
  | 'not_active'
  | 'resigned'
  | 'banned'
  | 'suspended'
  | 'term_violation'
  | 'access_denied';

export interface UserTable {
  id: Id;
  email: string | null; // null for app users that never registered an email
  password_hash: string | null;
  status: Default<UserStatus>;
  birthday: string | null; // YYYY-MM
  nickname: string | null;
  gender: number | null;
  locale: Default<string>;
  region: Default<string>; // 'US' | 'JP'
  hash_key: string; // secret for the app signature (wire §2.3)
  original_uuid: string | null;
  charge_type: Default<number>; // plan code: 1 non_charger, 2 subscription, 3 charger, 4 subscription_p
  opt_out_ads: Default<Flag>;
  opt_out_analysis: Default<Flag>;
  push_notice_status: Default<number>;
  noah_id: string | null;
  created_at: Millis;
  updated_at: Millis;
  resigned_at: Millis | null;
  /** 1 while private reading is on: no read of this account is recorded (ADR 044). */
  private_reading: Default<Flag>;
  /** 1 while the reader wants a mail when followed titles release chapters (ADR 065). */
  chapter_alert_mail: Default<Flag>;
  /** When the mail was last turned on: chapters released before it are never mailed. */
  chapter_alert_from: Millis | null;
  /** When the last alert mail went out (one a day at most). */
  chapter_alert_mailed_at: Millis | null;
  /** When the header bell was last opened: it lists chapters released after it. */
  new_chapters_seen_at: Millis | null;
  /** The nickname's key (contracts' nicknameKey), unique per region (ADR 066); null without one or when imported. */
  nickname_key: string | null;
  /** When the reader last set a nickname: the next change waits a week (ADR 066). */
  nickname_changed_at: Millis | null;
}

export interface WebTokenTable {
  id: Id;
  user_id: number;
  token_hash: string; // sha256 of the opaque uwt; the raw token is never stored
  device_name: Default<string>;
  platform: Default<number>;
  user_agent: Default<string>;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
}

export type EmailTokenPurpose = 'signup' | 'email_change' | 'password_change' | 'password_reset' | 'unban';

export interface EmailTokenTable {
  id: Id;
  user_id: number | null; // null for sign-up before the account exists
  purpose: EmailTokenPurpose;
  token_hash: string;
  email: string; // where the mail went (new address for email change)
  payload: Default<string>; // JSON: pending password hash, locale, …
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface ConsentTable {
  id: Id;
  user_id: number | null;
  visitor_id: string | null; // anonymous browser id when not logged in
  birthday: string; // YYYY-MM
  age_group: string; // 'minor' | 'adult'
  terms_of_service_minor: Default<Flag>;
  terms_of_service_adult: Default<Flag>;
  privacy_policy: Default<Flag>;
  created_at: Millis;
}

export interface DeviceTable {
  id: Id;
  user_id: number;
  original_uuid: string;
  device: Default<string>;
  platform: Default<number>;
  os_version: Default<string>;
  locale: Default<string>;
  timezone: Default<string>;
  tablet: Default<Flag>;
  regid: Default<string>;
  fcm_token: Default<string>;
  advertising_id: Default<string>;
  adjust_id: Default<string>;
  app_instance_id: Default<string>;
  ab_test_config: Default<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface ChallengeTable {
  id: Id;
  user_id: number | null;
  challenge: string;
  key_id: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/**
 * What a rate-limit event counts (ADR 015): failed password checks per client and per (account,
 * client), and account mails per address and per client.
 */
export type ThrottleScope = 'login_client' | 'login_account_client' | 'mail_address' | 'mail_client';

/** One rate-limit event; rows older than their window are deleted as new ones arrive for the key. */
export interface ThrottleEventTable {
  id: Id;
  scope: ThrottleScope;
  key_hash: string; // sha256 of the client address, the account, or the normalised e-mail address
  created_at: Millis;
}

export interface AuthorTable {
  id: Id;
  name_en: string;
  name_ja: string;
}

export interface TitleAuthorTable {
  title_id: number;
  author_id: number;
  role: Default<string>; // 'story' | 'art' | 'story_art'
  position: Default<number>;
}

export interface GenreTable {
  id: number; // 1–16 as wire §3.2
  name_en: string;
  name_ja: string;
  image_path: Default<string>;
  sort_order: Default<number>;
}

export interface TitleGenreTable {
  title_id: number;
  genre_id: number;
}

export interface TagTable {
  id: Id;
  name_en: string;
  name_ja: string;
}

export interface TitleTagTable {
  title_id: number;
  tag_id: number;
}

export interface MagazineCategoryTable {
  id: number;
  name_en: string;
  name_ja: string;
  is_purchase: Default<Flag>;
  is_search: Default<Flag>;
  is_subscription: Default<Flag>;
  subscription_image_path: Default<string>;
  sort_order: Default<number>;
}

export interface MagazineTable {
  id: Id;
  magazine_category_id: number;
  name_en: string;
  name_ja: string;
  cover_path: Default<string>;
  point: Default<number>; // price of the whole issue
  start_at: Millis;
  created_at: Millis;
}

export interface TitleTable {
  id: number; // 5-digit title id (product §5)
  name_en: string;
  name_ja: string;
  name_kana: Default<string>;
  search_text: Default<string>; // normalised names, authors and tags for search
  author_text_en: Default<string>;
  author_text_ja: Default<string>;
  introduction_en: Default<string>;
  introduction_ja: Default<string>;
  short_introduction_en: Default<string>;
  short_introduction_ja: Default<string>;
  campaign_text: Default<string>; // English (or the only text)
  notice_text: Default<string>;
  campaign_text_ja: Default<string>; // '' falls back to campaign_text
  notice_text_ja: Default<string>;
  thumbnail_path: Default<string>; // storage keys, turned into URLs by the mapper
  thumbnail_rect_path: Default<string>;
  banner_path: Default<string>;
  feature_path: Default<string>;
  magazine_category_id: number | null;
  publish_category: Default<number>; // 1 serializing, 2 complete, 3 one-shot
  age_rating: Default<number>; // minimum age: 0 all ages, 13, 16, 18
  weekday_index: number | null; // 1 Monday … 7 Sunday; null when not serialised weekly
  new_episode_update_cycle_text_en: Default<string>;
  new_episode_update_cycle_text_ja: Default<string>;
  free_episode_update_cycle_text_en: Default<string>;
  free_episode_update_cycle_text_ja: Default<string>;
  free_first_count: Default<number>; // first N episodes free
  free_latest_count: Default<number>; // latest N released episodes free
  free_until_at: Millis | null; // whole title free until (campaign)
  episode_order: Default<number>; // 1 oldest first, 2 newest first
  viewing_direction: Default<number>; // new chapters' direction: 1 right-to-left, 2 left-to-right, 3 vertical
  support_status: Default<number>;
  ticket_enabled: Default<Flag>;
  ticket_max: Default<number>;
  ticket_recover_seconds: Default<number>;
  ticket_rental_seconds: Default<number>;
  ticket_version: Default<number>;
  published_at: Millis;
  created_at: Millis;
  updated_at: Millis;
}

export interface EpisodeTable {
  id: number;
  title_id: number;
  sort_index: number; // order inside the title (wire `index`)
  name_en: string;
  name_ja: string;
  point: Default<number>; // price in points; 0 is free
  bonus_point: Default<number>;
  start_at: Millis; // release time; hidden before it
  free_until_at: Millis | null; // time-limited free window for this episode
  ticket_rental_enabled: Default<Flag>;
  single_sale_enabled: Default<Flag>;
  magazine_id: number | null;
  viewing_direction: Default<number>; // 1 right-to-left, 2 left-to-right, 3 vertical
  page_count: Default<number>;
  scramble_seed: number; // non-zero u32 (wire §4)
  thumbnail_path: Default<string>;
  comic_volume: number | null;
  comment_enabled: Default<Flag>;
  comment_num: Default<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface PageTable {
  id: Id;
  episode_id: number;
  page_number: number; // 1-based
  width: number;
  height: number;
  bytes: number;
  sha256: string; // of the normalised (unscrambled) page
  media_type: string;
  storage_key: string; // scrambled derivative served to readers
  // The data saver's smaller derivative (ADR 055), scrambled with the same seed; null until made.
  light_width: number | null;
  light_height: number | null;
  light_bytes: number | null;
  light_storage_key: string | null;
}

export interface RankingTabTable {
  id: number; // ranking_id on the wire
  kind: string; // 'all' | 'genre' | 'today_special'
  genre_id: number | null;
  name_en: string;
  name_ja: string;
  sort_order: Default<number>;
}

export interface RankingEntryTable {
  ranking_id: number;
  position: number; // 1-based
  title_id: number;
  score: number;
  computed_at: Millis;
}

export interface TitleActivityDailyTable {
  title_id: number;
  activity_date: string; // YYYY-MM-DD
  views: Default<number>;
  purchases: Default<number>;
  recommend_clicks: Default<number>; // GET /recommend/click (ADR 009)
}

export type PointKind = 'paid' | 'free' | 'event';

export interface PointLedgerTable {
  id: Id;
  user_id: number;
  kind: PointKind;
  delta: number; // + credit, - debit
  remaining: Default<number>; // for credits: what is left of this lot (each lot expires on its own)
  reason: string; // contracts PointReason: 'episode_paid' | 'point_back' | 'login_bonus' | 'expired' | … (ADR 014)
  reference_type: Default<string>;
  reference_id: Default<string>;
  idempotency_key: string | null; // unique: one credit per payment event, one debit per purchase
  expires_at: Millis | null;
  created_at: Millis;
}

export interface PointBalanceTable {
  user_id: number;
  paid_point: Default<number>;
  free_point: Default<number>;
  event_point: Default<number>;
  updated_at: Millis;
}

export interface PurchaseTable {
  id: Id;
  user_id: number;
  episode_id: number;
  title_id: number;
  price: number;
  paid_point: Default<number>;
  free_point: Default<number>;
  event_point: Default<number>;
  bonus_point: Default<number>;
  created_at: Millis;
  /** Set when the episode came with a magazine issue (price 0 here; the issue carries the cost). */
  magazine_purchase_id: number | null;
}

export interface MagazinePurchaseTable {
  id: Id;
  user_id: number;
  magazine_id: number;
  price: number;
  created_at: Millis;
}

export interface RentalTable {
  id: Id;
  user_id: number;
  episode_id: number;
  title_id: number;
  ticket_kind: string; // 'title' | 'premium'
  ticket_type: number;
  ticket_version: number;
  started_at: Millis;
  expires_at: Millis;
}

export interface TitleTicketTable {
  user_id: number;
  title_id: number;
  own_num: number;
  ticket_version: Default<number>;
  last_recovered_at: Millis;
}

export interface PremiumTicketTable {
  id: Id;
  user_id: number;
  source: string; // 'subscription' | 'campaign' | …
  granted_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  used_episode_id: number | null;
}

export interface ProductTable {
  id: Id;
  kind: string; // 'point_pack' | 'subscription'
  region: string; // 'US' | 'JP'
  currency: string; // 'usd' | 'jpy'
  price_minor: number; // cents or yen
  paid_point: Default<number>;
  bonus_point: Default<number>;
  monthly_bonus_point: Default<number>;
  premium_ticket_num: Default<number>;
  provider_price_id: Default<string>;
  name_en: string;
  name_ja: string;
  active: Default<Flag>;
  sort_order: Default<number>;
}

export interface PaymentTable {
  id: Id;
  user_id: number;
  product_id: number;
  provider: Default<string>;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  status: string; // 'pending' | 'paid' | 'canceled' | 'failed' | 'expired' | 'refunded' | 'refused' (a second plan, to refund)
  amount_minor: number;
  currency: string;
  created_at: Millis;
  completed_at: Millis | null;
  /** Points this payment credited (paid + bonus), and what a refund or dispute took back (ADR 019). */
  credited_point: Default<number>;
  refunded_point: Default<number>;
  /** The plan an invoice payment renewed. */
  subscription_id: number | null;
  /** What the checkout sold when it was opened (ADR 024): paid points, and the bonus (a plan's monthly bonus). */
  paid_point: Default<number>;
  bonus_point: Default<number>;
}

export interface PaymentEventTable {
  provider_event_id: string; // webhook idempotency
  type: string;
  received_at: Millis;
  processed_at: Millis | null;
}

export interface SubscriptionTable {
  id: Id;
  user_id: number;
  product_id: number;
  provider_subscription_id: string | null;
  status: string; // 'active' | 'canceled' | 'past_due' | 'ended'
  started_at: Millis;
  current_period_end_at: Millis;
  cancel_at_period_end: Default<Flag>;
  canceled_at: Millis | null;
  last_bonus_month: string | null; // YYYY-MM of the last monthly bonus
  provider_customer_id: string | null;
  /** Creation time of the newest provider event applied (older events never move the plan back). */
  last_event_at: Default<Millis>;
}

/** One row per payment, payment intent, plan or reader a webhook event locks (ADR 024). */
export interface PaymentLockTable {
  lock_key: string; // payment:<id>, pi:<provider payment id>, sub:<provider subscription id>, user:<id>
  locked_at: Millis;
}

/** A refund or dispute the provider reported, kept until its payment exists and applied then (ADR 024). */
export interface PaymentRefundTable {
  provider_event_id: string;
  provider_payment_id: string;
  kind: string; // 'refund' | 'dispute'
  /** Everything refunded of the charge so far, minor units (0 for a dispute). */
  refunded_minor: number;
  event_created_at: Millis;
  received_at: Millis;
  /** The payment it applied to, once it did. */
  payment_id: number | null;
  applied_at: Millis | null;
}

/** The row GET /readyz writes to prove the database takes writes (ADR 022). */
export interface ReadinessProbeTable {
  id: number;
  written_at: number;
}

/** A checkout session of the embedded test payment provider (ADR 019). */
export interface TestCheckoutSessionTable {
  id: string; // cs_test_…
  payment_id: number;
  user_id: number;
  mode: string; // 'payment' | 'subscription'
  product_id: number;
  product_name: string;
  currency: string;
  price_minor: number;
  success_url: string;
  cancel_url: string;
  status: string; // 'open' | 'complete' | 'canceled' | 'expired'
  created_at: Millis;
}

export interface CommentTable {
  id: Id;
  episode_id: number;
  user_id: number;
  body: string;
  like_count: Default<number>;
  status: Default<string>; // 'visible' | 'hidden' | 'deleted'
  created_at: Millis;
  reviewed_at: Millis | null; // a moderator last hid, restored or dismissed it (ADR 013)
}

export interface CommentLikeTable {
  comment_id: number;
  user_id: number;
  created_at: Millis;
}

export interface CommentMuteTable {
  user_id: number;
  muted_user_id: number;
  comment_id: number;
  created_at: Millis;
}

export interface CommentReportTable {
  id: Id;
  comment_id: number;
  user_id: number;
  /** CommentReportReason, '' when the report gave none. */
  reason: Default<string>;
  /** The reader's note, '' when none. */
  note: Default<string>;
  created_at: Millis;
}

/** A staff role (ADR 042, StaffRole): admin, editor, moderator, support or analyst; `npm run operator` or an admin grants it. */
export interface UserRoleTable {
  user_id: number;
  role: string;
  created_at: Millis;
}

/**
 * An NG word (ADR 013, ADR 030); `normalized_word` is the word as matched (normaliseNgWord), unique.
 * The seeded words were stored with normalizeSearchText, which gives the same for them.
 */
export interface NgWordTable {
  id: Id;
  word: string;
  normalized_word: string;
  match_type: Default<string>; // 'part' | 'word'
  created_by: number | null; // null: seeded by the migration
  created_at: Millis;
}

/** A reader who may not post comments until `until_at` (ADR 013). */
export interface CommentSuspensionTable {
  user_id: number;
  until_at: Millis;
  reason: string;
  created_by: number | null;
  created_at: Millis;
}

/** One operator action (ADR 013); never updated or deleted. */
export interface AuditLogTable {
  id: Id;
  actor_user_id: number | null; // null: the command line
  action: string; // AuditAction
  target_type: string; // AuditTarget
  target_id: number;
  reason: Default<string>;
  detail: Default<string>; // JSON object
  created_at: Millis;
  /** The console form's key of a support grant (unique; null elsewhere): a form sent twice grants once (ADR 063). */
  request_key: string | null;
}

/** When a reader last read their like notices (ADR 013). */
export interface CommentNoticeTable {
  user_id: number;
  like_seen_at: Millis;
}

export interface EpisodeViewTable {
  user_id: number;
  episode_id: number;
  title_id: number;
  first_viewed_at: Millis;
  last_viewed_at: Millis;
  finished_at: Millis | null; // reached the last page (viewer/finish)
  last_page: Default<number>; // 1-based page reached (viewer/progress, ADR 016); 0 unknown
  last_device: Default<string>; // the device the place was left on (ADR 044); '' unknown
}

export interface ViewHistoryTable {
  user_id: number;
  title_id: number;
  last_episode_id: number;
  viewed_at: Millis;
}

/** A title a reader follows (ADR 017). */
export interface FavoriteTitleTable {
  user_id: number;
  title_id: number;
  created_at: Millis; // when it was followed
  alert_mail: Default<Flag>; // 0 when the reader muted this title's alert mail (ADR 065)
}

/** A chapter alert mailed (or being mailed) to a reader: one row per reader and chapter (ADR 065). */
export interface ChapterAlertTable {
  user_id: number;
  episode_id: number;
  status: 'pending' | 'sent';
  created_at: Millis;
  sent_at: Millis | null;
}

/** A page a reader bookmarked, with an optional note (ADR 044). */
export interface BookmarkTable {
  id: Id;
  user_id: number;
  title_id: number;
  episode_id: number;
  page: number; // 1-based
  note: Default<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface LoginBonusTable {
  user_id: number;
  bonus_date: string; // YYYY-MM-DD local date
  days_in_row: number;
  point: number;
  premium_ticket_num: Default<number>;
  created_at: Millis;
}

export interface AdvertisementTable {
  id: Id;
  type: number; // 1 banner, 2 inline, 3 viewer last page
  title_id: number | null;
  image_path: Default<string>;
  link_url: Default<string>;
  name: Default<string>;
  position: Default<number>;
  active: Default<Flag>;
  start_at: Millis;
  end_at: Millis | null;
}

export interface AdvertisementCounterTable {
  advertisement_id: number;
  kind: string; // 'view' | 'click'
  count_date: string; // YYYY-MM-DD
  count: Default<number>;
}

export interface SettingTable {
  key: string; // e.g. 'maintenance'
  value: string; // JSON
  updated_at: Millis;
}

export interface JobTable {
  id: Id;
  name: string;
  payload: Default<string>; // JSON, ids only
  dedup_key: string | null;
  priority: Default<number>;
  status: Default<string>; // 'queued' | 'running' | 'success' | 'skipped' | 'failed'
  run_at: Millis;
  attempts: Default<number>;
  last_error: Default<string>;
  created_at: Millis;
  finished_at: Millis | null;
  /** Who runs it now (host:pid:random) and until when, renewed while it runs (ADR 040). */
  lease_owner: string | null;
  lease_expires_at: Millis | null;
}

/** A console chapter upload's progress, readable by every API process (ADR 061 addendum). */
export interface ChapterUploadTable {
  id: string;
  title_id: number;
  editor_user_id: number;
  state: string; // EditorUploadState
  stage: string; // 'decode' | 'store'
  done: Default<number>;
  total: Default<number>;
  episode_id: Default<number>;
  error_message: Default<string>;
  updated_at: Millis;
  finished_at: Millis | null;
}

/** One row (id 1): moved by triggers on every change to a catalogue table (ADR 020). */
export interface CatalogueRevisionTable {
  id: number;
  revision: number;
}

export interface Database {
  user: UserTable;
  web_token: WebTokenTable;
  email_token: EmailTokenTable;
  consent: ConsentTable;
  device: DeviceTable;
  challenge: ChallengeTable;
  throttle_event: ThrottleEventTable;
  author: AuthorTable;
  title_author: TitleAuthorTable;
  genre: GenreTable;
  title_genre: TitleGenreTable;
  tag: TagTable;
  title_tag: TitleTagTable;
  magazine_category: MagazineCategoryTable;
  magazine: MagazineTable;
  title: TitleTable;
  episode: EpisodeTable;
  page: PageTable;
  ranking_tab: RankingTabTable;
  ranking_entry: RankingEntryTable;
  title_activity_daily: TitleActivityDailyTable;
  point_ledger: PointLedgerTable;
  point_balance: PointBalanceTable;
  purchase: PurchaseTable;
  magazine_purchase: MagazinePurchaseTable;
  rental: RentalTable;
  title_ticket: TitleTicketTable;
  premium_ticket: PremiumTicketTable;
  product: ProductTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  subscription: SubscriptionTable;
  test_checkout_session: TestCheckoutSessionTable;
  readiness_probe: ReadinessProbeTable;
  payment_lock: PaymentLockTable;
  payment_refund: PaymentRefundTable;
  comment: CommentTable;
  comment_like: CommentLikeTable;
  comment_mute: CommentMuteTable;
  comment_report: CommentReportTable;
  user_role: UserRoleTable;
  ng_word: NgWordTable;
  comment_suspension: CommentSuspensionTable;
  audit_log: AuditLogTable;
  comment_notice: CommentNoticeTable;
  episode_view: EpisodeViewTable;
  view_history: ViewHistoryTable;
  favorite_title: FavoriteTitleTable;
  chapter_alert: ChapterAlertTable;
  bookmark: BookmarkTable;
  login_bonus: LoginBonusTable;
  advertisement: AdvertisementTable;
  advertisement_counter: AdvertisementCounterTable;
  setting: SettingTable;
  job: JobTable;
  catalogue_revision: CatalogueRevisionTable;
  chapter_upload: ChapterUploadTable;
}

export type TitleRow = Selectable<TitleTable>;
export type NewTitle = Insertable<TitleTable>;
export type EpisodeRow = Selectable<EpisodeTable>;
export type NewEpisode = Insertable<EpisodeTable>;
export type PageRow = Selectable<PageTable>;
export type NewPage = Insertable<PageTable>;
export type EpisodeViewRow = Selectable<EpisodeViewTable>;
export type BookmarkRow = Selectable<BookmarkTable>;
export type GenreRow = Selectable<GenreTable>;
export type TagRow = Selectable<TagTable>;
export type MagazineRow = Selectable<MagazineTable>;
export type MagazineCategoryRow = Selectable<MagazineCategoryTable>;
export type RankingTabRow = Selectable<RankingTabTable>;
export type RankingEntryRow = Selectable<RankingEntryTable>;
export type NewRankingEntry = Insertable<RankingEntryTable>;
export type TitleActivityDailyRow = Selectable<TitleActivityDailyTable>;
export type AdvertisementRow = Selectable<AdvertisementTable>;
export type JobRow = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;
export type UserRow = Selectable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type WebTokenRow = Selectable<WebTokenTable>;
export type EmailTokenRow = Selectable<EmailTokenTable>;
export type ConsentRow = Selectable<ConsentTable>;
export type DeviceRow = Selectable<DeviceTable>;
export type ChallengeRow = Selectable<ChallengeTable>;
export type CommentRow = Selectable<CommentTable>;
export type NgWordRow = Selectable<NgWordTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLog = Insertable<AuditLogTable>;
