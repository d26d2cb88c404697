// In-memory repositories for service unit tests (ADR 005, ADR 011; architecture habit 6): the public
// methods of the real repositories over plain arrays, with the same semantics where services rely
// on them (defaults, unique e-mail, single-use tokens, released episodes, order). Integration tests
// keep checking the SQL itself on SQLite and PostgreSQL; these let a test state a rule in a few rows.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  AuditLogRow,
  ChallengeRow,
  CommentReportTable,
  CommentRow,
  CommentSuspensionTable,
  ConsentRow,
  DeviceRow,
  EmailTokenPurpose,
  EmailTokenRow,
  EpisodeRow,
  EpisodeViewRow,
  MagazineCategoryRow,
  MagazinePurchaseTable,
  NgWordRow,
  PageRow,
  PremiumTicketTable,
  PurchaseTable,
  RentalTable,
  TagRow,
  TitleRow,
  TitleTicketTable,
  UserRoleTable,
  UserRow,
  UserStatus,
  UserUpdate,
  WebTokenRow,
} from '#src/db/schema.ts';
import type { NoticeMailKind } from '#src/mail/mail-templates.ts';
import type { ChallengeRepository, NewChallenge } from '#src/repositories/challenge.repository.ts';
import type { ConsentRepository, NewConsent } from '#src/repositories/consent.repository.ts';
import type { DeviceRepository, DeviceUpdate, NewDevice } from '#src/repositories/device.repository.ts';
import type { EmailTokenRepository, NewEmailToken } from '#src/repositories/email-token.repository.ts';
import type { EpisodeOwnershipRow, OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import type { MagazineSaleRow } from '#src/repositories/purchase.repository.ts';
import type {
  EpisodeProgress,
  EpisodeViewRow as EpisodeViewMark,
  ReadingHistoryRepository,
  ViewedTitleRow,
} from '#src/repositories/reading-history.repository.ts';
import type { SessionRepository, SessionWithUser } from '#src/repositories/session.repository.ts';
import type { TitleListing } from '#src/repositories/title.repository.ts';
import type {
  RepositoryPort,
  TransactionalRepositories,
  TransactionRepository,
} from '#src/repositories/transaction.repository.ts';
import type { NicknameUpdate, UserRepository } from '#src/repositories/user.repository.ts';
import type { NewLedgerEntry } from '#src/repositories/wallet.repository.ts';
import { EmailTakenError, NicknameTakenError } from '#src/rules/conflict.error.ts';
import type { PointLot } from '#src/rules/wallet.rules.ts';
import type { AccountMail } from '#src/services/account-mailer.service.ts';
import type { ThrottleEventStore } from '#src/services/login-throttle.service.ts';
import type { SessionCrypto } from '#src/services/session.service.ts';
import type { PointSplit, WalletSource, WalletStore } from '#src/services/wallet.service.ts';

/** The tables the fakes share, as rows; a test may read or seed them directly. */
export class InMemoryTables {
  users: UserRow[] = [];
  sessions: WebTokenRow[] = [];
  emailTokens: EmailTokenRow[] = [];
  consents: ConsentRow[] = [];
  devices: DeviceRow[] = [];
  challenges: ChallengeRow[] = [];
  titles: TitleRow[] = [];
  episodes: EpisodeRow[] = [];
  pages: PageRow[] = [];
  magazines: { id: number; name_en: string; name_ja: string }[] = [];
  magazineCategories: MagazineCategoryRow[] = [];
  tags: (TagRow & { title_id: number })[] = [];
  titleGenres: { title_id: number; genre_id: number }[] = [];
  rankingEntries: { ranking_id: number; position: number; title_id: number }[] = [];
  views: { title_id: number; date: string; counter: string }[] = [];
  viewHistory: { user_id: number; title_id: number; episode_id: number; viewed_at: number }[] = [];
  episodeViews: EpisodeViewRow[] = [];
  purchases: Selectable<PurchaseTable>[] = [];
  rentals: Selectable<RentalTable>[] = [];
  ledger: (NewLedgerEntry & { id: number })[] = [];
  pointBalances: ({ user_id: number } & PointSplit)[] = [];
  /** Magazine issues as sold: price, release and the category's is_purchase (in-memory-commerce-repositories.ts). */
  magazineSales: MagazineSaleRow[] = [];
  magazinePurchases: Selectable<MagazinePurchaseTable>[] = [];
  titleTickets: Selectable<TitleTicketTable>[] = [];
  premiumTickets: Selectable<PremiumTicketTable>[] = [];
  /** Comments, reports, suspensions, NG words, roles and the audit log (in-memory-moderation-repositories.ts). */
  comments: CommentRow[] = [];
  commentReports: Selectable<CommentReportTable>[] = [];
  suspensions: Selectable<CommentSuspensionTable>[] = [];
  ngWords: NgWordRow[] = [];
  userRoles: Selectable<UserRoleTable>[] = [];
  auditLog: AuditLogRow[] = [];
  private ids = new Map<string, number>();

  nextId(table: string): number {
    const id = (this.ids.get(table) ?? 0) + 1;
    this.ids.set(table, id);
    return id;
  }

  /** Every table's rows, copied (what a transaction restores when its work throws). */
  snapshot(): () => void {
    const copy = structuredClone({ ...this });
    return () => Object.assign(this, copy);
  }
}

/** The user columns' SQL defaults (and NULL for the nullable ones), as an insert leaves them. */
export const USER_COLUMN_DEFAULTS = {
  email: null,
  password_hash: null,
  status: 'active',
  birthday: null,
  nickname: null,
  gender: null,
  locale: 'ja',
  region: 'JP',
  original_uuid: null,
  charge_type: 1,
  opt_out_ads: 0,
  opt_out_analysis: 0,
  push_notice_status: 0,
  noah_id: null,
  resigned_at: null,
  private_reading: 0,
  chapter_alert_mail: 0,
  chapter_alert_from: null,
  chapter_alert_mailed_at: null,
  new_chapters_seen_at: null,
  nickname_key: null,
  nickname_changed_at: null,
} as const satisfies Partial<UserRow>;

export class InMemoryUserRepository implements RepositoryPort<UserRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async findUserById(id: number) {
    return this.tables.users.find((user) => user.id === id);
  }

  async findHashKeyByUserId(id: number) {
    return (await this.findUserById(id))?.hash_key;
  }

  async findUserByEmail(email: string) {
    return this.tables.users.find((user) => user.email === email);
  }

  async insertUser(user: Parameters<UserRepository['insertUser']>[0]): Promise<UserRow> {
    if (user.email && (await this.findUserByEmail(user.email))) throw new EmailTakenError();
    const row = { id: this.tables.nextId('user'), ...USER_COLUMN_DEFAULTS, ...user } as UserRow;
    this.tables.users.push(row);
    return row;
  }

  async updateUser(id: number, patch: UserUpdate): Promise<void> {
    const taken = patch.email ? await this.findUserByEmail(patch.email as string) : undefined;
    if (taken && taken.id !== id) throw new EmailTakenError();
    const user = await this.findUserById(id);
    if (user) Object.assign(user, patch);
  }

  async updateUserWithStatus(id: number, status: UserStatus, patch: UserUpdate): Promise<boolean> {
    const user = await this.findUserById(id);
    if (user?.status !== status) return false;
    Object.assign(user, patch);
    return true;
  }

  async updateNickname(id: number, patch: NicknameUpdate, lastChangedBy: number | null): Promise<boolean> {
    const user = await this.findUserById(id);
    if (!user) return false;
    if (lastChangedBy !== null && user.nickname_changed_at !== null && user.nickname_changed_at > lastChangedBy) {
      return false;
    }
    const taken = this.tables.users.some(
      (other) =>
        other.id !== id &&
        patch.nickname_key !== null &&
        other.region === user.region &&
        other.nickname_key === patch.nickname_key,
    );
    if (taken) throw new NicknameTakenError();
    Object.assign(user, patch);
    return true;
  }

  async lockUser(): Promise<void> {}
}

