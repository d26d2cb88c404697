// Tickets (ADR 014): per-title tickets that recover with time and premium tickets that expire, the
// rentals they make, and their history. A rental runs in one transaction under the reader's wallet
// lock, so two concurrent rentals with one ticket make one rental. What may be rented is
// EntitlementService's answer (released, not free, not held, the title's rating).

import {
  type Locale,
  type RentalTicketRequest,
  ResponseCode,
  type TicketMovement,
  TicketType,
  type TitleTicket,
  uniqueIds,
} from '@manga/contracts';
import { toTicketMovementResponse } from '#src/mappers/ticket.mapper.ts';
import type { EpisodeLabelRow, EpisodeSaleRow } from '#src/repositories/purchase.repository.ts';
import type {
  NewPremiumTicket,
  NewRental,
  PremiumTicketRow,
  TicketEpisodeRow,
  TicketMovementRow,
  TicketTitleRow,
  TitleTicketRow,
} from '#src/repositories/ticket.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { earliestOf } from '#src/rules/change-time.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { type EpisodeInTitle, isTitlePublished, type Reader } from '#src/rules/entitlement.rules.ts';
import { MAX_PERSONAL_ITEMS_PER_PAGE, type Paging, pageOf } from '#src/rules/paging.rules.ts';
import { placedSale, saleRefusal } from '#src/rules/sale.rules.ts';
import {
  hasTitleTickets,
  PREMIUM_TICKET_RENTAL_SECONDS,
  secondsUntilRecovery,
  titleTicketNow,
  useTitleTicket,
} from '#src/rules/title-ticket.rules.ts';
import { formatWireTime } from '#src/rules/wire-calendar.rules.ts';
import type {
  EntitlementService,
  EntitlementUserSource,
  EpisodeOwnershipSource,
} from '#src/services/entitlement.service.ts';
import { NO_OUTCOME_EVENTS, type OutcomeEvents } from '#src/services/outcome-events.service.ts';
import type { EpisodeSaleSource, PurchaseCaller } from '#src/services/purchase.service.ts';

export interface TicketSource {
  listTicketTitles(ids: readonly number[], now: number): Promise<TicketTitleRow[]>;
  listReleasedEpisodes(titleIds: readonly number[], now: number): Promise<TicketEpisodeRow[]>;
  listTitleTickets(userId: number, titleIds: readonly number[]): Promise<TitleTicketRow[]>;
  listUsablePremiumTickets(userId: number, now: number): Promise<PremiumTicketRow[]>;
  /** When the reader's first rental of the title still running at `now` ends; undefined when none runs. */
  findFirstRentalEndAfter(userId: number, titleId: number, now: number): Promise<number | undefined>;
  listTicketMovements(userId: number, now: number, offset: number, limit: number): Promise<TicketMovementRow[]>;
}

/** The ticket writes, bound to a transaction. */
export interface TicketStore {
  listTitleTickets(userId: number, titleIds: readonly number[]): Promise<TitleTicketRow[]>;
  upsertTitleTicket(row: TitleTicketRow): Promise<void>;
  listUsablePremiumTickets(userId: number, now: number): Promise<PremiumTicketRow[]>;
  usePremiumTicket(id: number, episodeId: number, now: number): Promise<boolean>;
  insertPremiumTickets(tickets: readonly NewPremiumTicket[]): Promise<void>;
  insertRental(rental: NewRental): Promise<void>;
}

export interface TicketStores {
  wallet: { lockWallet(userId: number, now: number): Promise<void> };
  tickets: TicketStore;
  /** What the reader holds and their birthday, read inside the transaction (EntitlementService decides with them). */
  ownership: EpisodeOwnershipSource;
  users: EntitlementUserSource;
}

export interface TicketTransactions {
  run<T>(work: (stores: TicketStores) => Promise<T>): Promise<T>;
}

export interface TicketLog {
  info(details: object, message: string): void;
}

export interface TicketServiceOptions {
  tickets: TicketSource;
  sales: EpisodeSaleSource;
  entitlement: Pick<EntitlementService, 'decideEpisodeAccess' | 'decidePlacedEpisodeAccess'>;
  labels: { listEpisodeLabels(ids: readonly number[]): Promise<EpisodeLabelRow[]> };
  transactions: TicketTransactions;
  clock: { now(): number };
  timeZone: string;
  log?: TicketLog;
  /** Told each rental's outcome (metrics). */
  events?: OutcomeEvents;
}

