// Buying with points (ADR 014): one episode, a bulk of episodes (with point back), a magazine issue;
// an episode's status for the reader; purchased titles and reservations. Every purchase runs in one
// transaction with its debit (WalletService.open → spend), so a crash or a refusal leaves nothing
// half-done, and the unique (user, episode) purchase makes replays and double submits spend once.
// What may be bought is EntitlementService's answer (released, not free, not held, the title's
// rating), decided inside that transaction after the reader's lock.

import type { Locale } from '@manga/contracts';
import {
  bulkPointBack,
  type EpisodePaidBulkRequest,
  type EpisodePaidRequest,
  type EpisodeStatusQuery,
  type MagazinePaidRequest,
  PointReason,
  ResponseCode,
  type Title,
} from '@manga/contracts';
import { toEpisodeAccessFields, toRentalFinishTime } from '#src/mappers/episode-access.mapper.ts';
import { toPurchasedTitleResponse, toReservationResponse } from '#src/mappers/purchase.mapper.ts';
import type {
  EpisodeSaleRow,
  MagazineSaleRow,
  NewMagazinePurchase,
  NewPurchase,
  PurchaseStepRow,
  ReservationRow,
} from '#src/repositories/purchase.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DuplicatePurchaseError } from '#src/rules/conflict.error.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { isTitlePublished, type Reader } from '#src/rules/entitlement.rules.ts';
import { MAX_PERSONAL_ITEMS_PER_PAGE, type Paging, pageOf } from '#src/rules/paging.rules.ts';
import { ageRefusal, placedSale, saleRefusal } from '#src/rules/sale.rules.ts';
import { FREE_POINT_LIFETIME_MS } from '#src/rules/wallet.rules.ts';
import { wireDate } from '#src/rules/wire-calendar.rules.ts';
import type {
  EntitlementService,
  EntitlementUserSource,
  EpisodeOwnershipSource,
} from '#src/services/entitlement.service.ts';
import { NO_OUTCOME_EVENTS, type OutcomeEvents } from '#src/services/outcome-events.service.ts';
import type { WalletService, WalletStore } from '#src/services/wallet.service.ts';

/** Who buys: the session, and the reader whose age and holdings decide what may be bought. */
export interface PurchaseCaller {
  auth: RequestAuth;
  reader: Reader;
}

export interface EpisodeSaleSource {
  listEpisodeSales(ids: readonly number[], now: number): Promise<EpisodeSaleRow[]>;
}

/** The purchase writes, bound to a transaction. */
export interface PurchaseStore {
  insertPurchases(purchases: readonly NewPurchase[]): Promise<void>;
  findMagazinePurchase(userId: number, magazineId: number): Promise<{ id: number } | undefined>;
  insertMagazinePurchase(purchase: NewMagazinePurchase): Promise<number>;
}

export interface PurchaseStores {
  wallet: WalletStore;
  purchases: PurchaseStore;
  /** What the reader holds and their birthday, read inside the transaction (EntitlementService decides with them). */
  ownership: EpisodeOwnershipSource;
  users: EntitlementUserSource;
  titleActivity: { incrementActivity(titleId: number, date: string, counter: 'purchases'): Promise<void> };
}

export interface PurchaseTransactions {
  run<T>(work: (stores: PurchaseStores) => Promise<T>): Promise<T>;
}

export interface PurchaseSource extends EpisodeSaleSource {
  findMagazineSale(magazineId: number): Promise<MagazineSaleRow | undefined>;
  listMagazineEpisodes(magazineId: number): Promise<{ id: number; title_id: number }[]>;
  listPurchasesNewestFirst(
    userId: number,
    after: { created_at: number; id: number } | null,
    limit: number,
  ): Promise<PurchaseStepRow[]>;
  countPurchasedTitles(userId: number): Promise<number>;
  listReservations(userId: number, now: number, offset: number, limit: number): Promise<ReservationRow[]>;
}

/** The catalogue's cached Title objects (name, cover, first episode). */
export interface TitleCards {
  listTitles(ids: readonly number[], ctx: { locale: Locale }): Promise<Title[]>;
}