export class InMemorySessionRepository implements RepositoryPort<SessionRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async insertSession(session: Parameters<SessionRepository['insertSession']>[0]): Promise<WebTokenRow> {
    const row: WebTokenRow = {
      id: this.tables.nextId('web_token'),
      device_name: '',
      platform: 3,
      user_agent: '',
      revoked_at: null,
      ...session,
    } as WebTokenRow;
    this.tables.sessions.push(row);
    return row;
  }

  async findSessionByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    const session = this.tables.sessions.find((s) => s.token_hash === tokenHash);
    const user = session && this.tables.users.find((u) => u.id === session.user_id);
    if (!session || !user) return undefined;
    const { id, user_id, expires_at, revoked_at, last_seen_at, device_name } = session;
    return {
      id,
      user_id,
      expires_at,
      revoked_at,
      last_seen_at,
      status: user.status,
      device_name,
      private_reading: user.private_reading,
    };
  }

  async findSessionById(id: number) {
    return this.tables.sessions.find((s) => s.id === id);
  }

  async updateSessionDeviceName(id: number, deviceName: string): Promise<void> {
    const session = await this.findSessionById(id);
    if (session) session.device_name = deviceName;
  }

  async touchSession(id: number, now: number, staleBefore: number): Promise<void> {
    const session = await this.findSessionById(id);
    if (session && session.last_seen_at < staleBefore) session.last_seen_at = now;
  }

  async revokeSession(id: number, now: number): Promise<boolean> {
    const session = await this.findSessionById(id);
    if (!session || session.revoked_at !== null) return false;
    session.revoked_at = now;
    return true;
  }

  /** Every session not revoked yet, expired ones too, as the SQL does. */
  async revokeUserSessions(userId: number, now: number, exceptId: number | null = null): Promise<number> {
    const open = this.tables.sessions.filter((s) => s.user_id === userId && s.revoked_at === null && s.id !== exceptId);
    for (const session of open) session.revoked_at = now;
    return open.length;
  }

  async countActiveSessions(userId: number, now: number): Promise<number> {
    return this.live(userId, now).length;
  }

  async listActiveSessions(userId: number, now: number): Promise<WebTokenRow[]> {
    return this.live(userId, now).sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  }

  private live(userId: number, now: number): WebTokenRow[] {
    return this.tables.sessions.filter((s) => s.user_id === userId && s.revoked_at === null && s.expires_at > now);
  }
}

