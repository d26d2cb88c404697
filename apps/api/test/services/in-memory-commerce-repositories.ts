// In-memory purchases and tickets for the purchase and ticket service tests (ADR 011, ADR 014): the
// methods of PurchaseRepository and TicketRepository the services use, over InMemoryTables, with the
// semantics they rely on (the unique purchase keys, an episode's place among the released ones, a
// premium ticket used once, the first to expire first). test/integration/repository-fakes.test.ts
// runs the same contract against these and the real repositories on both dialects.
import type { Selectable } from 'kysely';
import type { PremiumTicketTable } from '#src/db/schema.ts';
import type {
  EpisodeLabelRow,
  EpisodeSaleRow,
  MagazineSaleRow,
  NewMagazinePurchase,
  NewPurchase,
  PurchaseRepository,
  PurchaseStepRow,
  ReservationRow,
} from '#src/repositories/purchase.repository.ts';
import type {
  NewPremiumTicket,
  NewRental,
  PremiumTicketRow,
  TicketEpisodeRow,
  TicketMovementRow,
  TicketRepository,
  TicketTitleRow,
  TitleTicketRow,
} from '#src/repositories/ticket.repository.ts';
import type { RepositoryPort } from '#src/repositories/transaction.repository.ts';
import { DuplicatePurchaseError } from '#src/rules/conflict.error.ts';
import type { InMemoryTables } from '#test/services/in-memory-repositories.ts';

const byPlace = (a: { sort_index: number; id: number }, b: { sort_index: number; id: number }) =>
  a.sort_index - b.sort_index || a.id - b.id;

