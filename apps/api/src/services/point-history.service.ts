// The reader's point movements (ADR 014): /account/point/flow pages by offset, /web/point/history/list
// by time (`offset_purchase_time`). Every ledger entry is a movement with its reason and expiry.
import type { Locale, PointMovement, WebPointHistoryQuery } from '@manga/contracts';
import {
  EPISODE_REFERENCES,
  MAGAZINE_REFERENCE,
  type MovementLabels,
  toPointMovementResponse,
} from '#src/mappers/wallet.mapper.ts';
import type { EpisodeLabelRow } from '#src/repositories/purchase.repository.ts';
import type { LedgerEntryRow, LedgerWindow } from '#src/repositories/wallet.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { MAX_PERSONAL_ITEMS_PER_PAGE, type Paging, pageOf } from '#src/rules/paging.rules.ts';
import { formatWireTime, parseWireDateTime } from '#src/rules/wire-calendar.rules.ts';

export interface LedgerSource {
  listLedgerEntries(userId: number, window: LedgerWindow): Promise<LedgerEntryRow[]>;
}

export interface MovementLabelSource {
  listEpisodeLabels(ids: readonly number[]): Promise<EpisodeLabelRow[]>;
  listMagazinesByIds(ids: readonly number[]): Promise<{ id: number; name_en: string; name_ja: string }[]>;
}

export interface PointHistoryServiceOptions {
  ledger: LedgerSource;
  labels: MovementLabelSource;
  timeZone: string;
}

const SECOND_MS = 1000;

export class PointHistoryService {
  constructor(private readonly options: PointHistoryServiceOptions) {}

  /** GET /account/point/flow (limit, offset): newest first. */
  async listPointFlow(auth: RequestAuth, paging: Paging, ctx: { locale: Locale }) {
    const user = requireActiveUser(auth);
    const { offset, limit } = pageOf(paging, MAX_PERSONAL_ITEMS_PER_PAGE);
    const entries = await this.options.ledger.listLedgerEntries(user.userId, { offset, limit });
    return { point_flow_list: await this.toMovements(entries, ctx.locale) };
  }

  /**
   * GET /web/point/history/list (limit, offset_purchase_time): movements before that time, newest
   * first. A page ends on a whole second of `purchase_time` (it takes the rest of its last second), so
   * that the next page, which starts before that second, neither repeats nor skips a movement.
   */
  async listPointHistory(auth: RequestAuth, query: WebPointHistoryQuery, ctx: { locale: Locale }) {
    const user = requireActiveUser(auth);
    const { limit } = pageOf({ limit: query.limit }, MAX_PERSONAL_ITEMS_PER_PAGE);
    const before = query.offset_purchase_time
      ? parseWireDateTime(query.offset_purchase_time, this.options.timeZone)
      : Number.MAX_SAFE_INTEGER;
    const entries = await this.options.ledger.listLedgerEntries(user.userId, { before, limit });
    const last = entries.at(-1);
    let next: string | null = null;
    if (last && entries.length === limit) {
      const secondStart = Math.floor(last.created_at / SECOND_MS) * SECOND_MS;
      const seen = new Set(entries.map((entry) => entry.id));
      const rest = await this.options.ledger.listLedgerEntries(user.userId, {
        from: secondStart,
        to: Math.min(before, secondStart + SECOND_MS),
      });
      entries.push(...rest.filter((entry) => !seen.has(entry.id)));
      entries.sort((a, b) => b.created_at - a.created_at || b.id - a.id);
      next = formatWireTime(secondStart, this.options.timeZone);
    }
    return {
      point_history_list: await this.toMovements(entries, ctx.locale),
      next_offset_purchase_time: next,
    };
  }

  private async toMovements(entries: readonly LedgerEntryRow[], locale: Locale): Promise<PointMovement[]> {
    const idsOf = (types: readonly string[]) =>
      entries.filter((e) => types.includes(e.reference_type)).map((e) => Number(e.reference_id));
    const [episodes, magazines] = await Promise.all([
      this.options.labels.listEpisodeLabels(idsOf(EPISODE_REFERENCES).filter(Number.isSafeInteger)),
      this.options.labels.listMagazinesByIds(idsOf([MAGAZINE_REFERENCE]).filter(Number.isSafeInteger)),
    ]);
    const labels: MovementLabels = {
      episodes: new Map(episodes.map((e) => [e.id, e])),
      magazines: new Map(magazines.map((m) => [m.id, m])),
    };
    return entries.map((entry) => toPointMovementResponse(entry, labels, { locale, timeZone: this.options.timeZone }));
  }
}
