// The repository methods whose SQL is snapshotted in src/queries (architecture habit 5), each with
// representative arguments. The mapped types make the compiler require a case for every method of a
// listed repository that returns a Promise; a new Kysely repository gets its entry here.
// Arguments are literals, not test factories, so that the parameters in the snapshot never change.
import type { Kysely } from 'kysely';
import type { Database, NewEpisode, NewPage, NewTitle } from '#src/db/schema.ts';
import { AccountActivityRepository } from '#src/repositories/account-activity.repository.ts';
import { AdvertisementRepository } from '#src/repositories/advertisement.repository.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { BookmarkRepository } from '#src/repositories/bookmark.repository.ts';
import { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import { ChapterAlertRepository } from '#src/repositories/chapter-alert.repository.ts';
import { CommentRepository } from '#src/repositories/comment.repository.ts';
import { CommentModerationRepository } from '#src/repositories/comment-moderation.repository.ts';
import { ConsentRepository } from '#src/repositories/consent.repository.ts';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { DeviceRepository } from '#src/repositories/device.repository.ts';
import { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { FavoriteRepository } from '#src/repositories/favorite.repository.ts';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { IngestRepository } from '#src/repositories/ingest.repository.ts';
import { JobRepository } from '#src/repositories/job.repository.ts';
import { LedgerAuditRepository } from '#src/repositories/ledger-audit.repository.ts';
import { LoginBonusRepository } from '#src/repositories/login-bonus.repository.ts';
import { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import { OwnershipRepository } from '#src/repositories/ownership.repository.ts';
import { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import { RankingRepository } from '#src/repositories/ranking.repository.ts';
import { ReadingHistoryRepository } from '#src/repositories/reading-history.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { SupportRepository } from '#src/repositories/support.repository.ts';
import { TestCheckoutSessionRepository } from '#src/repositories/test-checkout-session.repository.ts';
import { ThrottleEventRepository } from '#src/repositories/throttle-event.repository.ts';
import { TicketRepository } from '#src/repositories/ticket.repository.ts';
import { TitleRepository, type TitleSearch } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { TopCurationRepository } from '#src/repositories/top-curation.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { WalletRepository } from '#src/repositories/wallet.repository.ts';
import type { SqlSnapshotCall, SqlSnapshotGroup } from '#test/sql-snapshot/sql-recorder.ts';

/** The clock of every case: 2026-11-22T00:00:00Z. */
const NOW = Date.UTC(2026, 10, 22);
const DAY_MS = 24 * 60 * 60 * 1000;

type Run<T> = (repository: T) => Promise<unknown>;

/** Public methods of `T` that return a Promise: the ones that can run a query. */
type QueryMethodName<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T] &
  string;

/** One call, or named variants when one call cannot show every statement (`{ all, 'by ids' }`). */
type MethodCase<T> = Run<T> | { readonly [variant: string]: Run<T> };

function repositoryCases<T>(
  file: string,
  Repository: new (db: Kysely<Database>) => T,
  cases: { readonly [K in QueryMethodName<T>]: MethodCase<T> },
): SqlSnapshotGroup {
  const calls = Object.entries<MethodCase<T>>(cases).flatMap(([method, methodCase]): SqlSnapshotCall[] => {
    const label = `${Repository.name}.${method}`;
    const variants: [string, Run<T>][] =
      typeof methodCase === 'function'
        ? [[label, methodCase]]
        : Object.entries(methodCase).map(([variant, run]) => [`${label} (${variant})`, run]);
    return variants.map(([variantLabel, run]) => ({ label: variantLabel, run: (db) => run(new Repository(db)) }));
  });
  return { file, calls };
}

const titleRow = (id: number): NewTitle => ({
  id,
  name_en: `Title ${id}`,
  name_ja: `タイトル${id}`,
  magazine_category_id: 1,
  weekday_index: 1,
  published_at: NOW - 7 * DAY_MS,
  created_at: NOW - 7 * DAY_MS,
  updated_at: NOW - 7 * DAY_MS,
});

const episodeRow = (id: number, titleId: number, sortIndex: number): NewEpisode => ({
  id,
  title_id: titleId,
  sort_index: sortIndex,
  name_en: `Episode ${sortIndex}`,
  name_ja: `第${sortIndex}話`,
  point: 30,
  start_at: NOW - DAY_MS,
  scramble_seed: 2_654_435_761,
  created_at: NOW - DAY_MS,
  updated_at: NOW - DAY_MS,
});

const pageRow = (episodeId: number, pageNumber: number): NewPage => ({
  episode_id: episodeId,
  page_number: pageNumber,
  width: 1280,
  height: 1810,
  bytes: 524_288,
  sha256: `${pageNumber}`.padStart(64, '0'),
  media_type: 'image/webp',
  storage_key: `episodes/${episodeId}/pages/${pageNumber}.webp`,
});

/** A title search of every order but the filters (the All ranking, 1000 ids). */
const search: TitleSearch = { filter: {}, order: 'popular', popularityRankingId: 12, limit: 1000, now: NOW };

/** Repositories in file-name order; each becomes src/queries/<file>.sqlite.sql and .postgres.sql. */
export const sqlSnapshotGroups: readonly SqlSnapshotGroup[] = [
  repositoryCases('account-activity', AccountActivityRepository, {
    sumPointBalance: (repository) => repository.sumPointBalance(1),
    findLastPaidPaymentAt: (repository) => repository.findLastPaidPaymentAt(1),
    countViewedTitlesSince: (repository) => repository.countViewedTitlesSince(1, NOW - 7 * DAY_MS),
    findLatestLoginBonus: (repository) => repository.findLatestLoginBonus(1),
  }),
  repositoryCases('advertisement', AdvertisementRepository, {
    listActiveAdvertisements: (repository) => repository.listActiveAdvertisements(1, NOW),
    findAdvertisementById: (repository) => repository.findAdvertisementById(1),
    incrementCounter: (repository) => repository.incrementCounter(1, 'click', '2026-11-22'),
  }),
  repositoryCases('audit-log', AuditLogRepository, {
    insertAuditLog: (repository) =>
      repository.insertAuditLog({
        actor_user_id: 1,
        action: 'comment.hide',
        target_type: 'comment',
        target_id: 7,
        reason: 'Spoils the ending.',
        created_at: NOW,
      }),
    findAuditByRequestKey: (repository) => repository.findAuditByRequestKey('7:grant-0001'),
    listAuditLog: (repository) => repository.listAuditLog(21, 0),
  }),
  repositoryCases('challenge', ChallengeRepository, {
    insertChallenge: (repository) =>
      repository.insertChallenge({
        user_id: 1,
        challenge: 'challenge-value',
        created_at: NOW,
        expires_at: NOW + 300_000,
      }),
    consumeChallenge: {
      'issued to a user': (repository) => repository.consumeChallenge('challenge-value', 1, 'key-id', NOW),
      anonymous: (repository) => repository.consumeChallenge('challenge-value', null, 'key-id', NOW),
    },
  }),
  repositoryCases('comment', CommentRepository, {
    findCommentById: (repository) => repository.findCommentById(7),
    listEpisodeComments: {
      'newest, guest': (repository) =>
        repository.listEpisodeComments({ episodeId: 100001, readerId: null, order: 'new', limit: 21, offset: 0 }),
      'most liked, reader': (repository) =>
        repository.listEpisodeComments({ episodeId: 100001, readerId: 1, order: 'popular', limit: 21, offset: 20 }),
    },
    listEpisodeCommentsByIds: (repository) => repository.listEpisodeCommentsByIds(100001, [7, 8], 1),
    listEpisodeCommentsAfter: (repository) => repository.listEpisodeCommentsAfter(100001, 7, 1, 21),
    listUserComments: (repository) => repository.listUserComments(1, 'old', 21, 0),
    countUserCommentsSince: (repository) => repository.countUserCommentsSince(1, NOW - 3_600_000),
    hasViewedEpisode: (repository) => repository.hasViewedEpisode(1, 100001),
    insertComment: (repository) =>
      repository.insertComment({ episode_id: 100001, user_id: 1, body: 'What a chapter!', created_at: NOW }),
    adjustEpisodeCommentNum: {
      up: (repository) => repository.adjustEpisodeCommentNum(100001, 1),
      down: (repository) => repository.adjustEpisodeCommentNum(100001, -1),
    },
    insertLike: (repository) => repository.insertLike(7, 2, NOW),
    deleteLike: (repository) => repository.deleteLike(7, 2),
    adjustLikeCount: {
      up: (repository) => repository.adjustLikeCount(7, 1),
      down: (repository) => repository.adjustLikeCount(7, -1),
    },
    listLikedCommentIds: (repository) => repository.listLikedCommentIds(2, 100001),
    insertMute: (repository) => repository.insertMute({ user_id: 2, muted_user_id: 1, comment_id: 7, created_at: NOW }),
    insertReport: (repository) => repository.insertReport(7, 2, NOW, { reason: 'spam', note: 'shop links' }),
    findSuspensionEnd: (repository) => repository.findSuspensionEnd(1),
    findLikeSeenAt: (repository) => repository.findLikeSeenAt(1),
    upsertLikeSeenAt: (repository) => repository.upsertLikeSeenAt(1, NOW),
    countLikesReceived: (repository) => repository.countLikesReceived(1, NOW - DAY_MS, NOW),
    listLikeNotices: (repository) => repository.listLikeNotices(1, NOW - DAY_MS, NOW, 100),
  }),
  repositoryCases('comment-moderation', CommentModerationRepository, {
    listReportedComments: {
      open: (repository) => repository.listReportedComments('open', 21, 0),
      hidden: (repository) => repository.listReportedComments('hidden', 21, 0),
      all: (repository) => repository.listReportedComments('all', 21, 20),
    },
    findModeratedComment: (repository) => repository.findModeratedComment(7),
    updateCommentStatus: (repository) => repository.updateCommentStatus(7, 'visible', 'hidden', NOW),
    markCommentReviewed: (repository) => repository.markCommentReviewed(7, 'visible', NOW),
    upsertSuspension: (repository) =>
      repository.upsertSuspension({
        user_id: 1,
        until_at: NOW + 7 * DAY_MS,
        reason: 'Repeated spoilers.',
        created_by: 2,
        created_at: NOW,
      }),
    deleteSuspension: (repository) => repository.deleteSuspension(1),
  }),
  repositoryCases('consent', ConsentRepository, {
    insertConsent: (repository) =>
      repository.insertConsent({
        user_id: 1,
        birthday: '2000-01',
        age_group: 'adult',
        terms_of_service_adult: 1,
        privacy_policy: 1,
        created_at: NOW,
      }),
    findLatestConsentByUser: (repository) => repository.findLatestConsentByUser(1),
  }),
  repositoryCases('database-health', DatabaseHealthRepository, {
    probeWrite: (repository) => repository.probeWrite(NOW),
  }),
  repositoryCases('device', DeviceRepository, {
    findDeviceByOriginalUuid: (repository) =>
      repository.findDeviceByOriginalUuid('0f8fad5b-d9cb-469f-a165-70867728950e'),
    findLatestDeviceByUser: (repository) => repository.findLatestDeviceByUser(1),
    listDevicesByUser: (repository) => repository.listDevicesByUser(1),
    insertDevice: (repository) =>
      repository.insertDevice({
        user_id: 1,
        original_uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
        device: 'Pixel 9',
        platform: 2,
        created_at: NOW,
        updated_at: NOW,
      }),
    updateDevice: (repository) => repository.updateDevice(1, { os_version: '15', updated_at: NOW }),
  }),
  repositoryCases('email-token', EmailTokenRepository, {
    insertEmailToken: (repository) =>
      repository.insertEmailToken({
        user_id: null,
        purpose: 'signup',
        token_hash: 'a'.repeat(64),
        email: 'reader@example.com',
        payload: '{}',
        created_at: NOW,
        expires_at: NOW + DAY_MS,
      }),
    findEmailTokenByHash: (repository) => repository.findEmailTokenByHash('a'.repeat(64)),
    consumeEmailToken: (repository) => repository.consumeEmailToken('a'.repeat(64), 'signup', NOW),
    revokeUserEmailTokens: (repository) =>
      repository.revokeUserEmailTokens(1, ['password_change', 'password_reset'], NOW),
    revokeEmailTokensByEmail: (repository) => repository.revokeEmailTokensByEmail('reader@example.com', 'signup', NOW),
  }),
  repositoryCases('episode', EpisodeRepository, {
    listEpisodesByIds: (repository) => repository.listEpisodesByIds([100001, 100002], NOW),
    listEpisodesByTitle: (repository) => repository.listEpisodesByTitle(10001, NOW),
    listNextEpisodeStarts: (repository) => repository.listNextEpisodeStarts([10001, 10002], NOW),
    findEpisodeById: (repository) => repository.findEpisodeById(100001),
    countEpisodes: (repository) => repository.countEpisodes(),
    insertEpisodes: (repository) =>
      repository.insertEpisodes([episodeRow(100001, 10001, 1), episodeRow(100002, 10001, 2)]),
    insertPages: (repository) => repository.insertPages([pageRow(100001, 1), pageRow(100001, 2)]),
    listPagesByEpisode: (repository) => repository.listPagesByEpisode(100001),
    listBonusEpisodes: (repository) => repository.listBonusEpisodes(NOW, 30),
    findNextEpisode: (repository) => repository.findNextEpisode(10001, 3),
  }),
  repositoryCases('genre', GenreRepository, {
    listGenres: (repository) => repository.listGenres(),
    listGenresByIds: (repository) => repository.listGenresByIds([1, 2]),
    upsertGenres: (repository) =>
      repository.upsertGenres([
        { id: 1, name_en: 'Action', name_ja: 'アクション', image_path: 'genres/1.webp', sort_order: 1 },
        { id: 2, name_en: 'Romance', name_ja: '恋愛', image_path: 'genres/2.webp', sort_order: 2 },
      ]),
    listGenreIdsInUse: (repository) => repository.listGenreIdsInUse(NOW),
  }),
  repositoryCases('ingest', IngestRepository, {
    hasTitle: (repository) => repository.hasTitle(10001),
    findEpisodeById: (repository) => repository.findEpisodeById(100001),
    nextSortIndex: (repository) => repository.nextSortIndex(10001),
    nextEpisodeId: (repository) => repository.nextEpisodeId(),
    listEpisodeStorageKeys: (repository) => repository.listEpisodeStorageKeys(100001),
    listEpisodesMissingLightTier: (repository) => repository.listEpisodesMissingLightTier(50),
    listPagesByEpisode: (repository) => repository.listPagesByEpisode(100001),
    recordLightTier: (repository) =>
      repository.recordLightTier(100001, [
        {
          page_number: 1,
          storage_key: 'episodes/100001/pages/1.webp',
          light_width: 576,
          light_height: 832,
          light_bytes: 40_000,
          light_storage_key: 'episodes/100001/s00000001/light/001.jpg',
        },
      ]),
    commitEpisode: {
      'new title and episode': (repository) =>
        repository.commitEpisode({
          title: titleRow(10001),
          episode: episodeRow(100001, 10001, 1),
          pages: [pageRow(100001, 1), pageRow(100001, 2)],
        }),
      'existing title': (repository) =>
        repository.commitEpisode({ episode: episodeRow(100002, 10001, 2), pages: [pageRow(100002, 1)] }),
      'with its audit row (console upload)': (repository) =>
        repository.commitEpisode({
          episode: episodeRow(100003, 10001, 3),
          pages: [pageRow(100003, 1)],
          audit: {
            actor_user_id: 1,
            action: 'episode.upload',
            target_type: 'episode',
            target_id: 100003,
            detail: '{}',
            created_at: NOW,
          },
        }),
    },
  }),
  repositoryCases('job', JobRepository, {
    claimJob: (repository) =>
      repository.claimJob('RebuildRankings', 'RebuildRankings:1959936', NOW, {
        owner: 'api-1:4242:9f8e7d6c',
        expiresAt: NOW + 60_000,
      }),
    renewLease: (repository) => repository.renewLease(1, { owner: 'api-1:4242:9f8e7d6c', expiresAt: NOW + 60_000 }),
    finishJob: (repository) => repository.finishJob(1, 'api-1:4242:9f8e7d6c', 'success', '', NOW),
    findLatestJob: (repository) => repository.findLatestJob('RebuildRankings'),
  }),
  repositoryCases('ledger-audit', LedgerAuditRepository, {
    listLedgerAnomalies: (repository) => repository.listLedgerAnomalies(),
  }),
  repositoryCases('login-bonus', LoginBonusRepository, {
    findLoginBonus: (repository) => repository.findLoginBonus(1, '2026-11-22'),
    insertLoginBonus: (repository) =>
      repository.insertLoginBonus({
        user_id: 1,
        bonus_date: '2026-11-22',
        days_in_row: 7,
        point: 30,
        premium_ticket_num: 1,
        created_at: NOW,
      }),
  }),
  repositoryCases('magazine', MagazineRepository, {
    listMagazinesByIds: (repository) => repository.listMagazinesByIds([1, 2]),
    listMagazineCategories: (repository) => repository.listMagazineCategories(),
    listSearchMagazineCategories: (repository) => repository.listSearchMagazineCategories(),
    listMagazines: {
      'by category': (repository) =>
        repository.listMagazines({ categoryId: 2, order: 'new', limit: 20, offset: 0, now: NOW }),
      'by ids': (repository) => repository.listMagazines({ ids: [1, 2], order: 'old', limit: 20, offset: 0, now: NOW }),
    },
    listEpisodeIdsByMagazines: (repository) => repository.listEpisodeIdsByMagazines([1, 2], NOW),
  }),
  repositoryCases('ng-word', NgWordRepository, {
    listNgWords: (repository) => repository.listNgWords(),
    insertNgWord: (repository) =>
      repository.insertNgWord({
        word: 'ネタバレ',
        normalized_word: 'ねたばれ',
        match_type: 'part',
        created_by: 2,
        created_at: NOW,
      }),
    deleteNgWord: (repository) => repository.deleteNgWord(3),
  }),
  repositoryCases('ownership', OwnershipRepository, {
    listOwnership: (repository) => repository.listOwnership(1, [200001, 200002], NOW),
  }),
  repositoryCases('purchase', PurchaseRepository, {
    listEpisodeSales: (repository) => repository.listEpisodeSales([200001, 200002], NOW),
    insertPurchases: (repository) =>
      repository.insertPurchases([
        { user_id: 1, episode_id: 200001, title_id: 10001, price: 40, paid_point: 30, free_point: 10, created_at: NOW },
        { user_id: 1, episode_id: 200002, title_id: 10001, price: 0, magazine_purchase_id: 1, created_at: NOW },
      ]),
    findMagazineSale: (repository) => repository.findMagazineSale(1),
    listMagazineEpisodes: (repository) => repository.listMagazineEpisodes(1),
    findMagazinePurchase: (repository) => repository.findMagazinePurchase(1, 1),
    insertMagazinePurchase: (repository) =>
      repository.insertMagazinePurchase({ user_id: 1, magazine_id: 1, price: 150, created_at: NOW }),
    listPurchasesNewestFirst: {
      first: (repository) => repository.listPurchasesNewestFirst(1, null, 500),
      next: (repository) => repository.listPurchasesNewestFirst(1, { created_at: NOW, id: 1200 }, 500),
    },
    countPurchasedTitles: (repository) => repository.countPurchasedTitles(1),
    listReservations: (repository) => repository.listReservations(1, NOW, 0, 20),
    listEpisodeLabels: (repository) => repository.listEpisodeLabels([200001, 200002]),
  }),
  repositoryCases('ranking', RankingRepository, {
    listRankingTabs: (repository) => repository.listRankingTabs(),
    listRankingTitleIds: (repository) => repository.listRankingTitleIds(12, 0, 21),
    findLatestComputedAt: (repository) => repository.findLatestComputedAt(),
    replaceRankingEntries: (repository) =>
      repository.replaceRankingEntries(
        [12, 13],
        [
          { ranking_id: 12, position: 1, title_id: 10001, score: 120.5, computed_at: NOW },
          { ranking_id: 12, position: 2, title_id: 10002, score: 80, computed_at: NOW },
        ],
      ),
  }),
  repositoryCases('support', SupportRepository, {
    listReadersByEmailPrefix: (repository) => repository.listReadersByEmailPrefix('reader_1@', 20),
    listPurchasesOfUser: (repository) => repository.listPurchasesOfUser(1, 21, 0),
  }),
  repositoryCases('session', SessionRepository, {
    insertSession: (repository) =>
      repository.insertSession({
        user_id: 1,
        token_hash: 'c'.repeat(64),
        device_name: 'Chrome on macOS',
        platform: 3,
        created_at: NOW,
        last_seen_at: NOW,
        expires_at: NOW + 30 * DAY_MS,
      }),
    findSessionByTokenHash: (repository) => repository.findSessionByTokenHash('c'.repeat(64)),
    findSessionById: (repository) => repository.findSessionById(1),
    updateSessionDeviceName: (repository) => repository.updateSessionDeviceName(1, 'My tablet'),
    touchSession: (repository) => repository.touchSession(1, NOW, NOW - 300_000),
    revokeSession: (repository) => repository.revokeSession(1, NOW),
    revokeUserSessions: {
      all: (repository) => repository.revokeUserSessions(1, NOW),
      'except one': (repository) => repository.revokeUserSessions(1, NOW, 2),
    },
    countActiveSessions: (repository) => repository.countActiveSessions(1, NOW),
    listActiveSessions: (repository) => repository.listActiveSessions(1, NOW),
  }),
  repositoryCases('setting', SettingRepository, {
    findSetting: (repository) => repository.findSetting('maintenance'),
    upsertSetting: (repository) => repository.upsertSetting('maintenance', '{"enabled":false}', NOW),
  }),
  repositoryCases('test-checkout-session', TestCheckoutSessionRepository, {
    insertSession: (repository) =>
      repository.insertSession({
        id: 'cs_test_0001',
        payment_id: 1,
        user_id: 1,
        mode: 'payment',
        product_id: 2,
        product_name: '500 points',
        currency: 'usd',
        price_minor: 499,
        success_url: 'http://localhost:3000/my/shop/result?status=1&payment_id=1&return=%2Fmy%2Fshop',
        cancel_url: 'http://localhost:3000/my/shop/result?status=2&payment_id=1&return=%2Fmy%2Fshop',
        status: 'open',
        created_at: NOW,
      }),
    findSession: (repository) => repository.findSession('cs_test_0001'),
    finishSession: (repository) => repository.finishSession('cs_test_0001', 'complete'),
  }),
  repositoryCases('throttle-event', ThrottleEventRepository, {
    recordEvent: (repository) => repository.recordEvent('login_account_client', 'b'.repeat(64), NOW, NOW - 15 * 60_000),
    summarizeEvents: (repository) => repository.summarizeEvents('login_client', 'b'.repeat(64), NOW - 15 * 60_000),
    clearEvents: (repository) => repository.clearEvents('login_account_client', 'b'.repeat(64)),
  }),
  repositoryCases('ticket', TicketRepository, {
    listTicketTitles: (repository) => repository.listTicketTitles([10001, 10002], NOW),
    listReleasedEpisodes: (repository) => repository.listReleasedEpisodes([10001, 10002], NOW),
    listTitleTickets: (repository) => repository.listTitleTickets(1, [10001, 10002]),
    findFirstRentalEndAfter: (repository) => repository.findFirstRentalEndAfter(1, 10001, NOW),
    upsertTitleTicket: (repository) =>
      repository.upsertTitleTicket({
        user_id: 1,
        title_id: 10001,
        own_num: 0,
        ticket_version: 1,
        last_recovered_at: NOW,
      }),
    listUsablePremiumTickets: (repository) => repository.listUsablePremiumTickets(1, NOW),
    usePremiumTicket: (repository) => repository.usePremiumTicket(1, 200001, NOW),
    insertPremiumTickets: (repository) =>
      repository.insertPremiumTickets([
        { user_id: 1, source: 'login_bonus', granted_at: NOW, expires_at: NOW + 7 * DAY_MS },
      ]),
    insertRental: (repository) =>
      repository.insertRental({
        user_id: 1,
        episode_id: 200001,
        title_id: 10001,
        ticket_kind: 'title',
        ticket_type: 1,
        ticket_version: 1,
        started_at: NOW,
        expires_at: NOW + 3 * DAY_MS,
      }),
    listTicketMovements: (repository) => repository.listTicketMovements(1, NOW, 0, 20),
  }),
  repositoryCases('title-activity', TitleActivityRepository, {
    incrementActivity: (repository) => repository.incrementActivity(10001, '2026-11-22', 'views'),
    listActivitySince: (repository) => repository.listActivitySince('2026-11-15'),
    listRecentlyViewedTitleIds: (repository) => repository.listRecentlyViewedTitleIds(1, 20),
    upsertViewHistory: (repository) => repository.upsertViewHistory(1, 10001, 100001, NOW),
    insertViewHistoryIfAbsent: (repository) => repository.insertViewHistoryIfAbsent(1, 10001, 100001, NOW),
    upsertEpisodeView: (repository) => repository.upsertEpisodeView(1, 10001, 100001, NOW),
  }),
  repositoryCases('chapter-alert', ChapterAlertRepository, {
    listDueAlertReaders: (repository) => repository.listDueAlertReaders(NOW, NOW - DAY_MS, 500),
    listAlertChapters: (repository) => repository.listAlertChapters(1, NOW, 200),
    claimAlerts: (repository) => repository.claimAlerts(1, [200001, 200002], NOW),
    finishAlerts: (repository) => repository.finishAlerts(1, [200001, 200002], NOW),
    releaseAlerts: (repository) => repository.releaseAlerts(1, [200001, 200002]),
    listNewChapters: (repository) => repository.listNewChapters(1, NOW - DAY_MS, NOW, 200),
    listMutedTitleIds: (repository) => repository.listMutedTitleIds(1),
    updateTitleAlert: (repository) => repository.updateTitleAlert(1, 10001, 0),
  }),
  repositoryCases('favorite', FavoriteRepository, {
    listFavoriteTitles: (repository) => repository.listFavoriteTitles(1, 100, 0, NOW),
    countFavoriteTitles: (repository) => repository.countFavoriteTitles(1),
    listFavoriteTitleIds: (repository) => repository.listFavoriteTitleIds(1, [10001, 10002]),
    insertFavoriteTitle: (repository) => repository.insertFavoriteTitle(1, 10001, NOW, 100),
    deleteFavoriteTitle: (repository) => repository.deleteFavoriteTitle(1, 10001),
  }),
  repositoryCases('bookmark', BookmarkRepository, {
    listBookmarks: (repository) => repository.listBookmarks(1, 500, 0),
    listBookmarksByTitle: (repository) => repository.listBookmarksByTitle(1, 10001, 500, 0),
    findBookmark: (repository) => repository.findBookmark(1, 1),
    findBookmarkByPage: (repository) => repository.findBookmarkByPage(1, 100001, 3),
    countBookmarks: (repository) => repository.countBookmarks(1),
    upsertBookmark: (repository) =>
      repository.upsertBookmark({ userId: 1, titleId: 10001, episodeId: 100001, page: 3, note: 'the duel' }, NOW, 500),
    updateBookmarkNote: (repository) => repository.updateBookmarkNote(1, 1, 'a new note', NOW),
    deleteBookmark: (repository) => repository.deleteBookmark(1, 1),
  }),
  repositoryCases('reading-history', ReadingHistoryRepository, {
    listViewedTitles: (repository) => repository.listViewedTitles(1, 20, 0),
    findViewedTitle: (repository) => repository.findViewedTitle(1, 10001),
    listEpisodeViews: (repository) => repository.listEpisodeViews(1, [100001, 100002]),
    findLastPage: (repository) => repository.findLastPage(1, 100001),
    upsertLastPage: (repository) =>
      repository.upsertLastPage({ userId: 1, titleId: 10001, episodeId: 100001, page: 7 }, NOW),
    upsertFinished: (repository) =>
      repository.upsertFinished({ userId: 1, titleId: 10001, episodeId: 100001, page: 16 }, NOW),
    countFinishedEpisodes: (repository) => repository.countFinishedEpisodes(1, 10001),
    deleteViewedTitle: (repository) => repository.deleteViewedTitle(1, 10001),
    deleteAllViewedTitles: (repository) => repository.deleteAllViewedTitles(1),
  }),
  repositoryCases('title', TitleRepository, {
    listTitlesByIds: (repository) => repository.listTitlesByIds([10001, 10002], NOW),
    searchTitleIds: {
      'keyword, popular': (repository) =>
        repository.searchTitleIds({ ...search, filter: { text: 'あおいみなと' }, order: 'popular' }),
      'every filter, updated': (repository) =>
        repository.searchTitleIds({
          ...search,
          filter: {
            text: 'harbor',
            author: 'Mori',
            genreId: 1,
            tagId: 2,
            magazineCategoryId: 2,
            publishCategory: 1,
            freeCampaignAt: NOW,
          },
          order: 'updated',
        }),
      new: (repository) => repository.searchTitleIds({ ...search, order: 'new' }),
      'name en': (repository) => repository.searchTitleIds({ ...search, order: 'name_en' }),
      'name ja': (repository) => repository.searchTitleIds({ ...search, order: 'name_ja' }),
    },
    listWeeklyTitles: (repository) => repository.listWeeklyTitles(NOW),
    listTitleIdsUpdatedBetween: (repository) => repository.listTitleIdsUpdatedBetween(NOW - DAY_MS, NOW, NOW),
    listCampaignTitles: (repository) => repository.listCampaignTitles(NOW),
    listEpisodeFreeWindowTitles: (repository) => repository.listEpisodeFreeWindowTitles(NOW),
    listTitleSearchEntries: (repository) => repository.listTitleSearchEntries(NOW),
    listPublishedTitleIds: (repository) => repository.listPublishedTitleIds(NOW),
    listTitleGenreLinks: (repository) => repository.listTitleGenreLinks(),
    listTagsByTitle: (repository) => repository.listTagsByTitle(10001),
    countTitles: (repository) => repository.countTitles(),
    insertTitles: (repository) => repository.insertTitles([titleRow(10001), titleRow(10002)]),
    insertTitleGenres: (repository) =>
      repository.insertTitleGenres([
        { title_id: 10001, genre_id: 1 },
        { title_id: 10001, genre_id: 2 },
      ]),
    insertAuthors: (repository) =>
      repository.insertAuthors([
        { name_en: 'Aoi Sato', name_ja: '佐藤葵' },
        { name_en: 'Ren Kato', name_ja: '加藤蓮' },
      ]),
    insertTitleAuthors: (repository) =>
      repository.insertTitleAuthors([
        { title_id: 10001, author_id: 1, role: 'story', position: 1 },
        { title_id: 10001, author_id: 2, role: 'art', position: 2 },
      ]),
  }),
  repositoryCases('top-curation', TopCurationRepository, {
    listPicks: (repository) => repository.listPicks(),
    listActivePicks: (repository) => repository.listActivePicks(1, NOW),
    findPick: (repository) => repository.findPick(1),
    insertPick: (repository) =>
      repository.insertPick({ kind: 1, target_id: 10001, position: 1, start_at: null, end_at: NOW, created_at: NOW }),
    deletePick: (repository) => repository.deletePick(1),
    setPickPosition: (repository) => repository.setPickPosition(1, 2),
    listAdvertisements: (repository) => repository.listAdvertisements(1),
    findAdvertisement: (repository) => repository.findAdvertisement(1),
    insertAdvertisement: (repository) =>
      repository.insertAdvertisement({ type: 1, link_url: '/ranking', alt_text: 'Sale', start_at: NOW }),
    updateAdvertisement: (repository) => repository.updateAdvertisement(1, { image_path: 'banners/1-00000001.webp' }),
    deleteAdvertisement: (repository) => repository.deleteAdvertisement(1),
    listCampaignTitles: (repository) => repository.listCampaignTitles(),
    findCampaignTitle: (repository) => repository.findCampaignTitle(10001),
    updateCampaign: (repository) =>
      repository.updateCampaign(
        10001,
        { campaign_text: 'Free', campaign_text_ja: '無料', campaign_start_at: NOW, campaign_end_at: null },
        NOW,
      ),
    listTitles: (repository) => repository.listTitles([10001, 10002]),
    listEpisodes: (repository) => repository.listEpisodes([1, 2]),
    insertAuditLog: (repository) =>
      repository.insertAuditLog({
        actor_user_id: 1,
        action: 'top_pick.add',
        target_type: 'top_pick',
        target_id: 1,
        created_at: NOW,
      }),
  }),
  repositoryCases('user', UserRepository, {
    findUserById: (repository) => repository.findUserById(1),
    findHashKeyByUserId: (repository) => repository.findHashKeyByUserId(1),
    findUserByEmail: (repository) => repository.findUserByEmail('reader@example.com'),
    insertUser: (repository) =>
      repository.insertUser({
        email: 'reader@example.com',
        password_hash: '$argon2id$…',
        hash_key: 'hash-key',
        created_at: NOW,
        updated_at: NOW,
      }),
    updateUser: (repository) => repository.updateUser(1, { email: 'new@example.com', updated_at: NOW }),
    updateUserWithStatus: (repository) =>
      repository.updateUserWithStatus(1, 'active', { status: 'resigned', resigned_at: NOW, updated_at: NOW }),
    updateNickname: (repository) =>
      repository.updateNickname(
        1,
        { nickname: 'Mika', nickname_key: 'mika', nickname_changed_at: NOW, updated_at: NOW },
        NOW - 7 * 86_400_000,
      ),
    lockUser: (repository) => repository.lockUser(1),
  }),
  repositoryCases('user-role', UserRoleRepository, {
    listRolesOf: (repository) => repository.listRolesOf(1),
    listRoleRows: (repository) => repository.listRoleRows(),
    lockRoleHolders: (repository) => repository.lockRoleHolders('admin'),
    insertRole: (repository) => repository.insertRole(1, 'moderator', NOW),
    deleteRole: (repository) => repository.deleteRole(1, 'moderator'),
    listRoleHolders: (repository) => repository.listRoleHolders('moderator'),
  }),
  repositoryCases('wallet', WalletRepository, {
    lockWallet: (repository) => repository.lockWallet(1, NOW),
    findBalance: (repository) => repository.findBalance(1),
    listOpenLots: (repository) => repository.listOpenLots(1),
    addToBalance: (repository) => repository.addToBalance(1, { paid_point: 0, free_point: 10 }, NOW),
    takeFromBalance: (repository) => repository.takeFromBalance(1, { paid_point: 30, free_point: 10 }, NOW),
    takeFromLot: (repository) => repository.takeFromLot(1, 10),
    insertLedgerEntries: (repository) =>
      repository.insertLedgerEntries([
        {
          user_id: 1,
          kind: 'free',
          delta: -10,
          reason: 'episode_paid',
          reference_type: 'episode',
          reference_id: '200001',
          created_at: NOW,
        },
        {
          user_id: 1,
          kind: 'paid',
          delta: -30,
          reason: 'episode_paid',
          reference_type: 'episode',
          reference_id: '200001',
          created_at: NOW,
        },
      ]),
    listUsersWithDueLots: (repository) => repository.listUsersWithDueLots(NOW, 200),
    listLedgerEntries: {
      page: (repository) => repository.listLedgerEntries(1, { offset: 0, limit: 20 }),
      before: (repository) => repository.listLedgerEntries(1, { before: NOW, limit: 20 }),
      'one second': (repository) => repository.listLedgerEntries(1, { from: NOW - 1000, to: NOW }),
    },
  }),
];