export class InMemoryPurchaseRepository implements RepositoryPort<PurchaseRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async listEpisodeSales(ids: readonly number[], now: number): Promise<EpisodeSaleRow[]> {
    return [...new Set(ids)]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const e = this.tables.episodes.find((episode) => episode.id === id);
        const t = e && this.tables.titles.find((title) => title.id === e.title_id);
        if (!e || !t) return [];
        const released = this.tables.episodes.filter((r) => r.title_id === e.title_id && r.start_at <= now);
        return [
          {
            id: e.id,
            title_id: e.title_id,
            sort_index: e.sort_index,
            name_en: e.name_en,
            name_ja: e.name_ja,
            point: e.point,
            start_at: e.start_at,
            free_until_at: e.free_until_at,
            single_sale_enabled: e.single_sale_enabled,
            ticket_rental_enabled: e.ticket_rental_enabled,
            magazine_id: e.magazine_id,
            title_published_at: t.published_at,
            title_age_rating: t.age_rating,
            free_first_count: t.free_first_count,
            free_latest_count: t.free_latest_count,
            title_free_until_at: t.free_until_at,
            ticket_enabled: t.ticket_enabled,
            ticket_max: t.ticket_max,
            ticket_recover_seconds: t.ticket_recover_seconds,
            ticket_rental_seconds: t.ticket_rental_seconds,
            ticket_version: t.ticket_version,
            position: released.filter((r) => byPlace(r, e) < 0).length,
            released_count: released.length,
          },
        ];
      });
  }

  /** All or nothing: one (user, episode) that exists already refuses the whole insert. */
  async insertPurchases(purchases: readonly NewPurchase[]): Promise<void> {
    const keys = purchases.map((p) => `${p.user_id}:${p.episode_id}`);
    const taken = (key: string) => this.tables.purchases.some((p) => `${p.user_id}:${p.episode_id}` === key);
    if (new Set(keys).size !== keys.length || keys.some(taken)) throw new DuplicatePurchaseError();
    for (const purchase of purchases) {
      this.tables.purchases.push({
        paid_point: 0,
        free_point: 0,
        event_point: 0,
        bonus_point: 0,
        magazine_purchase_id: null,
        ...purchase,
        id: this.tables.nextId('purchase'),
      });
    }
  }

  async findMagazineSale(magazineId: number): Promise<MagazineSaleRow | undefined> {
    return this.tables.magazineSales.find((m) => m.id === magazineId);
  }

  async listMagazineEpisodes(magazineId: number): Promise<{ id: number; title_id: number }[]> {
    return this.tables.episodes
      .filter((e) => e.magazine_id === magazineId)
      .sort((a, b) => a.id - b.id)
      .map(({ id, title_id }) => ({ id, title_id }));
  }

  async findMagazinePurchase(userId: number, magazineId: number): Promise<{ id: number } | undefined> {
    const row = this.tables.magazinePurchases.find((p) => p.user_id === userId && p.magazine_id === magazineId);
    return row && { id: row.id };
  }

  async insertMagazinePurchase(purchase: NewMagazinePurchase): Promise<number> {
    if (await this.findMagazinePurchase(purchase.user_id, purchase.magazine_id)) throw new DuplicatePurchaseError();
    const id = this.tables.nextId('magazine_purchase');
    this.tables.magazinePurchases.push({ ...purchase, id });
    return id;
  }

  async listPurchasesNewestFirst(
    userId: number,
    after: { created_at: number; id: number } | null,
    limit: number,
  ): Promise<PurchaseStepRow[]> {
    return this.tables.purchases
      .filter((p) => p.user_id === userId)
      .filter(
        (p) => !after || p.created_at < after.created_at || (p.created_at === after.created_at && p.id < after.id),
      )
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
      .slice(0, limit)
      .map(({ id, created_at, title_id, episode_id }) => ({ id, created_at, title_id, episode_id }));
  }

  async countPurchasedTitles(userId: number): Promise<number> {
    return new Set(this.tables.purchases.filter((p) => p.user_id === userId).map((p) => p.title_id)).size;
  }

  async listReservations(userId: number, now: number, offset: number, limit: number): Promise<ReservationRow[]> {
    return this.tables.purchases
      .flatMap((p) => {
        const e = this.tables.episodes.find((episode) => episode.id === p.episode_id);
        const t = e && this.tables.titles.find((title) => title.id === e.title_id);
        if (p.user_id !== userId || !e || !t || e.start_at <= now) return [];
        const m = this.tables.magazines.find((magazine) => magazine.id === e.magazine_id);
        return [
          {
            episode_id: e.id,
            title_id: e.title_id,
            episode_name_en: e.name_en,
            episode_name_ja: e.name_ja,
            title_name_en: t.name_en,
            title_name_ja: t.name_ja,
            magazine_id: e.magazine_id,
            magazine_name_en: m?.name_en ?? null,
            magazine_name_ja: m?.name_ja ?? null,
            start_at: e.start_at,
            purchased_at: p.created_at,
          },
        ];
      })
      .sort((a, b) => a.start_at - b.start_at || a.episode_id - b.episode_id)
      .slice(offset, offset + limit);
  }

  async listEpisodeLabels(ids: readonly number[]): Promise<EpisodeLabelRow[]> {
    return [...new Set(ids)].flatMap((id) => {
      const e = this.tables.episodes.find((episode) => episode.id === id);
      const t = e && this.tables.titles.find((title) => title.id === e.title_id);
      return e && t
        ? [
            {
              id,
              title_id: t.id,
              name_en: e.name_en,
              name_ja: e.name_ja,
              title_name_en: t.name_en,
              title_name_ja: t.name_ja,
            },
          ]
        : [];
    });
  }
}

export class InMemoryTicketRepository implements RepositoryPort<TicketRepository> {
  constructor(private readonly tables: InMemoryTables) {}

  async listTicketTitles(ids: readonly number[], now: number): Promise<TicketTitleRow[]> {
    return this.tables.titles
      .filter((t) => ids.includes(t.id) && t.published_at <= now)
      .map((t) => ({
        id: t.id,
        published_at: t.published_at,
        age_rating: t.age_rating,
        ticket_enabled: t.ticket_enabled,
        ticket_max: t.ticket_max,
        ticket_recover_seconds: t.ticket_recover_seconds,
        ticket_rental_seconds: t.ticket_rental_seconds,
        ticket_version: t.ticket_version,
        free_first_count: t.free_first_count,
        free_latest_count: t.free_latest_count,
        free_until_at: t.free_until_at,
      }));
  }