export class InMemoryEmailTokenRepository implements RepositoryPort<EmailTokenRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async insertEmailToken(token: NewEmailToken): Promise<EmailTokenRow> {
    const row = { id: this.tables.nextId('email_token'), payload: '{}', used_at: null, ...token } as EmailTokenRow;
    this.tables.emailTokens.push(row);
    return row;
  }

  async findEmailTokenByHash(tokenHash: string) {
    return this.tables.emailTokens.find((t) => t.token_hash === tokenHash);
  }

  async consumeEmailToken(tokenHash: string, purpose: EmailTokenPurpose, now: number) {
    const row = this.tables.emailTokens.find(
      (t) => t.token_hash === tokenHash && t.purpose === purpose && t.used_at === null && t.expires_at > now,
    );
    if (row) row.used_at = now;
    return row;
  }

  async revokeUserEmailTokens(userId: number, purposes: readonly EmailTokenPurpose[], now: number): Promise<void> {
    for (const t of this.tables.emailTokens) {
      if (t.user_id === userId && purposes.includes(t.purpose) && t.used_at === null) t.used_at = now;
    }
  }

  async revokeEmailTokensByEmail(email: string, purpose: EmailTokenPurpose, now: number): Promise<void> {
    for (const t of this.tables.emailTokens) {
      if (t.email === email && t.purpose === purpose && t.used_at === null) t.used_at = now;
    }
  }
}

