import type { DataSaverSetting, ImageQuality, ScrambleSeed } from '@manga/contracts';
import { SERVICE_NAME } from '#app/brand.ts';
import type { AgeRestriction } from '#app/features/catalogue/age-restriction.ts';
import type { AccessKind } from '#app/features/catalogue/episode-access.ts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import { pageMeta } from '#app/i18n/meta.ts';

// The view model of the viewer routes (the episode route and the two minfunction viewers), shared
// by their loader and the reader.

/** Which route shows the reader (product §2, §4): the episode route, or a minfunction viewer. */
export type ViewerMode = 'normal' | 'embed' | 'full';

/** The reader's path of an episode in a mode; title ids zero-padded to 5 digits (product §4). */
export function viewerPath(titleId: number, episodeId: number, mode: ViewerMode): string {
  if (mode === 'normal') return episodeHref(titleId, episodeId);
  const path = episodeHref(titleId, episodeId).replace(/^\/title\//, '/minfunction/title/');
  return `${path}/${mode === 'embed' ? 'embedviewer' : 'fullviewer'}`;
}

/** The episode on its title page, where it is bought or rented (the row's anchor). */
export function titleEpisodeAnchor(titleId: number, episodeId: number): string {
  return `${titleHref(titleId)}#episode-${episodeId}`;
}

/** A neighbouring chapter (previous_episode / next_episode: int fields, {} when none) and its badge. */
export interface AdjacentChapter {
  episodeId: number;
  href: string;
  access: AccessKind;
  /** Its price in points while it must be bought; 0 otherwise. */
  point: number;
}

/** One page of the episode: its signed URL and stored size. */
export interface ViewerPage {
  url: string;
  width: number;
  height: number;
}

/** A page's size when the API gives none: the shape of most manga pages (and of the demo's). */
export const DEFAULT_PAGE_SIZE = Object.freeze({ width: 768, height: 1088 });

/** The reading direction the API gives (`direction`, the episode's viewing_direction). */
export type ReadingDirection = 'rtl' | 'ltr' | 'vertical';

export function readingDirectionOf(direction: number): ReadingDirection {
  if (direction === 2) return 'ltr';
  if (direction === 3) return 'vertical';
  return 'rtl';
}

export interface ViewerBase {
  titleId: number;
  episodeId: number;
  titleName: string;
  episodeName: string;
  titleHref: string;
  mode: ViewerMode;
}

/**
 * The page the reader opens on, ready to be drawn before the app's scripts run (ADR 016): its URL
 * (preloaded with the HTML), stored size and the tile copies that unscramble it, worked out on the
 * server with the same contracts code as the reader's.
 */
export interface BootPage {
  url: string;
  width: number;
  height: number;
  /** [sx, sy, dx, dy, w, h] of each tile copy. */
  copies: [number, number, number, number, number, number][];
}

export interface ReadyViewerData extends ViewerBase {
  state: 'ready';
  pages: ViewerPage[];
  scrambleSeed: ScrambleSeed;
  scrambleVer: number | null;
  direction: ReadingDirection;
  previous: AdjacentChapter | undefined;
  next: AdjacentChapter | undefined;
  /** 1-based page to open on (`?page=N`, continue reading, or where a logged-in reader stopped). */
  startPage: number;
  /** How `startPage` was chosen: named by the URL, the account's place (a chance to start over), or page 1. */
  startFrom: 'url' | 'resumed' | 'first';
  boot: BootPage | undefined;
  /** The tier of `pages` (ADR 055): the API's answer to the tier asked for. */
  imageQuality: ImageQuality;
  /** The reader's data saver setting (its cookie), which the reader can change. */
  dataSaver: DataSaverSetting;
  /** The browser sent `Save-Data: on` with the page: `auto` means the light tier. */
  saveDataRequested: boolean;
}

/** What opening a locked chapter takes (API 400 / 3105), from its badge and price. */
export interface LockedViewerData extends ViewerBase {
  state: 'locked';
  point: number;
  /** How a ticket can rent it; undefined when no ticket can. */
  tickets: LockedTickets | undefined;
  /** Points back for buying it. */
  bonusPoint: number;
  /** Where it is bought or rented: its row on the title page. */
  unlockHref: string;
  /** The title page's buy confirmation (through the login dialog for visitors). */
  buyHref: string;
  /** The title page's rent confirmation, when a ticket can rent the chapter. */
  rentHref: string | undefined;
  /** When the screen was drawn (ISO instant): the ticket countdown's first frame. */
  renderedAt: string;
  /** The login dialog, coming back to this chapter, for visitors who are not logged in. */
  loginHref: string | undefined;
  firstEpisodeHref: string | undefined;
  /** A logged-in reader's points and what they can do right here (issue 24 item 7); undefined for visitors. */
  wallet: LockedWallet | undefined;
}

/**
 * What a logged-in reader can do on the locked screen itself (issue 24 item 7): see their points, buy
 * the chapter, rent it with a ticket they hold, or top up (the shop, coming back here).
 */
export interface LockedWallet {
  /** Points held now, paid and free. */
  balance: number;
  /** The chapter's price now (GET /episode/status). */
  price: number;
  /** Whether the chapter is sold on its own (a short wallet can top up and buy it). */
  purchasable: boolean;
  /** Points still needed to buy it; 0 when the wallet covers the price. */
  shortBy: number;
  /** A ticket the reader holds that rents it now: the title's own first, else a premium one. */
  rent: { kind: 'title' | 'premium'; ticketType: number; ticketVersion: number; own: number } | undefined;
  /** The shop, coming back to this chapter. */
  shopHref: string;
}

/**
 * The ticket state of a locked chapter that tickets can rent, as GET /title/ticket/list tells it
 * (ADR 014); both parts are undefined when that call failed (the episode's flag alone says a ticket
 * can rent it).
 */
export interface LockedTickets {
  /** The title's own free tickets, which come back over time; undefined when the title has none. */
  title: { max: number; recoverSeconds: number; rentalSeconds: number } | undefined;
  /** What a logged-in reader holds now; undefined for visitors (the API answers them a full stock). */
  held: { title: number; premium: number; nextTitleTicketInSeconds: number } | undefined;
}

/** An age-rated chapter the API refused (2016): the rating, and the inline question or why it stays closed (ADR 026). */
export interface RestrictedViewerData extends ViewerBase {
  state: 'restricted';
  restriction: AgeRestriction;
}

export type ViewerData = ReadyViewerData | LockedViewerData | RestrictedViewerData;

/** `<title>` of a viewer page: episode, title and service; the route's own heading when nothing loaded. */
export function viewerMeta(
  matches: Parameters<typeof pageMeta>[0],
  viewer: ViewerData | undefined,
  fallbackKey: string,
  fallbackValues: Record<string, unknown> = {},
): { title: string }[] {
  return viewer?.episodeName
    ? [{ title: `${viewer.episodeName} | ${viewer.titleName} | ${SERVICE_NAME}` }]
    : pageMeta(matches, fallbackKey, fallbackValues);
}