  async listReleasedEpisodes(titleIds: readonly number[], now: number): Promise<TicketEpisodeRow[]> {
    return this.tables.episodes
      .filter((e) => titleIds.includes(e.title_id) && e.start_at <= now)
      .sort((a, b) => a.title_id - b.title_id || byPlace(a, b))
      .map(({ id, title_id, point, start_at, free_until_at, ticket_rental_enabled }) => ({
        id,
        title_id,
        point,
        start_at,
        free_until_at,
        ticket_rental_enabled,
      }));
  }

  async listTitleTickets(userId: number, titleIds: readonly number[]): Promise<TitleTicketRow[]> {
    return this.tables.titleTickets
      .filter((t) => t.user_id === userId && titleIds.includes(t.title_id))
      .map((t) => ({ ...t }));
  }

  async upsertTitleTicket(row: TitleTicketRow): Promise<void> {
    const held = this.tables.titleTickets.find((t) => t.user_id === row.user_id && t.title_id === row.title_id);
    if (held)
      Object.assign(held, {
        own_num: row.own_num,
        ticket_version: row.ticket_version,
        last_recovered_at: row.last_recovered_at,
      });
    else this.tables.titleTickets.push({ ...row });
  }

  async listUsablePremiumTickets(userId: number, now: number): Promise<PremiumTicketRow[]> {
    return this.tables.premiumTickets
      .filter((t) => t.user_id === userId && t.used_at === null && t.expires_at > now)
      .sort((a, b) => a.expires_at - b.expires_at || a.id - b.id)
      .map(({ id, expires_at }) => ({ id, expires_at }));
  }

  async findFirstRentalEndAfter(userId: number, titleId: number, now: number): Promise<number | undefined> {
    const ends = this.tables.rentals
      .filter((r) => r.user_id === userId && r.title_id === titleId && r.expires_at > now)
      .map((r) => r.expires_at);
    return ends.length === 0 ? undefined : Math.min(...ends);
  }

  async usePremiumTicket(id: number, episodeId: number, now: number): Promise<boolean> {
    const ticket = this.tables.premiumTickets.find((t) => t.id === id && t.used_at === null && t.expires_at > now);
    if (!ticket) return false;
    Object.assign(ticket, { used_at: now, used_episode_id: episodeId });
    return true;
  }

  async insertPremiumTickets(tickets: readonly NewPremiumTicket[]): Promise<void> {
    for (const ticket of tickets) {
      const row: Selectable<PremiumTicketTable> = {
        used_at: null,
        used_episode_id: null,
        ...ticket,
        id: this.tables.nextId('premium_ticket'),
      };
      this.tables.premiumTickets.push(row);
    }
  }

  async insertRental(rental: NewRental): Promise<void> {
    this.tables.rentals.push({ ...rental, id: this.tables.nextId('rental') });
  }

  /** Premium tickets granted and expired unused, and every rental, newest first. */
  async listTicketMovements(userId: number, now: number, offset: number, limit: number): Promise<TicketMovementRow[]> {
    const mine = this.tables.premiumTickets.filter((t) => t.user_id === userId);
    const movements: (TicketMovementRow & { order: number })[] = [
      ...mine.map((t) => ({
        event: 'granted' as const,
        ticket_kind: 'premium',
        source: t.source,
        episode_id: null,
        event_at: t.granted_at,
        expires_at: t.expires_at,
        rental_finish_at: null,
        order: t.id,
      })),
      ...mine
        .filter((t) => t.used_at === null && t.expires_at <= now)
        .map((t) => ({
          event: 'expired' as const,
          ticket_kind: 'premium',
          source: t.source,
          episode_id: null,
          event_at: t.expires_at,
          expires_at: t.expires_at,
          rental_finish_at: null,
          order: t.id,
        })),
      ...this.tables.rentals
        .filter((r) => r.user_id === userId)
        .map((r) => ({
          event: 'used' as const,
          ticket_kind: r.ticket_kind,
          source: '',
          episode_id: r.episode_id,
          event_at: r.started_at,
          expires_at: null,
          rental_finish_at: r.expires_at,
          order: r.id,
        })),
    ];
    return movements
      .sort((a, b) => b.event_at - a.event_at || b.order - a.order)
      .slice(offset, offset + limit)
      .map(({ order: _order, ...row }) => row);
  }
}
