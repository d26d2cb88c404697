// Kysely row types: the single description of the database that queries are checked against.
// Tables and columns are snake_case as in SQL (ADR 004); instants are epoch milliseconds
// (`*_at`, bigint), calendar dates are 'YYYY-MM-DD' text, flags are 0/1 integers.
// Migrations in ./migrations must create exactly these columns; the schema drift test checks it.
// One file per area under ./schema; this index re-exports them all, so `#src/db/schema.ts` stays the
// one import of the schema, and declares `Database` (which the schema drift test reads from here).
import type {
  ChallengeTable,
  ConsentTable,
  DeviceTable,
  EmailTokenTable,
  ThrottleEventTable,
  UserTable,
  WebTokenTable,
} from './schema/accounts.ts';
import type {
  AuthorTable,
  EpisodeTable,
  GenreTable,
  MagazineCategoryTable,
  MagazineTable,
  PageTable,
  RankingEntryTable,
  RankingTabTable,
  TagTable,
  TitleActivityDailyTable,
  TitleAuthorTable,
  TitleGenreTable,
  TitleTable,
  TitleTagTable,
} from './schema/catalogue.ts';
import type {
  CommentLikeTable,
  CommentMuteTable,
  CommentNoticeTable,
  CommentReportTable,
  CommentSuspensionTable,
  CommentTable,
  NgWordTable,
} from './schema/comments.ts';
import type {
  MagazinePurchaseTable,
  PaymentEventTable,
  PaymentLockTable,
  PaymentRefundTable,
  PaymentTable,
  PointBalanceTable,
  PointLedgerTable,
  PremiumTicketTable,
  ProductTable,
  PurchaseTable,
  RentalTable,
  SubscriptionTable,
  TestCheckoutSessionTable,
  TitleTicketTable,
} from './schema/commerce.ts';
import type {
  AdvertisementCounterTable,
  AdvertisementTable,
  CatalogueRevisionTable,
  ChapterUploadTable,
  JobTable,
  ReaderRevisionTable,
  ReadinessProbeTable,
  SettingTable,
  TopPickTable,
} from './schema/operations.ts';
import type {
  BookmarkTable,
  ChapterAlertTable,
  EpisodeViewTable,
  FavoriteTitleTable,
  LoginBonusTable,
  ViewHistoryTable,
} from './schema/reading.ts';
import type { AuditLogTable, UserRoleTable } from './schema/staff.ts';

export * from './schema/accounts.ts';
export * from './schema/catalogue.ts';
export type { Millis } from './schema/columns.ts';
export * from './schema/comments.ts';
export * from './schema/commerce.ts';
export * from './schema/operations.ts';
export * from './schema/reading.ts';
export * from './schema/staff.ts';

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
  top_pick: TopPickTable;
  advertisement_counter: AdvertisementCounterTable;
  setting: SettingTable;
  job: JobTable;
  catalogue_revision: CatalogueRevisionTable;
  reader_revision: ReaderRevisionTable;
  chapter_upload: ChapterUploadTable;
}
