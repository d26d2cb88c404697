// The one owner of access (DESIGN §5, ADR 011): "may this reader open this episode, and why". It
// loads what the rules of entitlement.rules.ts read and answers one episode by id or a batch of
// episodes the caller already loaded (lists). Commerce adds what a reader holds (purchases,
// rentals, premium tickets, plans) behind a repository port here; the callers stay as they are.
import type { EpisodeRow, Millis, UserRow } from '#src/db/schema.ts';
import type { TitleListing } from '#src/repositories/title.repository.ts';
import {
  type AccessTitle,
  decideEpisodeAccess,
  type EpisodeAccess,
  type EpisodeInTitle,
  type Reader,
  readerBirthday,
} from '#src/rules/entitlement.rules.ts';

export interface EntitlementTitleReader {
  listTitlesByIds(ids: readonly number[], now: Millis): Promise<TitleListing[]>;
}

export interface EntitlementEpisodeReader {
  findEpisodeById(id: number): Promise<EpisodeRow | undefined>;
}

/** The logged-in reader's account, whose birthday the age rule reads (ADR 015). */
export interface EntitlementUserReader {
  findUserById(id: number): Promise<Pick<UserRow, 'birthday'> | undefined>;
}

/** An episode with its title's listing and the reader's access to it. */
export interface EpisodeAccessAnswer {
  episode: EpisodeRow;
  listing: TitleListing;
  access: EpisodeAccess;
}

export class EntitlementService {
  private readonly titles: EntitlementTitleReader;
  private readonly episodes: EntitlementEpisodeReader;
  private readonly users: EntitlementUserReader;

  constructor(ports: {
    titles: EntitlementTitleReader;
    episodes: EntitlementEpisodeReader;
    users: EntitlementUserReader;
  }) {
    this.titles = ports.titles;
    this.episodes = ports.episodes;
    this.users = ports.users;
  }

  /** One episode by id, released or not; undefined when there is no such episode (or title). */
  async findEpisodeAccess(reader: Reader, episodeId: number, now: Millis): Promise<EpisodeAccessAnswer | undefined> {
    const episode = await this.episodes.findEpisodeById(episodeId);
    if (!episode) return undefined;
    const [listing] = await this.titles.listTitlesByIds([episode.title_id], now);
    if (!listing) return undefined;
    const [access] = await this.decideEpisodeAccess(reader, [{ episode, listing }], now);
    return access && { episode, listing, access };
  }

  /** The answers for episodes already loaded with their titles, in the order given. */
  async decideEpisodeAccess(
    reader: Reader,
    episodes: readonly EpisodeInTitle[],
    now: Millis,
  ): Promise<EpisodeAccess[]> {
    const account = reader.user && !reader.isCrawler ? await this.users.findUserById(reader.user.userId) : undefined;
    const birthday = readerBirthday(reader, account?.birthday, now);
    const positions = new PositionIndex();
    return episodes.map((item) => decideEpisodeAccess(item, positions.of(item), birthday, now));
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
