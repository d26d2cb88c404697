import type { Insertable, Kysely, Selectable } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE, insertBatches, uniqueIds } from '#src/db/batch.ts';
import type {
  AuthorTable,
  Database,
  EpisodeRow,
  NewTitle,
  TitleAuthorTable,
  TitleGenreTable,
  TitleRow,
} from '#src/db/schema.ts';

export type AuthorRow = Selectable<AuthorTable>;
export type NewAuthor = Insertable<AuthorTable>;
export type NewTitleAuthor = Insertable<TitleAuthorTable>;
export type NewTitleGenre = Insertable<TitleGenreTable>;

/** What a title's episode list and free/paid badges are computed from (by the services). */
export type ReleasedEpisodeSummary = Pick<EpisodeRow, 'id' | 'sort_index' | 'point' | 'start_at' | 'free_until_at'>;

export interface TitleAuthorCredit {
  author_id: number;
  name_en: string;
  name_ja: string;
  role: string;
  position: number;
}

/** A title row with everything the wire Title needs besides per-user state. */
export interface TitleListing {
  title: TitleRow;
  /** Ascending genre ids. */
  genreIds: number[];
  /** Ordered by position, then author id. */
  authors: TitleAuthorCredit[];
  /** Episodes with start_at <= now, by sort_index (oldest first). */
  releasedEpisodes: ReleasedEpisodeSummary[];
}

export class TitleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Titles with their genres, authors and released episodes, in the order of `ids` (repeats and
   * unknown ids dropped). Four queries per 500 ids, whatever the number of titles.
   */
  async listTitlesByIds(ids: readonly number[], now: number): Promise<TitleListing[]> {
    const listings = new Map<number, TitleListing>();
    const wanted = uniqueIds(ids);
    for (const idChunk of chunk(wanted, IN_LIST_CHUNK_SIZE)) {
      const [titles, genres, authors, episodes] = await Promise.all([
        this.db.selectFrom('title').selectAll().where('id', 'in', idChunk).execute(),
        this.db
          .selectFrom('title_genre')
          .select(['title_id', 'genre_id'])
          .where('title_id', 'in', idChunk)
          .orderBy('title_id')
          .orderBy('genre_id')
          .execute(),
        this.db
          .selectFrom('title_author')
          .innerJoin('author', 'author.id', 'title_author.author_id')
          .select([
            'title_author.title_id',
            'title_author.author_id',
            'author.name_en',
            'author.name_ja',
            'title_author.role',
            'title_author.position',
          ])
          .where('title_author.title_id', 'in', idChunk)
          .orderBy('title_author.title_id')
          .orderBy('title_author.position')
          .orderBy('title_author.author_id')
          .orderBy('title_author.role')
          .execute(),
        this.db
          .selectFrom('episode')
          .select(['title_id', 'id', 'sort_index', 'point', 'start_at', 'free_until_at'])
          .where('title_id', 'in', idChunk)
          .where('start_at', '<=', now)
          .orderBy('title_id')
          .orderBy('sort_index')
          .orderBy('id')
          .execute(),
      ]);
      for (const title of titles) listings.set(title.id, { title, genreIds: [], authors: [], releasedEpisodes: [] });
      for (const { title_id, genre_id } of genres) listings.get(title_id)?.genreIds.push(genre_id);
      for (const { title_id, ...credit } of authors) listings.get(title_id)?.authors.push(credit);
      for (const { title_id, ...episode } of episodes) listings.get(title_id)?.releasedEpisodes.push(episode);
    }
    return wanted.flatMap((id) => listings.get(id) ?? []);
  }

  async countTitles(): Promise<number> {
    const { count } = await this.db
      .selectFrom('title')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Bulk insert for the catalogue seeder and importer. */
  async insertTitles(titles: readonly NewTitle[]): Promise<void> {
    for (const batch of insertBatches(titles)) await this.db.insertInto('title').values(batch).execute();
  }

  async insertTitleGenres(links: readonly NewTitleGenre[]): Promise<void> {
    for (const batch of insertBatches(links)) await this.db.insertInto('title_genre').values(batch).execute();
  }

  /** Inserts authors and returns them with their new ids, in the order given. */
  async insertAuthors(authors: readonly NewAuthor[]): Promise<AuthorRow[]> {
    const inserted: AuthorRow[] = [];
    for (const batch of insertBatches(authors)) {
      const rows = await this.db.insertInto('author').values(batch).returningAll().execute();
      // RETURNING order is unspecified; ids are assigned in VALUES order on both dialects.
      inserted.push(...rows.sort((a, b) => a.id - b.id));
    }
    return inserted;
  }

  async insertTitleAuthors(credits: readonly NewTitleAuthor[]): Promise<void> {
    for (const batch of insertBatches(credits)) await this.db.insertInto('title_author').values(batch).execute();
  }
}