export const TICKET_SOURCE = { LoginBonus: 'login_bonus', Operator: 'operator', Subscription: 'subscription' } as const;

const NO_TITLE_TICKETS = 'This title has no title tickets.';
const STALE_TICKET = 'This ticket has changed. Reload the title and try again.';

export class TicketService {
  constructor(private readonly options: TicketServiceOptions) {}

  /**
   * GET /title/ticket/list (wire §3.4): for each published title asked, the caller's premium and
   * title tickets and the episodes they can rent now. Logged out: a full title-ticket stock, no premium
   * tickets, every rentable episode.
   */
  async listTitleTickets(reader: Reader, titleIds: readonly number[]): Promise<{ title_ticket_list: TitleTicket[] }> {
    const { title_ticket_list } = await this.ticketsAt(reader, titleIds, this.options.clock.now());
    return { title_ticket_list };
  }

  /**
   * The title's entry of GET /title/ticket/list for the reader, and the first moment after now when
   * what the reader holds of the title changes by the clock alone (ADR 082): a title ticket recovers,
   * a premium ticket expires, a rental of the title ends. undefined when nothing will.
   */
  async getTitleTicketsAndChange(
    reader: Reader,
    titleId: number,
  ): Promise<{ title_ticket: TitleTicket | null; changesAt: number | undefined }> {
    const now = this.options.clock.now();
    const userId = reader.user?.userId;
    const [tickets, rentalEnd] = await Promise.all([
      this.ticketsAt(reader, [titleId], now),
      userId === undefined ? undefined : this.options.tickets.findFirstRentalEndAfter(userId, titleId, now),
    ]);
    return {
      title_ticket: tickets.title_ticket_list[0] ?? null,
      changesAt: earliestOf(tickets.changesAt, rentalEnd),
    };
  }

  /** The ticket list at `now`, and the first premium expiry or title-ticket recovery after it. */
  private async ticketsAt(reader: Reader, titleIds: readonly number[], now: number) {
    const userId = reader.user?.userId;
    const { tickets } = this.options;
    const titles = new Map((await tickets.listTicketTitles(titleIds, now)).map((t) => [t.id, t]));
    const ids = uniqueIds(titleIds).filter((id) => titles.has(id));
    const [rentable, stocks, premium] = await Promise.all([
      this.rentableEpisodes(reader, titles, await tickets.listReleasedEpisodes(ids, now), now),
      userId === undefined ? [] : tickets.listTitleTickets(userId, ids),
      userId === undefined ? [] : tickets.listUsablePremiumTickets(userId, now),
    ]);
    const stockByTitle = new Map(stocks.map((s) => [s.title_id, s]));
    // The first premium ticket to expire, and each title ticket's recovery.
    const changes = premium.length > 0 ? [premium[0]?.expires_at as number] : [];
    const title_ticket_list = ids.map((id) => {
      const title = titles.get(id) as TicketTitleRow;
      const current = titleTicketNow(title, stockByTitle.get(id), now);
      if (hasTitleTickets(title) && current.nextRecoverAt !== null) changes.push(current.nextRecoverAt);
      return {
        title_id: id,
        ticket_info: {
          premium_ticket_info: {
            own_ticket_num: premium.length,
            ticket_type: TicketType.Premium,
            rental_second: PREMIUM_TICKET_RENTAL_SECONDS,
          },
          title_ticket_info: hasTitleTickets(title)
            ? {
                own_ticket_num: current.own,
                rental_second: title.ticket_rental_seconds,
                ticket_type: TicketType.Title,
                ticket_version: title.ticket_version,
                max_ticket_num: title.ticket_max,
                recover_second: title.ticket_recover_seconds,
                finish_time: null,
                next_ticket_recover_second: secondsUntilRecovery(current, now),
              }
            : null,
          target_episode_id_list: rentable.filter((e) => e.title_id === id).map((e) => e.id),
        },
      };
    });
    return { title_ticket_list, changesAt: changes.length === 0 ? undefined : Math.min(...changes) };
  }

