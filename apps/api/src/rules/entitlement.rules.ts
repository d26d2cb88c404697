// Access to an episode (architecture §5): "may this reader open this episode, and why", as pure rules over
// rows the caller already holds. EntitlementService is the one owner of the question: it loads the
// rows, knows the reader and calls these rules; viewers, episode lists, /web/episode and the
// viewer's neighbours use its answer, and mappers turn the answer into badges and prices.
//
// An episode opens when it is released, its title's age rating admits the reader, and the reader
// holds it (bought it, alone, in bulk or with its magazine issue; or rents it, with a title or a
// premium ticket, until a time) or it is free (price 0, one of the title's free first or latest
// episodes) or inside a free window (a title campaign or an episode window). What a reader holds is
// read behind a repository port of EntitlementService (ADR 011, ADR 014); whose birthday the age rule
// reads, behind its users port (ADR 015).
import { ageInYears, parseBirthday, ResponseCode, type YearMonth } from '@manga/contracts';
import type { EpisodeRow, Millis, TitleRow } from '#src/db/schema.ts';
import { type ConsentCookies, declaredBirthdayFromCookies } from '#src/rules/age-gate.rules.ts';
import type { AuthUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';

/**
 * What opens an episode for a reader, age aside, strongest first: held by the reader (`purchased`,
 * `rented`), then `free`, `free_window`; `locked` when nothing does (it must be bought or rented).
 */
export type Entitlement = 'purchased' | 'rented' | 'free' | 'free_window' | 'locked';
/** The ticket a rental was made with. */
export type RentalTicket = 'title' | 'premium';
/** What keeps a reader out of an episode whatever the entitlement. */
export type AccessGate = 'unreleased' | 'age_restricted';
export type AccessReason = Entitlement | AccessGate;

/** The answer for one episode and one reader. */
export interface EpisodeAccess {
  readonly episodeId: number;
  /** The reader may open the episode now. */
  readonly open: boolean;
  /** Why: the gate that closes it, else its entitlement. */
  readonly reason: AccessReason;
  /** The entitlement whatever the gates say: badges and prices show this one. */
  readonly entitlement: Entitlement;
  /** For `free_window`: when the window that frees it closes. */
  readonly freeUntil?: Millis;
  /** For `rented`: when the rental ends, and the ticket it was made with. */
  readonly rentedUntil?: Millis;
  readonly rentalTicket?: RentalTicket;
  /**
   * Whenever the title's rating does not admit the reader (reason `age_restricted`, or `unreleased`
   * for an episode not out yet): the rating and whether the reader's birthday is known.
   */
  readonly ageRating?: number;
  readonly birthdayKnown?: boolean;
}

/**
 * What a reader holds of one episode, as the ownership port reads it: bought (alone, in bulk or with
 * a magazine issue), and the latest-ending rental still running, if any.
 */
export interface EpisodeOwnership {
  readonly purchased: boolean;
  readonly rentedUntil?: Millis;
  readonly rentalKind?: RentalTicket;
}

/** Who asks: the session's user, whether a crawler asks, and the birthday cookie. */
export interface Reader {
  user: AuthUser | null;
  isCrawler: boolean;
  cookies: ConsentCookies;
}

/** A reader nobody knows anything about: answers cached for every reader are decided for this one. */
export const ANONYMOUS_READER: Reader = Object.freeze({ user: null, isCrawler: false, cookies: Object.freeze({}) });

/** The episode fields the rules read. */
export type AccessEpisode = Pick<EpisodeRow, 'id' | 'point' | 'start_at' | 'free_until_at'>;

/** The title fields the rules read, with its released episodes in order (their positions count). */
export interface AccessTitle {
  title: Pick<TitleRow, 'published_at' | 'age_rating' | 'free_first_count' | 'free_latest_count' | 'free_until_at'>;
  releasedEpisodes: readonly { id: number }[];
}

/** An episode with its title, as one item of a batch. */
export interface EpisodeInTitle {
  episode: AccessEpisode;
  listing: AccessTitle;
}

/**
 * An episode with its title and its place among the title's released episodes, for callers whose
 * query counted the place (the sale rows of purchases and rentals).
 */
export interface PlacedEpisode {
  episode: AccessEpisode;
  title: AccessTitle['title'];
  /** 0-based position among the title's released episodes (by sort_index); -1 when not released. */
  position: number;
  releasedCount: number;
}

/** A held episode: bought, or rented until a time with a ticket. */
export type HeldEntitlement =
  | { reason: 'purchased' }
  | { reason: 'rented'; rentedUntil: Millis; rentalTicket: RentalTicket };

/** What the reader holds of an episode at `now`: a purchase first, else a rental that still runs. */
export function heldEntitlementOf(ownership: EpisodeOwnership | undefined, now: Millis): HeldEntitlement | undefined {
  if (ownership?.purchased) return { reason: 'purchased' };
  if (ownership?.rentedUntil !== undefined && ownership.rentedUntil > now) {
    return { reason: 'rented', rentedUntil: ownership.rentedUntil, rentalTicket: ownership.rentalKind ?? 'title' };
  }
  return undefined;
}

/** A free episode and, for a free window, when it closes. */
export type FreeEntitlement = { reason: 'free' } | { reason: 'free_window'; freeUntil: Millis };

/**
 * Why a released episode is free now, or undefined when it is not: a price of 0 or one of the
 * title's first `free_first_count` / latest `free_latest_count` released episodes is `free`; a
 * running title campaign or episode window is `free_window` until the later of the two ends.
 *
 * @param position 0-based position of the episode among the title's released episodes (by sort_index)
 * @param releasedCount how many episodes of the title are released
 */
export function freeEntitlementOf(
  episode: Pick<AccessEpisode, 'point' | 'free_until_at'>,
  title: Pick<AccessTitle['title'], 'free_first_count' | 'free_latest_count' | 'free_until_at'>,
  position: number,
  releasedCount: number,
  now: Millis,
): FreeEntitlement | undefined {
  if (episode.point <= 0) return { reason: 'free' };
  if (position < title.free_first_count || position >= releasedCount - title.free_latest_count) {
    return { reason: 'free' };
  }
  const windows = [title.free_until_at, episode.free_until_at].filter(
    (end): end is Millis => end !== null && now < end,
  );
  return windows.length > 0 ? { reason: 'free_window', freeUntil: Math.max(...windows) } : undefined;
}

/**
 * The publication time of a title nobody has published yet, or that an editor took back (ADR 046): after
 * every clock, so every reader query that asks `published_at <= now` leaves it out without a change.
 */
export const UNPUBLISHED_AT: Millis = Date.UTC(9999, 11, 31);

/** A title exists for readers from its publication time on; its episodes from their start time. */
export function isTitlePublished(title: Pick<TitleRow, 'published_at'>, now: Millis): boolean {
  return title.published_at <= now;
}

/** A chapter exists for readers from its release time (`start_at`) on. */
export function isEpisodeReleased(episode: Pick<EpisodeRow, 'start_at'>, now: Millis): boolean {
  return episode.start_at <= now;
}

/**
 * The birthday the age rule reads (ADR 015):
 * - a crawler has none: product §4's defaults (2000-01, consent) open browsing and metadata, never the
 *   pages of an age-rated episode;
 * - a logged-in reader's account birthday decides, and their cookies are not read;
 * - anyone else (and an account that has no birthday yet) has the birthday they declared through
 *   the age gate (declaredBirthdayFromCookies): expired, malformed or far-future cookies are none.
 *
 * @param accountBirthday the logged-in reader's stored `user.birthday` (null when not set yet)
 */
export function readerBirthday(
  reader: Reader,
  accountBirthday: string | null | undefined,
  now: Millis,
): YearMonth | undefined {
  if (reader.isCrawler) return undefined;
  if (reader.user && accountBirthday) return parseBirthday(accountBirthday, new Date(now));
  return declaredBirthdayFromCookies(reader.cookies, now);
}

/** Age-rated titles (age_rating > 0) need a known birthday old enough for the rating. */
export function admitsAge(ageRating: number, birthday: YearMonth | undefined, now: Millis): boolean {
  return ageRating <= 0 || (birthday !== undefined && ageInYears(birthday, new Date(now)) >= ageRating);
}

/** Whether a title's age rating admits a reader, and whether the reader's birthday is known at all. */
export interface TitleAgeAccess {
  readonly ageRating: number;
  readonly admitted: boolean;
  readonly birthdayKnown: boolean;
}

/** The age rule alone, for a title (the title page and the viewer's locked state ask it, ADR 026). */
export function decideTitleAgeAccess(
  title: Pick<TitleRow, 'age_rating'>,
  birthday: YearMonth | undefined,
  now: Millis,
): TitleAgeAccess {
  return {
    ageRating: Math.max(0, title.age_rating),
    admitted: admitsAge(title.age_rating, birthday, now),
    birthdayKnown: birthday !== undefined,
  };
}

/**
 * The answer for one episode, in the order the viewer checks: released (the episode and its title),
 * old enough for the title's rating, then the entitlement: what the reader holds, else the free
 * rules. A held episode keeps its entitlement behind the gates (a bought episode not out yet is a
 * reservation; a minor's purchase shows as bought but stays closed).
 */
export function decideEpisodeAccess(
  { episode, title, position, releasedCount }: PlacedEpisode,
  birthday: YearMonth | undefined,
  ownership: EpisodeOwnership | undefined,
  now: Millis,
): EpisodeAccess {
  const episodeId = episode.id;
  const held = heldEntitlementOf(ownership, now);
  const heldFields =
    held?.reason === 'rented' ? { rentedUntil: held.rentedUntil, rentalTicket: held.rentalTicket } : {};
  const ageGate = admitsAge(title.age_rating, birthday, now)
    ? undefined
    : { ageRating: title.age_rating, birthdayKnown: birthday !== undefined };
  if (!isEpisodeReleased(episode, now) || !isTitlePublished(title, now)) {
    const entitlement = held?.reason ?? 'locked';
    return { episodeId, open: false, reason: 'unreleased', entitlement, ...heldFields, ...ageGate };
  }
  const free = held ? undefined : freeEntitlementOf(episode, title, position, releasedCount, now);
  const entitlement: Entitlement = held?.reason ?? free?.reason ?? 'locked';
  const window = free?.reason === 'free_window' ? { freeUntil: free.freeUntil } : {};
  if (ageGate) {
    return { episodeId, open: false, reason: 'age_restricted', entitlement, ...window, ...heldFields, ...ageGate };
  }
  return { episodeId, open: entitlement !== 'locked', reason: entitlement, entitlement, ...window, ...heldFields };
}

/** The reader holds the episode (bought it, or rents it now), whatever the gates say. */
export function isHeld(access: Pick<EpisodeAccess, 'entitlement'>): boolean {
  return access.entitlement === 'purchased' || access.entitlement === 'rented';
}

/** The episode costs nothing now, for anyone: free, or inside a free window. */
export function isFreeOfCharge(access: Pick<EpisodeAccess, 'entitlement'>): boolean {
  return access.entitlement === 'free' || access.entitlement === 'free_window';
}

export const AGE_RATING_UNKNOWN_MESSAGE = 'Enter your birthday to read this title.';
export const ageRatingMessage = (rating: number) => `This title is for readers aged ${rating} or older.`;

/**
 * The refusal of an `age_restricted` answer: 2016 AccountAccessDenied with a message that says why
 * (no known birthday, or too young for the rating). The viewers and the comments answer it alike.
 */
export function ageRestrictedError(access: Pick<EpisodeAccess, 'ageRating' | 'birthdayKnown'>): DomainError {
  return new DomainError(
    ResponseCode.AccountAccessDenied,
    access.birthdayKnown ? ageRatingMessage(access.ageRating ?? 0) : AGE_RATING_UNKNOWN_MESSAGE,
  );
}
