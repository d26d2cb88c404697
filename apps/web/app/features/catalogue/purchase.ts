import { bulkPointBack, type PointBalance, ResponseCode, splitPointSpend } from '@manga/contracts';
import type { EpisodeAccess } from '#app/features/catalogue/episode-access.ts';

// Buying and renting from the title page (issue 10, ADR 014): what the confirmation shows and what
// its form answers. Whether an episode is for sale is the API's answer (its badge and
// GET /episode/status); the web app only works out what a purchase will take from the wallet, with
// contracts' `splitPointSpend` (free points first), which the server's ledger applies to its lots.

export const PURCHASE_INTENT_FIELD = 'intent';
export const PurchaseIntent = { Buy: 'buy', Rent: 'rent', Bulk: 'bulk' } as const;
export type PurchaseIntent = (typeof PurchaseIntent)[keyof typeof PurchaseIntent];

export function purchaseIntentOf(value: FormDataEntryValue | null): PurchaseIntent | undefined {
  return value === PurchaseIntent.Buy || value === PurchaseIntent.Rent || value === PurchaseIntent.Bulk
    ? value
    : undefined;
}

/** What paying `price` does to the wallet: the points spent by kind and what is left, or how many are missing. */
export interface PurchaseQuote {
  price: number;
  before: PointBalance;
  /** Undefined when the wallet is short. */
  spend: PointBalance | undefined;
  after: PointBalance | undefined;
  /** Points still needed (0 when the wallet covers the price). */
  shortBy: number;
}

export const totalPoints = (balance: PointBalance): number => balance.paid_point + balance.free_point;

export function quotePurchase(before: PointBalance, price: number): PurchaseQuote {
  const spend = splitPointSpend(before, price);
  return {
    price,
    before,
    spend,
    after: spend
      ? { paid_point: before.paid_point - spend.paid_point, free_point: before.free_point - spend.free_point }
      : undefined,
    shortBy: spend ? 0 : Math.max(0, price - Math.max(before.paid_point, 0) - Math.max(before.free_point, 0)),
  };
}

export interface CatchUpEpisode {
  id: number;
  index: number;
  name: string;
  point: number;
}

/** The catch-up: every paid episode the reader has not opened and does not hold, oldest first, its total and point back. */
export interface CatchUp {
  episodes: CatchUpEpisode[];
  total: number;
  pointBack: number;
}

/** What the catch-up reads of an episode row (the title page's `EpisodeRowView`). */
export interface CatchUpRow {
  id: number;
  index: number;
  name: string;
  access: EpisodeAccess;
  singleSale: boolean;
  isViewed: boolean;
}

/** Episodes to buy, their total and point back: the one sum the page, the dialog and its range show. */
function catchUpOfEpisodes(episodes: CatchUpEpisode[]): CatchUp {
  const total = episodes.reduce((sum, episode) => sum + episode.point, 0);
  return { episodes, total, pointBack: bulkPointBack(total) };
}

export function catchUpOf(rows: readonly CatchUpRow[]): CatchUp {
  return catchUpOfEpisodes(
    rows
      .flatMap((row) =>
        row.access.kind === 'paid' && row.access.point > 0 && row.singleSale && !row.isViewed
          ? [{ id: row.id, index: row.index, name: row.name, point: row.access.point }]
          : [],
      )
      .sort((a, b) => a.index - b.index),
  );
}

/** Chapter numbers from and to (both included) the reader chose in the catch-up (issue 24 item 12). */
export interface CatchUpRange {
  from: number;
  to: number;
}

/**
 * The part of a catch-up between two chapter numbers (either way round); an open end is the first
 * or last episode of the catch-up.
 */
export function catchUpInRange(catchUp: CatchUp, range: Partial<CatchUpRange>): CatchUp {
  const first = catchUp.episodes[0]?.index ?? 0;
  const last = catchUp.episodes[catchUp.episodes.length - 1]?.index ?? 0;
  const a = range.from ?? first;
  const b = range.to ?? last;
  const [low, high] = a <= b ? [a, b] : [b, a];
  return catchUpOfEpisodes(catchUp.episodes.filter((episode) => episode.index >= low && episode.index <= high));
}

export interface DialogEpisode {
  id: number;
  index: number;
  name: string;
  href: string;
}

/** A title ticket the reader may use now, or when the next one comes back. */
export interface TitleTicketOption {
  own: number;
  max: number;
  ticketType: number;
  ticketVersion: number;
  rentalSeconds: number;
  /** When the next ticket comes back (ISO instant), while none is left. */
  nextAt: string | undefined;
}

export interface PremiumTicketOption {
  own: number;
  ticketType: number;
  rentalSeconds: number;
}

/** The confirmation the title page shows (`?buy=`, `?rent=`, `?bulk=1`), with what the API said about the episode. */
export type PurchaseDialogView =
  | {
      kind: 'buy';
      episode: DialogEpisode;
      /** False when the episode cannot be bought now whatever the wallet holds (not sold alone, not for sale). */
      purchasable: boolean;
      bonusPoint: number;
      quote: PurchaseQuote;
      /** The shop, coming back to this confirmation. */
      shopHref: string;
    }
  | {
      kind: 'rent';
      episode: DialogEpisode;
      title: TitleTicketOption | undefined;
      premium: PremiumTicketOption | undefined;
      /** When the page was drawn (the countdown's first frame). */
      renderedAt: string;
    }
  | {
      kind: 'bulk';
      /** Every unread paid episode (what the range is chosen from). */
      all: CatchUp;
      /** The chosen range of it: what the quote and the form buy. */
      catchUp: CatchUp;
      range: CatchUpRange;
      quote: PurchaseQuote;
      shopHref: string;
    }
  /** The episode is already open to the reader (bought, rented or free): read it. */
  | { kind: 'open'; episode: DialogEpisode }
  /** GET /episode/status or /account/point failed: the code, and a way back. */
  | { kind: 'failed'; code: number };

export type PurchaseActionResult = { status: 'failed'; intent: PurchaseIntent; code: number } | undefined;

/**
 * A confirmation's failed answer, for the confirmation of that intent only: its code, and whether
 * to offer the shop (the wallet was short when the API checked).
 */
export function purchaseFailureOf(
  result: PurchaseActionResult,
  intent: PurchaseIntent,
): { code: number; offerShop: boolean } | undefined {
  if (result?.status !== 'failed' || result.intent !== intent) return undefined;
  return { code: result.code, offerShop: result.code === ResponseCode.PointShortage };
}
