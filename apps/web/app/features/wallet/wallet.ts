import {
  type AccountPointResponse,
  type PointMovement,
  PointReason,
  parseWireDateTime,
  type TicketMovement,
} from '@manga/contracts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';

// The wallet's view models (ADR 014), shared by /my/setting/point, /my/setting/ticket and
// /my/purchased: point movements with their reason in words, the lots that make up a balance with
// their expiries, premium tickets and their movements. The API decides every figure; these only
// place wire times in time and name links.

/** Wire times (MANGA_WIRE_TIMEZONE) as ISO instants, for the components' date formats. */
function isoOf(wire: string | null, timeZone: string): string | undefined {
  if (wire === null) return undefined;
  return parseWireDateTime(wire, timeZone)?.toISOString();
}

export interface LinkView {
  name: string;
  href: string;
}

/** The reasons the web app has words for (`wallet.reason.<reason>`); anything else reads "other". */
const KNOWN_REASONS: ReadonlySet<string> = new Set(Object.values(PointReason));
export type PointReasonKey = PointReason | 'other';

export function pointReasonKey(reason: string): PointReasonKey {
  return KNOWN_REASONS.has(reason) ? (reason as PointReason) : 'other';
}

export interface PointMovementView {
  id: number;
  kind: 'paid' | 'free';
  /** Signed: credits positive, debits negative. */
  amount: number;
  reason: PointReasonKey;
  at: string | undefined;
  /** Credits: when what is left of them expires; null when they never expire; undefined for debits. */
  expiresAt: string | null | undefined;
  /** Credits: what is left of them. */
  remaining: number;
  title: LinkView | undefined;
  episode: LinkView | undefined;
  magazineName: string;
}

export function toPointMovement(movement: PointMovement, timeZone: string): PointMovementView {
  const credit = movement.point > 0;
  const title =
    movement.title_id !== null && movement.title_name !== ''
      ? { name: movement.title_name, href: titleHref(movement.title_id) }
      : undefined;
  const episode =
    movement.title_id !== null && movement.episode_id !== null && movement.episode_name !== ''
      ? { name: movement.episode_name, href: episodeHref(movement.title_id, movement.episode_id) }
      : undefined;
  return {
    id: movement.point_history_id,
    kind: movement.point_kind,
    amount: movement.point,
    reason: pointReasonKey(movement.reason),
    at: isoOf(movement.purchase_time, timeZone),
    expiresAt: credit ? (isoOf(movement.expire_time, timeZone) ?? null) : undefined,
    remaining: credit ? movement.remaining_point : 0,
    title,
    episode,
    magazineName: movement.magazine_name,
  };
}

/** Points of one kind that expire together (credits, "lots", with what is left of them; one line per expiry). */
export interface PointLotView {
  kind: 'paid' | 'free';
  remaining: number;
  /** ISO instant; null: never expires. */
  expiresAt: string | null;
}

export interface BalanceView {
  paidPoints: number;
  freePoints: number;
  /** The lots still holding points, first to expire first (never-expiring last). */
  lots: PointLotView[];
  /** Every point of the balance is placed in `lots` (else only the ones the pages read). */
  complete: boolean;
}

/**
 * The lots behind a balance, from point movements newest first (any number of pages): credits with
 * points left that have not expired by `now`. Complete when, for each kind, what is left of them
 * adds up to the balance; reading more pages is then pointless.
 */
export function collectLots(
  movements: readonly PointMovementView[],
  balance: { paidPoints: number; freePoints: number },
  now: Date,
): { lots: PointLotView[]; complete: boolean } {
  const lots = movements.flatMap((movement): PointLotView[] => {
    if (movement.amount <= 0 || movement.remaining <= 0 || movement.expiresAt === undefined) return [];
    if (movement.expiresAt !== null && Date.parse(movement.expiresAt) <= now.getTime()) return [];
    return [{ kind: movement.kind, remaining: movement.remaining, expiresAt: movement.expiresAt }];
  });
  const merged = new Map<string, PointLotView>();
  for (const lot of lots) {
    const key = `${lot.kind} ${lot.expiresAt}`;
    const same = merged.get(key);
    if (same) same.remaining += lot.remaining;
    else merged.set(key, { ...lot });
  }
  const sum = (kind: 'paid' | 'free') =>
    lots.filter((lot) => lot.kind === kind).reduce((total, lot) => total + lot.remaining, 0);
  const complete = sum('paid') >= balance.paidPoints && sum('free') >= balance.freePoints;
  const order = (lot: PointLotView) => (lot.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(lot.expiresAt));
  return { lots: [...merged.values()].sort((a, b) => order(a) - order(b)), complete };
}

export interface PremiumTicketsView {
  count: number;
  /** When unused premium tickets expire (ISO), first to expire first, with how many expire then. */
  expiries: { at: string; count: number }[];
}

export function toPremiumTickets(answer: AccountPointResponse, timeZone: string): PremiumTicketsView {
  return {
    count: answer.ticket.total_num,
    expiries: answer.ticket.detail_list.reduce<{ at: string; count: number }[]>((groups, detail) => {
      const at = isoOf(detail.expired, timeZone);
      if (!at) return groups;
      const last = groups.at(-1);
      if (last?.at === at) last.count += 1;
      else groups.push({ at, count: 1 });
      return groups;
    }, []),
  };
}

/** Who gave a premium ticket (`source` of a grant), in words; anything else reads "other". */
export type TicketSourceKey = 'login_bonus' | 'operator' | 'other';

export function ticketSourceKey(source: string): TicketSourceKey {
  return source === 'login_bonus' || source === 'operator' ? source : 'other';
}

export interface TicketMovementView {
  key: string;
  event: TicketMovement['event'];
  kind: TicketMovement['ticket_kind'];
  count: number;
  source: TicketSourceKey;
  at: string | undefined;
  expiresAt: string | undefined;
  rentalEndsAt: string | undefined;
  title: LinkView | undefined;
  episode: LinkView | undefined;
}

export function toTicketMovement(movement: TicketMovement, index: number, timeZone: string): TicketMovementView {
  return {
    key: `${movement.event_time}-${movement.event}-${movement.episode_id ?? ''}-${index}`,
    event: movement.event,
    kind: movement.ticket_kind,
    count: movement.ticket_num,
    source: ticketSourceKey(movement.source),
    at: isoOf(movement.event_time, timeZone),
    expiresAt: isoOf(movement.expire_time, timeZone),
    rentalEndsAt: isoOf(movement.rental_finish_time, timeZone),
    title:
      movement.title_id !== null && movement.title_name !== ''
        ? { name: movement.title_name, href: titleHref(movement.title_id) }
        : undefined,
    episode:
      movement.title_id !== null && movement.episode_id !== null && movement.episode_name !== ''
        ? { name: movement.episode_name, href: episodeHref(movement.title_id, movement.episode_id) }
        : undefined,
  };
}