export class InMemoryConsentRepository implements RepositoryPort<ConsentRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async insertConsent(consent: NewConsent): Promise<ConsentRow> {
    const row = {
      id: this.tables.nextId('consent'),
      user_id: null,
      visitor_id: null,
      terms_of_service_minor: 0,
      terms_of_service_adult: 0,
      privacy_policy: 0,
      ...consent,
    } as ConsentRow;
    this.tables.consents.push(row);
    return row;
  }

  async findLatestConsentByUser(userId: number) {
    return this.tables.consents.filter((c) => c.user_id === userId).at(-1);
  }
}

/** The device columns' SQL defaults, as an insert leaves them. */
export const DEVICE_COLUMN_DEFAULTS = {
  device: '',
  platform: 3,
  os_version: '',
  locale: '',
  timezone: '',
  tablet: 0,
  regid: '',
  fcm_token: '',
  advertising_id: '',
  adjust_id: '',
  app_instance_id: '',
  ab_test_config: '',
} as const satisfies Partial<DeviceRow>;

export class InMemoryDeviceRepository implements RepositoryPort<DeviceRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async findDeviceByOriginalUuid(originalUuid: string) {
    return this.tables.devices.find((d) => d.original_uuid === originalUuid);
  }

  async findLatestDeviceByUser(userId: number) {
    return this.tables.devices.filter((d) => d.user_id === userId).sort((a, b) => b.updated_at - a.updated_at)[0];
  }

  async listDevicesByUser(userId: number) {
    return this.tables.devices.filter((d) => d.user_id === userId);
  }

  async insertDevice(device: NewDevice): Promise<DeviceRow> {
    const row = { id: this.tables.nextId('device'), ...DEVICE_COLUMN_DEFAULTS, ...device } as DeviceRow;
    this.tables.devices.push(row);
    return row;
  }

  async updateDevice(id: number, patch: DeviceUpdate): Promise<void> {
    const device = this.tables.devices.find((d) => d.id === id);
    if (device) Object.assign(device, patch);
  }
}

export class InMemoryChallengeRepository implements RepositoryPort<ChallengeRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async insertChallenge(challenge: NewChallenge): Promise<ChallengeRow> {
    const row = { id: this.tables.nextId('challenge'), key_id: null, used_at: null, ...challenge } as ChallengeRow;
    this.tables.challenges.push(row);
    return row;
  }

  async consumeChallenge(challenge: string, userId: number | null, keyId: string, now: number) {
    const row = this.tables.challenges.find(
      (c) =>
        c.challenge === challenge &&
        c.used_at === null &&
        c.expires_at > now &&
        (c.user_id === null || c.user_id === userId),
    );
    if (row) Object.assign(row, { used_at: now, key_id: keyId });
    return row;
  }
}

/** All-or-nothing like the database: the tables are restored when the work throws. */
export class InMemoryTransactions<Stores> {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly stores: Stores,
  ) {}

  async run<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
    const restore = this.tables.snapshot();
    try {
      return await work(this.stores);
    } catch (error) {
      restore();
      throw error;
    }
  }
}

/** TransactionRepository's transaction over the account repositories. */
export class InMemoryTransactionRepository
  extends InMemoryTransactions<TransactionalRepositories>
  implements RepositoryPort<TransactionRepository> {}

/**
 * The point ledger and balances with WalletRepository's semantics: lots with what is left of them,
 * conditional updates of a balance and of a lot that refuse to go below zero. `calls` records the
 * lock and the lot reads in order; `balanceDisagrees` makes the balance's update fail as if the row
 * disagreed with the lots.
 */
export class InMemoryWalletRepository implements WalletStore, WalletSource {
  calls: string[] = [];
  balanceDisagrees = false;

  constructor(private readonly tables: InMemoryTables) {}

  /** A reader's balance row (zeros without one). */
  balanceOf(userId: number): PointSplit {
    const row = this.tables.pointBalances.find((b) => b.user_id === userId);
    return { paid_point: row?.paid_point ?? 0, free_point: row?.free_point ?? 0 };
  }

  async lockWallet(userId: number): Promise<void> {
    this.calls.push('lock');
    this.balanceRow(userId);
  }

