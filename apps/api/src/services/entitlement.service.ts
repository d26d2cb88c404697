// The one owner of access (architecture §5, ADR 011, ADR 014, ADR 015): "may this reader open this
// episode, and why". It loads what the rules of entitlement.rules.ts read — the episode, its title,
// a logged-in reader's account birthday (users port), and what the reader holds of it (purchases and
// running rentals, through the ownership port, one query per batch) — and answers one episode by id
// or a batch the caller already loaded (lists, sale rows).
import type { YearMonth } from '@manga/contracts';
import type { EpisodeRow, Millis, TitleRow, UserRow } from '#src/db/schema.ts';
import type { TitleListing } from '#src/repositories/title.repository.ts';
import {
  type AccessTitle,
  decideEpisodeAccess,
  decideTitleAgeAccess,
  type EpisodeAccess,
  type EpisodeInTitle,
  type EpisodeOwnership,
  type PlacedEpisode,
  type Reader,
  readerBirthday,
  type TitleAgeAccess,
} from '#src/rules/entitlement.rules.ts';

export interface EntitlementTitleSource {
  listTitlesByIds(ids: readonly number[], now: Millis): Promise<TitleListing[]>;
}

export interface EntitlementEpisodeSource {
  findEpisodeById(id: number): Promise<EpisodeRow | undefined>;
}

/** The logged-in reader's account, whose birthday the age rule reads (ADR 015). */
export interface EntitlementUserSource {
  findUserById(id: number): Promise<Pick<UserRow, 'birthday'> | undefined>;
}

/** What readers hold (OwnershipRepository): purchases and rentals running at `now`, others absent. */
export interface EpisodeOwnershipSource {
  listOwnership(
    userId: number,
    episodeIds: readonly number[],
    now: Millis,
  ): Promise<ReadonlyMap<number, EpisodeOwnership>>;
}

/** An episode with its title's listing and the reader's access to it. */
export interface EpisodeAccessAnswer {
  episode: EpisodeRow;
  listing: TitleListing;
  access: EpisodeAccess;
}

/**
 * Where to read what the reader holds and their account's birthday. A purchase or a rental decides
 * inside its own transaction, after it took the reader's lock, so it passes readers bound to that
 * transaction (on SQLite a read outside it would wait for it).
 */
export interface AccessReaders {
  ownership?: EpisodeOwnershipSource;
  users?: EntitlementUserSource;
}

export interface EntitlementServiceDeps {
  titles: EntitlementTitleSource;
  episodes: EntitlementEpisodeSource;
  users: EntitlementUserSource;
  ownership: EpisodeOwnershipSource;
}

export class EntitlementService {
  constructor(private readonly deps: EntitlementServiceDeps) {}

  /** One episode by id, released or not; undefined when there is no such episode (or title). */
  async findEpisodeAccess(reader: Reader, episodeId: number, now: Millis): Promise<EpisodeAccessAnswer | undefined> {
    const episode = await this.deps.episodes.findEpisodeById(episodeId);
    if (!episode) return undefined;
    const [listing] = await this.deps.titles.listTitlesByIds([episode.title_id], now);
    if (!listing) return undefined;
    const [access] = await this.decideEpisodeAccess(reader, [{ episode, listing }], now);
    return access && { episode, listing, access };
  }

  /** The answers for episodes already loaded with their titles, in the order given. */
  async decideEpisodeAccess(
    reader: Reader,
    episodes: readonly EpisodeInTitle[],
    now: Millis,
    source: AccessReaders = {},
  ): Promise<EpisodeAccess[]> {
    const positions = new PositionIndex();
    return this.decidePlacedEpisodeAccess(
      reader,
      episodes.map((item) => ({
        episode: item.episode,
        title: item.listing.title,
        position: positions.of(item),
        releasedCount: item.listing.releasedEpisodes.length,
      })),
      now,
      source,
    );
  }

  /** The answers for episodes whose place among their title's released episodes is known, in order. */
  async decidePlacedEpisodeAccess(
    reader: Reader,
    episodes: readonly PlacedEpisode[],
    now: Millis,
    source: AccessReaders = {},
  ): Promise<EpisodeAccess[]> {
    // Only an age-rated title reads the birthday (admitsAge): a list of unrated ones reads no account.
    const rated = episodes.some((placed) => placed.title.age_rating > 0);
    const birthday = rated ? await this.birthdayOf(reader, now, source.users ?? this.deps.users) : undefined;
    const owned = await this.ownershipOf(reader, episodes, now, source.ownership ?? this.deps.ownership);
    return episodes.map((placed) => decideEpisodeAccess(placed, birthday, owned.get(placed.episode.id), now));
  }

  /**
   * The age rule alone for a title the caller loaded: whether its rating admits the reader, and
   * whether the reader has a birthday the rule reads (the web asks for one when not, ADR 026).
   */
  async decideTitleAgeAccess(
    reader: Reader,
    title: Pick<TitleRow, 'age_rating'>,
    now: Millis,
  ): Promise<TitleAgeAccess> {
    return decideTitleAgeAccess(title, await this.birthdayOf(reader, now, this.deps.users), now);
  }

  /** What the reader holds of the episodes, in one read; nothing for a reader without a session. */
  private async ownershipOf(
    reader: Reader,
    episodes: readonly PlacedEpisode[],
    now: Millis,
    ownership: EpisodeOwnershipSource,
  ): Promise<ReadonlyMap<number, EpisodeOwnership>> {
    if (!reader.user || episodes.length === 0) return new Map();
    return ownership.listOwnership(
      reader.user.userId,
      episodes.map((placed) => placed.episode.id),
      now,
    );
  }

  /** The birthday the age rule reads (readerBirthday): a logged-in reader's account one decides. */
  private async birthdayOf(reader: Reader, now: Millis, users: EntitlementUserSource): Promise<YearMonth | undefined> {
    const account = reader.user && !reader.isCrawler ? await users.findUserById(reader.user.userId) : undefined;
    return readerBirthday(reader, account?.birthday, now);
  }
}

/** Positions of episodes among their title's released episodes, indexed once per title listing. */
class PositionIndex {
  private readonly byListing = new Map<AccessTitle, Map<number, number>>();

  of({ episode, listing }: EpisodeInTitle): number {
    let positions = this.byListing.get(listing);
    if (!positions) {
      positions = new Map(listing.releasedEpisodes.map((released, index) => [released.id, index]));
      this.byListing.set(listing, positions);
    }
    return positions.get(episode.id) ?? -1;
  }
}