/** Whether the reader's tickets can rent an episode now (TicketService). */
export interface TicketAvailability {
  getRentability(userId: number, sale: EpisodeSaleRow, now: number): Promise<{ title: boolean; premium: boolean }>;
}

export interface PurchaseLog {
  info(details: object, message: string): void;
}

export interface PurchaseServiceOptions {
  purchases: PurchaseSource;
  entitlement: Pick<EntitlementService, 'decidePlacedEpisodeAccess'>;
  transactions: PurchaseTransactions;
  wallet: WalletService;
  titles: TitleCards;
  tickets: TicketAvailability;
  clock: { now(): number };
  timeZone: string;
  log?: PurchaseLog;
  /** Told each purchase's outcome (metrics). */
  events?: OutcomeEvents;
}

/** Purchases read per step when walking a reader's history for purchased titles. */
const PURCHASE_WALK_MIN_STEP = 50;
const PURCHASE_WALK_MAX_STEP = 5000;

const SINGLE_SALE_MESSAGE = 'This chapter is not sold on its own.';
const MAGAZINE_NOT_FOUND_MESSAGE = 'Magazine issue not found.';
const MAGAZINE_NOT_ON_SALE_MESSAGE = 'This magazine issue is not on sale.';
const MAGAZINE_OWNED_MESSAGE = 'You already own this magazine issue.';

export class PurchaseService {
  constructor(private readonly options: PurchaseServiceOptions) {}

  private get events(): OutcomeEvents {
    return this.options.events ?? NO_OUTCOME_EVENTS;
  }

  /**
   * POST /episode/paid. Order: login (2011), episode (3100), sold alone (3101); then in the
   * transaction, as EntitlementService answers: released and not free (3101), not bought or rented
   * (3102), the title's rating (2016); price = check_point (3111), enough points (3110). Answers the
   * balance left and the price paid.
   */
  async buyEpisode(caller: PurchaseCaller, request: EpisodePaidRequest) {
    return this.events.track({ event: 'purchase', kind: 'episode' }, () => this.buyEpisodeNow(caller, request));
  }