  /**
   * POST /episode/rental/ticket: ticket_type 99 uses the premium ticket that expires first; any other
   * type must be the title ticket's advertised type and version. Order: login (2011), episode (3100),
   * rentable (3103), owned or rented (3102), a ticket held (3112).
   */
  async rentWithTicket(caller: PurchaseCaller, request: RentalTicketRequest) {
    const events = this.options.events ?? NO_OUTCOME_EVENTS;
    return events.track({ event: 'purchase', kind: 'ticket_rental' }, () => this.rentWithTicketNow(caller, request));
  }

  private async rentWithTicketNow({ auth, reader }: PurchaseCaller, request: RentalTicketRequest) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const [row] = await this.options.sales.listEpisodeSales([request.episode_id], now);
    if (!row || !isTitlePublished({ published_at: row.title_published_at }, now)) {
      throw new DomainError(ResponseCode.EpisodeNotFound);
    }
    if (row.ticket_rental_enabled !== 1) throw new DomainError(ResponseCode.EpisodeCannotRent);
    const premium = request.ticket_type === TicketType.Premium;
    if (!premium) assertAdvertisedTitleTicket(row, request);
    const finishAt = await this.options.transactions.run(async (stores) => {
      await stores.wallet.lockWallet(user.userId, now);
      const access = await this.options.entitlement.decidePlacedEpisodeAccess(reader, [placedSale(row)], now, {
        ownership: stores.ownership,
        users: stores.users,
      });
      const refusal = saleRefusal(access, ResponseCode.EpisodeCannotRent);
      if (refusal) throw refusal;
      const rentalMs = (premium ? PREMIUM_TICKET_RENTAL_SECONDS : row.ticket_rental_seconds) * 1000;
      if (premium) await usePremiumTicket(stores.tickets, user.userId, row.id, now);
      else await useTitleTicketOf(stores.tickets, user.userId, row, now);
      await stores.tickets.insertRental({
        user_id: user.userId,
        episode_id: row.id,
        title_id: row.title_id,
        ticket_kind: premium ? 'premium' : 'title',
        ticket_type: premium ? TicketType.Premium : TicketType.Title,
        ticket_version: premium ? request.ticket_version : row.ticket_version,
        started_at: now,
        expires_at: now + rentalMs,
      });
      return now + rentalMs;
    });
    this.options.log?.info(
      { userId: user.userId, episodeId: row.id, ticket: premium ? 'premium' : 'title' },
      'Rented episode with a ticket',
    );
    return { rental_finish_time: formatWireTime(finishAt, this.options.timeZone) };
  }

  /** Whether the reader's title ticket or a premium ticket can rent this episode (one for sale) now. */
  async getRentability(
    userId: number,
    sale: EpisodeSaleRow,
    now: number,
  ): Promise<{ title: boolean; premium: boolean }> {
    if (sale.ticket_rental_enabled !== 1) return { title: false, premium: false };
    const [stocks, premium] = await Promise.all([
      this.options.tickets.listTitleTickets(userId, [sale.title_id]),
      this.options.tickets.listUsablePremiumTickets(userId, now),
    ]);
    return {
      title: hasTitleTickets(sale) && titleTicketNow(sale, stocks[0], now).own >= 1,
      premium: premium.length > 0,
    };
  }

  /**
   * Released episodes that allow tickets and that nothing opens for the reader yet (not free, not
   * held; the age gate aside, as on badges), as EntitlementService answers for them.
   */
  private async rentableEpisodes(
    reader: Reader,
    titles: ReadonlyMap<number, TicketTitleRow>,
    released: readonly TicketEpisodeRow[],
    now: number,
  ): Promise<TicketEpisodeRow[]> {
    const listings = new Map(
      [...titles].map(([id, title]) => [id, { title, releasedEpisodes: released.filter((e) => e.title_id === id) }]),
    );
    const candidates: (EpisodeInTitle & { episode: TicketEpisodeRow })[] = released.flatMap((episode) => {
      const listing = listings.get(episode.title_id);
      return listing && episode.ticket_rental_enabled === 1 ? [{ episode, listing }] : [];
    });
    const access = await this.options.entitlement.decideEpisodeAccess(reader, candidates, now);
    return candidates.filter((_, index) => access[index]?.entitlement === 'locked').map(({ episode }) => episode);
  }

  /** GET /account/ticket/flow (limit, offset): premium tickets granted and expired, tickets used. */
  async listTicketFlow(auth: RequestAuth, paging: Paging, ctx: { locale: Locale }) {
    const user = requireActiveUser(auth);
    const { offset, limit } = pageOf(paging, MAX_PERSONAL_ITEMS_PER_PAGE);
    const now = this.options.clock.now();
    const rows = await this.options.tickets.listTicketMovements(user.userId, now, offset, limit);
    const labels = await this.options.labels.listEpisodeLabels(
      rows.flatMap((r) => (r.episode_id === null ? [] : [r.episode_id])),
    );
    const byId = new Map(labels.map((label) => [label.id, label]));
    const ticket_flow_list: TicketMovement[] = rows.map((row) =>
      toTicketMovementResponse(row, row.episode_id === null ? undefined : byId.get(row.episode_id), {
        locale: ctx.locale,
        timeZone: this.options.timeZone,
      }),
    );
    return { ticket_flow_list };
  }

  /** Gives premium tickets inside the caller's transaction (login bonus). */
  async grantPremiumTicketsIn(
    store: Pick<TicketStore, 'insertPremiumTickets'>,
    grant: { userId: number; count: number; source: string; expiresAt: number },
    now: number,
  ): Promise<void> {
    if (!Number.isSafeInteger(grant.count) || grant.count < 1)
      throw new RangeError(`ticket count must be positive: ${grant.count}`);
    if (grant.expiresAt <= now) throw new RangeError('a premium ticket must expire after it is given');
    await store.insertPremiumTickets(
      Array.from({ length: grant.count }, () => ({
        user_id: grant.userId,
        source: grant.source,
        granted_at: now,
        expires_at: grant.expiresAt,
      })),
    );
  }

  /** Operator grant (`npm run points -- grant-ticket`); returns the premium tickets held after it. */
  async grantPremiumTickets(grant: { userId: number; count: number; expiresAt: number }): Promise<number> {
    const now = this.options.clock.now();
    const { after } = await this.options.transactions.run((stores) => this.grantOperatorTicketsIn(stores, grant, now));
    return after;
  }

  /** The operator grant inside the caller's transaction: premium tickets held before and after it. */
  async grantOperatorTicketsIn(
    stores: {
      wallet: TicketStores['wallet'];
      tickets: Pick<TicketStore, 'insertPremiumTickets' | 'listUsablePremiumTickets'>;
    },
    grant: { userId: number; count: number; expiresAt: number },
    now: number,
  ): Promise<{ before: number; after: number }> {
    await stores.wallet.lockWallet(grant.userId, now);
    const before = (await stores.tickets.listUsablePremiumTickets(grant.userId, now)).length;
    await this.grantPremiumTicketsIn(stores.tickets, { ...grant, source: TICKET_SOURCE.Operator }, now);
    this.options.log?.info(
      { userId: grant.userId, count: grant.count, expiresAt: grant.expiresAt },
      'Operator granted premium tickets',
    );
    return { before, after: before + grant.count };
  }
}

