// Support in the console (issue 26, ADR 063): find a reader by e-mail, see their account, wallet,
// purchases, ticket movements, plan, sessions and devices; grant points or premium tickets with a
// reason through OperatorGrantService (the path of `npm run points`, one owner); end their sessions.
// Every call asks StaffService.requireAccess for its permission first (1002 to anyone else). The
// answers are built field by field here: no password hash, token, key or card data leaves.
import {
  AuditAction,
  AuditTarget,
  normalizeEmail,
  ResponseCode,
  StaffPermission,
  SUPPORT_LEDGER_PAGE_MAX,
  SUPPORT_SEARCH_LIMIT,
  type SupportLedgerResponse,
  type SupportReaderResponse,
  type SupportSearchResponse,
} from '@manga/contracts';
import type { DeviceRow, UserRow, WebTokenRow } from '#src/db/schema.ts';
import type { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { ProductRow, SubscriptionRow } from '#src/repositories/payment.repository.ts';
import type { EpisodeLabelRow } from '#src/repositories/purchase.repository.ts';
import type { ReaderMatchRow, SupportPurchaseRow } from '#src/repositories/support.repository.ts';
import type { TicketMovementRow } from '#src/repositories/ticket.repository.ts';
import type { LedgerEntryRow, LotRow } from '#src/repositories/wallet.repository.ts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { pageOf } from '#src/rules/paging.rules.ts';
import { spendableBalance, spendableLots } from '#src/rules/wallet.rules.ts';
import { formatWireTime } from '#src/rules/wire-calendar.rules.ts';
import { GrantError, type OperatorGrantService } from '#src/services/operator-grant.service.ts';
import type { StaffCaller, StaffService } from '#src/services/staff.service.ts';

type Envelope<T> = Omit<T, 'status' | 'response_code' | 'error_message'>;

/** What support reads; each a repository method of the same name. */
export interface SupportSources {
  listReadersByEmailPrefix(prefix: string, limit: number): Promise<ReaderMatchRow[]>;
  findUserById(id: number): Promise<UserRow | undefined>;
  listOpenLots(userId: number): Promise<LotRow[]>;
  listLedgerEntries(userId: number, window: { offset: number; limit: number }): Promise<LedgerEntryRow[]>;
  listUsablePremiumTickets(userId: number, now: number): Promise<{ id: number; expires_at: number }[]>;
  listPurchasesOfUser(userId: number, limit: number, offset: number): Promise<SupportPurchaseRow[]>;
  listTicketMovements(userId: number, now: number, offset: number, limit: number): Promise<TicketMovementRow[]>;
  listEpisodeLabels(ids: readonly number[]): Promise<EpisodeLabelRow[]>;
  listLiveSubscriptions(userId: number): Promise<SubscriptionRow[]>;
  findProduct(id: number): Promise<ProductRow | undefined>;
  listActiveSessions(userId: number, now: number): Promise<WebTokenRow[]>;
  listDevicesByUser(userId: number): Promise<DeviceRow[]>;
}

export interface SupportTransactions {
  run<T>(
    work: (stores: {
      sessions: { revokeUserSessions(userId: number, now: number): Promise<number> };
      auditLog: Pick<AuditLogRepository, 'insertAuditLog'>;
    }) => Promise<T>,
  ): Promise<T>;
}

export interface SupportServiceDeps {
  staff: Pick<StaffService, 'requireAccess'>;
  sources: SupportSources;
  grants: Pick<OperatorGrantService, 'grantPoints' | 'grantPremiumTickets'>;
  transactions: SupportTransactions;
  clock: { now(): number };
  timeZone: string;
}

/** Purchases and ticket movements shown on a reader's page (the newest). */
export const SUPPORT_RECENT_ITEMS = 20;

const noSuchReader = () => new DomainError(ResponseCode.UserNotExist, 'No such account.');

export class SupportService {
  constructor(private readonly deps: SupportServiceDeps) {}

  /** GET /ops/support/reader/search: the exact address first, then those starting with it. */
  async searchReaders(auth: RequestAuth, email: string): Promise<Envelope<SupportSearchResponse>> {
    await this.deps.staff.requireAccess(auth, StaffPermission.ReaderRead);
    const rows = await this.deps.sources.listReadersByEmailPrefix(normalizeEmail(email), SUPPORT_SEARCH_LIMIT);
    return {
      reader_list: rows.map((row) => ({
        user_id: row.id,
        email: row.email ?? '',
        status: row.status,
        region: row.region,
        created_time: this.time(row.created_at),
      })),
    };
  }

  /** GET /ops/support/reader: one reader as support sees them. */
  async getReader(auth: RequestAuth, userId: number): Promise<Envelope<SupportReaderResponse>> {
    await this.deps.staff.requireAccess(auth, StaffPermission.ReaderRead);
    const { sources } = this.deps;
    const user = await sources.findUserById(userId);
    if (!user) throw noSuchReader();
    const now = this.deps.clock.now();
    const [lots, tickets, purchases, movements, plans, sessions, devices] = await Promise.all([
      sources.listOpenLots(userId),
      sources.listUsablePremiumTickets(userId, now),
      sources.listPurchasesOfUser(userId, SUPPORT_RECENT_ITEMS, 0),
      sources.listTicketMovements(userId, now, 0, SUPPORT_RECENT_ITEMS),
      sources.listLiveSubscriptions(userId),
      sources.listActiveSessions(userId, now),
      sources.listDevicesByUser(userId),
    ]);
    const episodeIds = [
      ...purchases.map((p) => p.episode_id),
      ...movements.flatMap((m) => (m.episode_id === null ? [] : [m.episode_id])),
    ];
    const labels = new Map((await sources.listEpisodeLabels(episodeIds)).map((label) => [label.id, label]));
    const name = (label: EpisodeLabelRow | undefined, key: 'name_en' | 'title_name_en') => label?.[key] ?? '';
    const live = spendableLots(lots, now).sort(
      (a, b) => (a.expires_at ?? Number.MAX_SAFE_INTEGER) - (b.expires_at ?? Number.MAX_SAFE_INTEGER),
    );
    const products = await Promise.all(plans.map((plan) => sources.findProduct(plan.product_id)));
    return {
      reader: {
        user_id: user.id,
        email: user.email ?? '',
        status: user.status,
        region: user.region,
        locale: user.locale,
        charge_type: user.charge_type,
        created_time: this.time(user.created_at),
      },
      wallet: {
        ...spendableBalance(lots, now),
        premium_ticket_num: tickets.length,
        lot_list: live.map((lot) => ({
          kind: lot.kind,
          remaining: lot.remaining,
          expire_time: lot.expires_at === null ? '' : this.time(lot.expires_at),
        })),
      },
      purchase_list: purchases.map((purchase) => {
        const label = labels.get(purchase.episode_id);
        return {
          purchase_id: purchase.id,
          title_id: purchase.title_id,
          title_name: name(label, 'title_name_en'),
          episode_id: purchase.episode_id,
          episode_name: name(label, 'name_en'),
          price: purchase.price,
          paid_point: purchase.paid_point,
          free_point: purchase.free_point,
          purchase_time: this.time(purchase.created_at),
        };
      }),
      ticket_list: movements.map((movement) => {
        const label = movement.episode_id === null ? undefined : labels.get(movement.episode_id);
        const end = movement.event === 'used' ? movement.rental_finish_at : movement.expires_at;
        return {
          event: movement.event,
          ticket_kind: movement.ticket_kind,
          source: movement.source,
          episode_id: movement.episode_id ?? 0,
          episode_name: name(label, 'name_en'),
          title_name: name(label, 'title_name_en'),
          event_time: this.time(movement.event_at),
          end_time: end === null ? '' : this.time(end),
        };
      }),
      plan_list: plans.map((plan, index) => ({
        product_id: plan.product_id,
        product_name: products[index]?.name_en ?? '',
        status: plan.status,
        started_time: this.time(plan.started_at),
        current_period_end_time: this.time(plan.current_period_end_at),
        cancel_at_period_end: plan.cancel_at_period_end,
      })),
      session_list: sessions.map((session) => ({
        session_id: session.id,
        device_name: session.device_name,
        platform: session.platform,
        user_agent: session.user_agent,
        created_time: this.time(session.created_at),
        last_seen_time: this.time(session.last_seen_at),
        expire_time: this.time(session.expires_at),
      })),
      device_list: devices.map((device) => ({
        device_id: device.id,
        device: device.device,
        platform: device.platform,
        os_version: device.os_version,
        created_time: this.time(device.created_at),
        updated_time: this.time(device.updated_at),
      })),
    };
  }

  /** GET /ops/support/reader/ledger: the point ledger newest first, one page. */
  async listLedger(
    auth: RequestAuth,
    query: { user_id: number; limit?: number; offset?: number },
  ): Promise<Envelope<SupportLedgerResponse>> {
    await this.deps.staff.requireAccess(auth, StaffPermission.ReaderRead);
    if (!(await this.deps.sources.findUserById(query.user_id))) throw noSuchReader();
    const { offset, limit } = pageOf(query, SUPPORT_LEDGER_PAGE_MAX);
    const rows = await this.deps.sources.listLedgerEntries(query.user_id, { offset, limit: limit + 1 });
    return {
      ledger_list: rows.slice(0, limit).map((row) => ({
        ledger_id: row.id,
        kind: row.kind,
        delta: row.delta,
        remaining: row.remaining,
        reason: row.reason,
        reference_type: row.reference_type,
        reference_id: row.reference_id,
        expire_time: row.expires_at === null ? '' : this.time(row.expires_at),
        created_time: this.time(row.created_at),
      })),
      has_next: rows.length > limit ? 1 : 0,
    };
  }

  /** POST /ops/support/grant/point: once per request key (a second send answers `repeated`). */
  async grantPoints(
    auth: RequestAuth,
    input: {
      user_id: number;
      amount: number;
      paid?: number;
      expire_days?: number;
      reason: string;
      request_key: string;
    },
  ) {
    const staff = await this.deps.staff.requireAccess(auth, StaffPermission.ReaderGrant);
    const result = await this.granting(() =>
      this.deps.grants.grantPoints(
        {
          userId: input.user_id,
          amount: input.amount,
          paid: input.paid === 1,
          note: input.reason,
          ...(input.expire_days === undefined ? {} : { expiresDays: input.expire_days }),
        },
        actorOf(staff, input.request_key),
      ),
    );
    return { grant: await this.grantAnswer(result.userId, result.repeated) };
  }

  /** POST /ops/support/grant/ticket: once per request key. */
  async grantTickets(
    auth: RequestAuth,
    input: { user_id: number; count: number; expire_days?: number; reason: string; request_key: string },
  ) {
    const staff = await this.deps.staff.requireAccess(auth, StaffPermission.ReaderGrant);
    const result = await this.granting(() =>
      this.deps.grants.grantPremiumTickets(
        {
          userId: input.user_id,
          count: input.count,
          note: input.reason,
          ...(input.expire_days === undefined ? {} : { expiresDays: input.expire_days }),
        },
        actorOf(staff, input.request_key),
      ),
    );
    return { grant: await this.grantAnswer(result.userId, result.repeated) };
  }

  /** POST /ops/support/session/end: every session of the reader ends; audited with how many. */
  async endSessions(auth: RequestAuth, input: { user_id: number; reason: string }): Promise<{ ended: number }> {
    const staff = await this.deps.staff.requireAccess(auth, StaffPermission.ReaderSessionEnd);
    if (!(await this.deps.sources.findUserById(input.user_id))) throw noSuchReader();
    const now = this.deps.clock.now();
    const ended = await this.deps.transactions.run(async ({ sessions, auditLog }) => {
      const count = await sessions.revokeUserSessions(input.user_id, now);
      await auditLog.insertAuditLog({
        actor_user_id: staff.userId,
        action: AuditAction.ReaderSessionsEnd,
        target_type: AuditTarget.User,
        target_id: input.user_id,
        reason: input.reason,
        detail: JSON.stringify({ via: 'console', ended: count }),
        created_at: now,
      });
      return count;
    });
    return { ended };
  }

  /** A grant's refusal (no such reader, an amount out of range) as the console's 400 / 2001. */
  private async granting<T>(grant: () => Promise<T>): Promise<T> {
    try {
      return await grant();
    } catch (error) {
      if (error instanceof GrantError) {
        const code = error.message === 'No such account' ? ResponseCode.UserNotExist : ResponseCode.InvalidParameter;
        throw new DomainError(code, error.message);
      }
      throw error;
    }
  }

  private async grantAnswer(userId: number, repeated: boolean) {
    const now = this.deps.clock.now();
    const [lots, tickets] = await Promise.all([
      this.deps.sources.listOpenLots(userId),
      this.deps.sources.listUsablePremiumTickets(userId, now),
    ]);
    return {
      user_id: userId,
      repeated: repeated ? 1 : 0,
      ...spendableBalance(lots, now),
      premium_ticket_num: tickets.length,
    };
  }

  private time(at: number): string {
    return formatWireTime(at, this.deps.timeZone);
  }
}

/** A console grant's actor; the form's key is kept per staff member, so two people's keys never meet. */
function actorOf(staff: StaffCaller, requestKey: string) {
  return { via: 'console' as const, userId: staff.userId, requestKey: `${staff.userId}:${requestKey}` };
}