  async listOpenLots(userId: number): Promise<PointLot[]> {
    this.calls.push('lots');
    return this.tables.ledger
      .filter((e) => e.user_id === userId && (e.remaining ?? 0) > 0)
      .map((e) => ({
        id: e.id,
        kind: e.kind as PointLot['kind'],
        remaining: e.remaining ?? 0,
        expires_at: e.expires_at ?? null,
      }));
  }

  async listUsersWithDueLots(now: number, limit: number): Promise<number[]> {
    const due = this.tables.ledger.filter((e) => (e.remaining ?? 0) > 0 && e.expires_at != null && e.expires_at <= now);
    return [...new Set(due.map((e) => e.user_id))].slice(0, limit);
  }

  async addToBalance(userId: number, add: PointSplit): Promise<void> {
    const row = this.balanceRow(userId);
    row.paid_point += add.paid_point;
    row.free_point += add.free_point;
  }

  async takeFromBalance(userId: number, take: PointSplit): Promise<boolean> {
    const row = this.balanceRow(userId);
    if (this.balanceDisagrees || row.paid_point < take.paid_point || row.free_point < take.free_point) return false;
    row.paid_point -= take.paid_point;
    row.free_point -= take.free_point;
    return true;
  }

  async takeFromLot(lotId: number, amount: number): Promise<boolean> {
    const lot = this.tables.ledger.find((e) => e.id === lotId);
    if (!lot || (lot.remaining ?? 0) < amount) return false;
    lot.remaining = (lot.remaining ?? 0) - amount;
    return true;
  }

  async insertLedgerEntries(entries: readonly NewLedgerEntry[]): Promise<number[]> {
    return entries.map((entry) => {
      const id = this.tables.nextId('point_ledger');
      this.tables.ledger.push({ remaining: 0, ...entry, id });
      return id;
    });
  }

  private balanceRow(userId: number) {
    let row = this.tables.pointBalances.find((b) => b.user_id === userId);
    if (!row) {
      row = { user_id: userId, paid_point: 0, free_point: 0 };
      this.tables.pointBalances.push(row);
    }
    return row;
  }
}

/** Catalogue reads over the tables: released episodes (start_at <= now) in sort order, as the SQL does. */
export class InMemoryCatalogueRepository {
  constructor(private readonly tables: InMemoryTables) {}

  async listTitlesByIds(ids: readonly number[], now: number): Promise<TitleListing[]> {
    return [...new Set(ids)].flatMap((id) => {
      const title = this.tables.titles.find((t) => t.id === id);
      if (!title) return [];
      return [
        {
          title,
          genreIds: this.tables.titleGenres
            .filter((g) => g.title_id === id)
            .map((g) => g.genre_id)
            .sort((a, b) => a - b),
          authors: [],
          releasedEpisodes: this.released(id, now).map(({ id, sort_index, point, start_at, free_until_at }) => ({
            id,
            sort_index,
            point,
            start_at,
            free_until_at,
          })),
        },
      ];
    });
  }

  async listTagsByTitle(titleId: number): Promise<TagRow[]> {
    return this.tables.tags
      .filter((t) => t.title_id === titleId)
      .map(({ id, name_en, name_ja }) => ({ id, name_en, name_ja }));
  }

  async listWeeklyTitles(now: number) {
    return this.tables.titles
      .filter((t) => t.weekday_index !== null && t.published_at <= now)
      .map(({ id, weekday_index, published_at }) => ({ id, weekday_index, published_at }));
  }

  async listTitleIdsUpdatedBetween(from: number, to: number, now: number): Promise<number[]> {
    const latest = new Map<number, number>();
    for (const e of this.tables.episodes) {
      const title = this.tables.titles.find((t) => t.id === e.title_id);
      if (!title || title.published_at > now || e.start_at < from || e.start_at >= to || e.start_at > now) continue;
      latest.set(e.title_id, Math.max(latest.get(e.title_id) ?? 0, e.start_at));
    }
    return [...latest].sort(([a, x], [b, y]) => y - x || a - b).map(([id]) => id);
  }