/** A title-ticket rental must name the type and version /title/ticket/list advertised (else 3103). */
function assertAdvertisedTitleTicket(row: EpisodeSaleRow, request: RentalTicketRequest): void {
  if (!hasTitleTickets(row)) throw new DomainError(ResponseCode.EpisodeCannotRent, NO_TITLE_TICKETS);
  if (request.ticket_type !== TicketType.Title || request.ticket_version !== row.ticket_version) {
    throw new DomainError(ResponseCode.EpisodeCannotRent, STALE_TICKET);
  }
}

async function usePremiumTicket(store: TicketStore, userId: number, episodeId: number, now: number): Promise<void> {
  const [first] = await store.listUsablePremiumTickets(userId, now);
  if (!first || !(await store.usePremiumTicket(first.id, episodeId, now))) {
    throw new DomainError(ResponseCode.TicketShortage);
  }
}

async function useTitleTicketOf(store: TicketStore, userId: number, row: EpisodeSaleRow, now: number): Promise<void> {
  const [stock] = await store.listTitleTickets(userId, [row.title_id]);
  const next = useTitleTicket(row, stock, now);
  if (!next) throw new DomainError(ResponseCode.TicketShortage);
  await store.upsertTitleTicket({ user_id: userId, title_id: row.title_id, ...next });
}