  private async buyEpisodeNow({ auth, reader }: PurchaseCaller, request: EpisodePaidRequest) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const row = await this.episodeOf(request.episode_id, now);
    if (row.single_sale_enabled !== 1) throw new DomainError(ResponseCode.EpisodeCannotBuy, SINGLE_SALE_MESSAGE);
    const price = row.point;
    const result = await this.options.transactions.run(async (stores) => {
      const wallet = await this.options.wallet.open(stores.wallet, user.userId, now);
      await this.requireForSale(reader, [row], now, stores);
      if (request.check_point !== price) throw new DomainError(ResponseCode.PriceMismatch);
      const [split] = await wallet.spend([
        { amount: price, reason: PointReason.EpisodePaid, referenceType: 'episode', referenceId: String(row.id) },
      ]);
      await insertPurchases(stores.purchases, [purchaseOf(user.userId, row, price, split, now)]);
      await stores.titleActivity.incrementActivity(row.title_id, wireDate(now, this.options.timeZone), 'purchases');
      return { account_point: wallet.total(), paid_point: price };
    });
    this.options.log?.info({ userId: user.userId, episodeId: row.id, price }, 'Bought episode');
    return result;
  }

  /**
   * POST /episode/paid/bulk: every episode or none. paid_point must be the sum of the current prices
   * and point_back the point back that sum earns (bulkPointBack), else 3111; the point back is
   * credited as free points after the debit.
   */
  async buyEpisodes(caller: PurchaseCaller, request: EpisodePaidBulkRequest) {
    return this.events.track({ event: 'purchase', kind: 'episodes' }, () => this.buyEpisodesNow(caller, request));
  }

  private async buyEpisodesNow({ auth, reader }: PurchaseCaller, request: EpisodePaidBulkRequest) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const sales = (await this.episodesOf(request.episode_id_list, now)).map((row) => ({ row, price: row.point }));
    const total = sales.reduce((sum, sale) => sum + sale.price, 0);
    const pointBack = bulkPointBack(total);
    const result = await this.options.transactions.run(async (stores) => {
      const wallet = await this.options.wallet.open(stores.wallet, user.userId, now);
      await this.requireForSale(
        reader,
        sales.map((sale) => sale.row),
        now,
        stores,
      );
      if (request.paid_point !== total || request.point_back !== pointBack) {
        throw new DomainError(ResponseCode.PriceMismatch);
      }
      const splits = await wallet.spend(
        sales.map(({ row, price }) => ({
          amount: price,
          reason: PointReason.EpisodePaid,
          referenceType: 'episode',
          referenceId: String(row.id),
        })),
      );
      await insertPurchases(
        stores.purchases,
        sales.map(({ row, price }, index) => purchaseOf(user.userId, row, price, splits[index], now)),
      );
      if (pointBack > 0) {
        await wallet.credit({
          kind: 'free',
          amount: pointBack,
          reason: PointReason.PointBack,
          referenceType: 'episode_bulk',
          referenceId: String(sales[0]?.row.id ?? ''),
          expiresAt: now + FREE_POINT_LIFETIME_MS.pointBack,
        });
      }
      const date = wireDate(now, this.options.timeZone);
      for (const { row } of sales) await stores.titleActivity.incrementActivity(row.title_id, date, 'purchases');
      return { account_point: wallet.total(), paid_point: total, earned_point_back: pointBack };
    });
    this.options.log?.info(
      { userId: user.userId, episodes: sales.length, total, pointBack },
      'Bought episodes in bulk',
    );
    return result;
  }

  /**
   * POST /magazine/paid: the issue at its current price (paid_point, else 3111); its episodes the
   * reader has not bought become purchases of the issue. 3101 when not on sale or empty; 3102 when
   * the issue, or every episode of it, is owned already; 2016 when the rating of any title in it does
   * not admit the reader.
   */
  async buyMagazine(caller: PurchaseCaller, request: MagazinePaidRequest) {
    return this.events.track({ event: 'purchase', kind: 'magazine' }, () => this.buyMagazineNow(caller, request));
  }

  private async buyMagazineNow({ auth, reader }: PurchaseCaller, request: MagazinePaidRequest) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const magazine = await this.options.purchases.findMagazineSale(request.magazine_id);
    if (!magazine || magazine.start_at > now) {
      throw new DomainError(ResponseCode.EpisodeCannotBuy, MAGAZINE_NOT_FOUND_MESSAGE);
    }
    const listed = await this.options.purchases.listMagazineEpisodes(magazine.id);
    if (magazine.point <= 0 || magazine.is_purchase !== 1 || listed.length === 0) {
      throw new DomainError(ResponseCode.EpisodeCannotBuy, MAGAZINE_NOT_ON_SALE_MESSAGE);
    }
    const episodes = await this.options.purchases.listEpisodeSales(
      listed.map((episode) => episode.id),
      now,
    );
    const result = await this.options.transactions.run(async (stores) => {
      const wallet = await this.options.wallet.open(stores.wallet, user.userId, now);
      if (await stores.purchases.findMagazinePurchase(user.userId, magazine.id)) {
        throw new DomainError(ResponseCode.EpisodeAlreadyPurchased, MAGAZINE_OWNED_MESSAGE);
      }
      const access = await this.options.entitlement.decidePlacedEpisodeAccess(reader, episodes.map(placedSale), now, {
        ownership: stores.ownership,
        users: stores.users,
      });
      const refusal = ageRefusal(access);
      if (refusal) throw refusal;
      const unlocked = episodes.filter((_, index) => access[index]?.entitlement !== 'purchased');
      if (unlocked.length === 0) throw new DomainError(ResponseCode.EpisodeAlreadyPurchased, MAGAZINE_OWNED_MESSAGE);
      if (request.paid_point !== magazine.point) throw new DomainError(ResponseCode.PriceMismatch);
      await wallet.spend([
        {
          amount: magazine.point,
          reason: PointReason.MagazinePaid,
          referenceType: 'magazine',
          referenceId: String(magazine.id),
        },
      ]);
      const magazinePurchaseId = await insertMagazinePurchase(stores.purchases, {
        user_id: user.userId,
        magazine_id: magazine.id,
        price: magazine.point,
        created_at: now,
      });
      await insertPurchases(
        stores.purchases,
        unlocked.map((episode) => ({
          user_id: user.userId,
          episode_id: episode.id,
          title_id: episode.title_id,
          price: 0,
          magazine_purchase_id: magazinePurchaseId,
          created_at: now,
        })),
      );
      const date = wireDate(now, this.options.timeZone);
      for (const titleId of new Set(unlocked.map((e) => e.title_id))) {
        await stores.titleActivity.incrementActivity(titleId, date, 'purchases');
      }
      return { account_point: wallet.total(), paid_point: magazine.point };
    });
    this.options.log?.info(
      { userId: user.userId, magazineId: magazine.id, price: magazine.point },
      'Bought magazine issue',
    );
    return result;
  }

  /** GET /episode/status: badge, price (and whether it changed from check_point), what the reader can do. */
  async getEpisodeStatus({ auth, reader }: PurchaseCaller, query: EpisodeStatusQuery) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const row = await this.episodeOf(query.episode_id, now);
    const [[access], balance] = await Promise.all([
      this.options.entitlement.decidePlacedEpisodeAccess(reader, [placedSale(row)], now),
      this.options.wallet.getBalance(user.userId, now),
    ]);
    if (!access) throw new DomainError(ResponseCode.EpisodeNotFound);
    const shown = toEpisodeAccessFields(access, row.point);
    const forSale = saleRefusal([access], ResponseCode.EpisodeCannotBuy) === undefined;
    const total = balance.paid_point + balance.free_point;
    const rentable = forSale
      ? await this.options.tickets.getRentability(user.userId, row, now)
      : { title: false, premium: false };
    return {
      episode_id: row.id,
      title_id: row.title_id,
      badge: shown.badge,
      point: shown.point,
      is_point_changed: query.check_point !== undefined && query.check_point !== shown.point ? 1 : 0,
      rental_finish_time: toRentalFinishTime(access, this.options.timeZone),
      is_purchasable: forSale && row.single_sale_enabled === 1 && total >= shown.point ? 1 : 0,
      is_title_ticket_rentable: rentable.title ? 1 : 0,
      is_premium_ticket_rentable: rentable.premium ? 1 : 0,
      account_point: total,
      ...balance,
    };
  }

  /**
   * GET /web/title/purchased (limit, offset): titles by latest purchase, with the total for paging.
   * Walks the reader's purchases newest first and stops once the page's titles are found, so a page
   * costs what comes before it, not the reader's whole history.
   */
  async listPurchasedTitles(auth: RequestAuth, paging: Paging, ctx: { locale: Locale }) {
    const user = requireActiveUser(auth);
    const { offset, limit } = pageOf(paging, MAX_PERSONAL_ITEMS_PER_PAGE);
    const [latest, titleCount] = await Promise.all([
      this.latestPurchasePerTitle(user.userId, offset + limit),
      this.options.purchases.countPurchasedTitles(user.userId),
    ]);
    const page = [...latest].slice(offset, offset + limit);
    const titles = await this.options.titles.listTitles(
      page.map(([titleId]) => titleId),
      ctx,
    );
    return {
      title_list: titles.map((title) => toPurchasedTitleResponse(title, latest.get(title.title_id) ?? null)),
      title_count: titleCount,
    };
  }

  /** The first `count` titles by latest purchase, each with the episode bought last. */
  private async latestPurchasePerTitle(userId: number, count: number): Promise<Map<number, number>> {
    const latest = new Map<number, number>();
    let after: PurchaseStepRow | null = null;
    // Readers mostly buy a few episodes per title: start with twice as many purchases as titles wanted.
    let step = Math.min(PURCHASE_WALK_MAX_STEP, Math.max(PURCHASE_WALK_MIN_STEP, 2 * count));
    while (latest.size < count) {
      const rows = await this.options.purchases.listPurchasesNewestFirst(userId, after, step);
      for (const row of rows) if (!latest.has(row.title_id)) latest.set(row.title_id, row.episode_id);
      after = rows.at(-1) ?? null;
      if (rows.length < step) break;
      step = PURCHASE_WALK_MAX_STEP;
    }
    return latest;
  }

  /** GET /account/reservation/flow (limit, offset): owned episodes not released yet, soonest first. */
  async listReservations(auth: RequestAuth, paging: Paging, ctx: { locale: Locale }) {
    const user = requireActiveUser(auth);
    const { offset, limit } = pageOf(paging, MAX_PERSONAL_ITEMS_PER_PAGE);
    const now = this.options.clock.now();
    const rows = await this.options.purchases.listReservations(user.userId, now, offset, limit);
    return {
      reservation_flow_list: rows.map((row) =>
        toReservationResponse(row, { locale: ctx.locale, timeZone: this.options.timeZone }),
      ),
    };
  }

  /** The episode's sale row: 3100 when there is no such episode or its title is not published. */
  private async episodeOf(episodeId: number, now: number): Promise<EpisodeSaleRow> {
    const [row] = await this.options.purchases.listEpisodeSales([episodeId], now);
    return requireListed(row, now);
  }

  /** The sale rows in the order asked; 3100 for any unknown episode. */
  private async episodesOf(ids: readonly number[], now: number): Promise<EpisodeSaleRow[]> {
    const rows = new Map((await this.options.purchases.listEpisodeSales(ids, now)).map((row) => [row.id, row]));
    return ids.map((id) => requireListed(rows.get(id), now));
  }

  /** 3101, 3102 or 2016 unless every episode may be bought now (saleRefusal), read through the transaction's `stores`. */
  private async requireForSale(
    reader: Reader,
    rows: readonly EpisodeSaleRow[],
    now: number,
    stores: Pick<PurchaseStores, 'ownership' | 'users'>,
  ): Promise<void> {
    const access = await this.options.entitlement.decidePlacedEpisodeAccess(reader, rows.map(placedSale), now, {
      ownership: stores.ownership,
      users: stores.users,
    });
    const refusal = saleRefusal(access, ResponseCode.EpisodeCannotBuy);
    if (refusal) throw refusal;
  }
}