  async listCampaignTitles(now: number) {
    return this.tables.titles
      .filter((t) => t.free_until_at !== null && t.free_until_at > now && t.published_at <= now)
      .map(({ id, free_until_at, campaign_text, campaign_text_ja, campaign_start_at, campaign_end_at }) => ({
        id,
        free_until_at,
        campaign_text,
        campaign_text_ja,
        campaign_start_at,
        campaign_end_at,
      }));
  }

  async listEpisodeFreeWindowTitles(now: number) {
    const ends = new Map<number, number>();
    for (const e of this.tables.episodes) {
      if (e.free_until_at === null || e.free_until_at <= now || e.start_at > now) continue;
      ends.set(e.title_id, Math.max(ends.get(e.title_id) ?? 0, e.free_until_at));
    }
    return [...ends].map(([title_id, free_until_at]) => ({ title_id, free_until_at }));
  }

  async findEpisodeById(id: number) {
    return this.tables.episodes.find((e) => e.id === id);
  }

  async listEpisodesByIds(ids: readonly number[], now: number): Promise<EpisodeRow[]> {
    return [...new Set(ids)].flatMap((id) => this.tables.episodes.filter((e) => e.id === id && e.start_at <= now));
  }

  async listEpisodesByTitle(titleId: number, now: number): Promise<EpisodeRow[]> {
    return this.released(titleId, now);
  }

  async listNextEpisodeStarts(titleIds: readonly number[], now: number) {
    return [...new Set(titleIds)].flatMap((title_id) => {
      const starts = this.tables.episodes
        .filter((e) => e.title_id === title_id && e.start_at > now)
        .map((e) => e.start_at);
      return starts.length ? [{ title_id, next_start_at: Math.min(...starts) }] : [];
    });
  }

  async findNextEpisode(titleId: number, sortIndex: number) {
    return this.tables.episodes
      .filter((e) => e.title_id === titleId && e.sort_index > sortIndex)
      .sort((a, b) => a.sort_index - b.sort_index || a.id - b.id)[0];
  }

  async listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]> {
    return this.tables.episodes
      .filter((e) => e.bonus_point > 0 && e.start_at <= now)
      .sort((a, b) => b.start_at - a.start_at || b.id - a.id)
      .slice(0, limit);
  }

  async listPagesByEpisode(episodeId: number): Promise<PageRow[]> {
    return this.tables.pages.filter((p) => p.episode_id === episodeId).sort((a, b) => a.page_number - b.page_number);
  }

  async listMagazinesByIds(ids: readonly number[]) {
    return this.tables.magazines.filter((m) => ids.includes(m.id));
  }

  async listMagazineCategories(): Promise<MagazineCategoryRow[]> {
    return this.tables.magazineCategories;
  }

  async listRankingTitleIds(rankingId: number, offset: number, limit: number): Promise<number[]> {
    return this.tables.rankingEntries
      .filter((r) => r.ranking_id === rankingId)
      .sort((a, b) => a.position - b.position)
      .slice(offset, offset + limit)
      .map((r) => r.title_id);
  }

  async incrementActivity(titleId: number, date: string, counter: string): Promise<void> {
    this.tables.views.push({ title_id: titleId, date, counter });
  }

  async upsertViewHistory(userId: number, titleId: number, episodeId: number, now: number): Promise<void> {
    const rows = this.tables.viewHistory.filter((v) => !(v.user_id === userId && v.title_id === titleId));
    this.tables.viewHistory = [...rows, { user_id: userId, title_id: titleId, episode_id: episodeId, viewed_at: now }];
  }

  async insertViewHistoryIfAbsent(userId: number, titleId: number, episodeId: number, now: number): Promise<void> {
    if (this.tables.viewHistory.some((v) => v.user_id === userId && v.title_id === titleId)) return;
    this.tables.viewHistory = [
      ...this.tables.viewHistory,
      { user_id: userId, title_id: titleId, episode_id: episodeId, viewed_at: now },
    ];
  }

  async upsertEpisodeView(userId: number, titleId: number, episodeId: number, now: number): Promise<void> {
    const seen = this.tables.episodeViews.find((v) => v.user_id === userId && v.episode_id === episodeId);
    if (seen) seen.last_viewed_at = now;
    else {
      this.tables.episodeViews.push({
        user_id: userId,
        title_id: titleId,
        episode_id: episodeId,
        first_viewed_at: now,
        last_viewed_at: now,
        finished_at: null,
        last_page: 0,
        last_device: '',
      });
    }
  }

  private released(titleId: number, now: number): EpisodeRow[] {
    return this.tables.episodes
      .filter((e) => e.title_id === titleId && e.start_at <= now)
      .sort((a, b) => a.sort_index - b.sort_index || a.id - b.id);
  }
}

/** What readers hold, as OwnershipRepository reads it: purchases, and rentals running at `now`. */
export class InMemoryOwnershipRepository implements RepositoryPort<OwnershipRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async listOwnership(userId: number, episodeIds: readonly number[], now: number) {
    const owned = new Map<number, EpisodeOwnershipRow>();
    for (const episodeId of new Set(episodeIds)) {
      const mine = (row: { user_id: number; episode_id: number }) =>
        row.user_id === userId && row.episode_id === episodeId;
      const purchased = this.tables.purchases.some(mine);
      const [rental] = this.tables.rentals
        .filter((row) => mine(row) && row.expires_at > now)
        .sort((a, b) => b.expires_at - a.expires_at);
      if (!purchased && !rental) continue;
      owned.set(episodeId, {
        purchased,
        ...(rental && {
          rentedUntil: rental.expires_at,
          rentalKind: rental.ticket_kind === 'premium' ? ('premium' as const) : ('title' as const),
        }),
      });
    }
    return owned;
  }
}

/** Failed logins in memory, with the repository's window semantics. */
export class InMemoryThrottleEventStore implements ThrottleEventStore {
  readonly rows: { scope: string; key: string; at: number }[] = [];

  async recordEvent(scope: string, key: string, now: number) {
    this.rows.push({ scope, key, at: now });
  }

  async summarizeEvents(scope: string, key: string, since: number) {
    const hits = this.rows.filter((r) => r.scope === scope && r.key === key && r.at > since).map((r) => r.at);
    return {
      count: hits.length,
      oldestAt: hits.length ? Math.min(...hits) : null,
      latestAt: hits.length ? Math.max(...hits) : null,
    };
  }

  async clearEvents(scope: string, key: string) {
    for (let i = this.rows.length - 1; i >= 0; i--) {
      if (this.rows[i]?.scope === scope && this.rows[i]?.key === key) this.rows.splice(i, 1);
    }
  }
}

/** Predictable tokens (`token-1`, `token-2`, …) and the real SHA-256, so tests can follow a token to its hash. */
export class SequentialCrypto implements SessionCrypto {
  private issued = 0;

  randomToken(): string {
    this.issued += 1;
    return `token-${this.issued}`;
  }

  sha256(value: string): string {
    return createHash('sha256').update(value, 'utf8').digest('hex');
  }
}

/** A password hash that is cheap and checkable: argon2id itself is the adapter's concern. */
export class PlainPasswordHasher {
  async hashPassword(password: string): Promise<string> {
    return `hashed:${password}`;
  }

  async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    return passwordHash === `hashed:${password}`;
  }
}

/** The account mails a service sent, newest last. */
export class RecordingMailer {
  readonly sent: AccountMail[] = [];
  readonly notices: { kind: NoticeMailKind; to: string; locale: string }[] = [];

  async send(mail: AccountMail): Promise<void> {
    this.sent.push(mail);
  }

  async sendNotice(notice: { kind: NoticeMailKind; to: string; locale: string }): Promise<void> {
    this.notices.push(notice);
  }