function requireListed(row: EpisodeSaleRow | undefined, now: number): EpisodeSaleRow {
  if (!row || !isTitlePublished({ published_at: row.title_published_at }, now)) {
    throw new DomainError(ResponseCode.EpisodeNotFound);
  }
  return row;
}

function purchaseOf(
  userId: number,
  row: EpisodeSaleRow,
  price: number,
  split: { paid_point: number; free_point: number } | undefined,
  now: number,
): NewPurchase {
  return {
    user_id: userId,
    episode_id: row.id,
    title_id: row.title_id,
    price,
    paid_point: split?.paid_point ?? 0,
    free_point: split?.free_point ?? 0,
    created_at: now,
  };
}

/** A purchase that exists already (a concurrent submit won the unique key) is 3102. */
async function insertPurchases(store: PurchaseStore, purchases: readonly NewPurchase[]): Promise<void> {
  try {
    await store.insertPurchases(purchases);
  } catch (error) {
    if (error instanceof DuplicatePurchaseError) throw new DomainError(ResponseCode.EpisodeAlreadyPurchased);
    throw error;
  }
}

async function insertMagazinePurchase(store: PurchaseStore, purchase: NewMagazinePurchase): Promise<number> {
  try {
    return await store.insertMagazinePurchase(purchase);
  } catch (error) {
    if (error instanceof DuplicatePurchaseError) {
      throw new DomainError(ResponseCode.EpisodeAlreadyPurchased, MAGAZINE_OWNED_MESSAGE);
    }
    throw error;
  }
}