  /** The token of the last mail of `kind` (what the reader would click). */
  lastToken(kind: AccountMail['kind']): string {
    const mail = this.sent.filter((m) => m.kind === kind).at(-1);
    if (!mail) throw new Error(`no ${kind} mail was sent`);
    return mail.token;
  }
}

/** ReadingHistoryRepository over the view_history and episode_view rows. */
export class InMemoryReadingHistoryRepository implements RepositoryPort<ReadingHistoryRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  private viewed(userId: number): ViewedTitleRow[] {
    return this.tables.viewHistory
      .filter((h) => h.user_id === userId)
      .flatMap((h) => {
        const episode = this.tables.episodes.find((e) => e.id === h.episode_id);
        if (!episode) return [];
        const view = this.tables.episodeViews.find((v) => v.user_id === userId && v.episode_id === h.episode_id);
        return [
          {
            title_id: h.title_id,
            episode_id: h.episode_id,
            viewed_at: h.viewed_at,
            last_page: view?.last_page ?? 0,
            page_count: episode.page_count,
            finished_at: view?.finished_at ?? null,
            last_device: view?.last_device ?? '',
            page_left_at: view?.last_viewed_at ?? null,
          },
        ];
      })
      .sort((a, b) => b.viewed_at - a.viewed_at || a.title_id - b.title_id);
  }

  async listViewedTitles(userId: number, limit: number, offset: number): Promise<ViewedTitleRow[]> {
    return this.viewed(userId).slice(offset, offset + limit);
  }

  async findViewedTitle(userId: number, titleId: number): Promise<ViewedTitleRow | undefined> {
    return this.viewed(userId).find((row) => row.title_id === titleId);
  }

  private upsert(progress: EpisodeProgress, now: number, finished: boolean): void {
    const row = this.tables.episodeViews.find(
      (v) => v.user_id === progress.userId && v.episode_id === progress.episodeId,
    );
    const finishedAt = finished ? now : (row?.finished_at ?? null);
    const device = progress.device ?? '';
    if (row)
      Object.assign(row, {
        last_page: progress.page,
        last_device: device,
        last_viewed_at: now,
        finished_at: finishedAt,
      });
    else
      this.tables.episodeViews.push({
        user_id: progress.userId,
        title_id: progress.titleId,
        episode_id: progress.episodeId,
        first_viewed_at: now,
        last_viewed_at: now,
        finished_at: finishedAt,
        last_page: progress.page,
        last_device: device,
      });
  }

  async upsertLastPage(progress: EpisodeProgress, now: number): Promise<void> {
    this.upsert(progress, now, false);
  }

  async upsertFinished(progress: EpisodeProgress, now: number): Promise<void> {
    this.upsert(progress, now, true);
  }

  async findLastPage(userId: number, episodeId: number): Promise<number | undefined> {
    return this.tables.episodeViews.find((v) => v.user_id === userId && v.episode_id === episodeId)?.last_page;
  }

  async listEpisodeViews(userId: number, episodeIds: readonly number[]): Promise<EpisodeViewMark[]> {
    return this.tables.episodeViews
      .filter((v) => v.user_id === userId && episodeIds.includes(v.episode_id))
      .map((v) => ({ episode_id: v.episode_id, finished_at: v.finished_at }));
  }

  async countFinishedEpisodes(userId: number, titleId: number): Promise<number> {
    return this.tables.episodeViews.filter(
      (v) => v.user_id === userId && v.title_id === titleId && v.finished_at !== null,
    ).length;
  }

  async deleteViewedTitle(userId: number, titleId: number): Promise<void> {
    this.tables.viewHistory = this.tables.viewHistory.filter((h) => !(h.user_id === userId && h.title_id === titleId));
    for (const view of this.tables.episodeViews) {
      if (view.user_id === userId && view.title_id === titleId) view.last_page = 0;
    }
  }

  async deleteAllViewedTitles(userId: number): Promise<void> {
    this.tables.viewHistory = this.tables.viewHistory.filter((h) => h.user_id !== userId);
    for (const view of this.tables.episodeViews) {
      if (view.user_id === userId) view.last_page = 0;
    }
  }
}
