import { uniqueIds } from '@manga/contracts';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE, insertBatches } from '#src/db/batch.ts';
import { containsIgnoringCase, dialectOf, escapeLikePattern } from '#src/db/dialect.ts';
import type {
  AuthorTable,
  Database,
  EpisodeRow,
  NewTitle,
  TagRow,
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

/** Characters of a trigram: shorter keywords cannot use a trigram index. */
const TRIGRAM = 3;

/** Filters of a title search; text and author are already normalised by the caller. */
export interface TitleSearchFilter {
  /** Normalised keyword (normalizeSearchText), matched inside title.search_text. */
  text?: string;
  /** Author name (NFKC, trimmed), matched inside author names, ignoring case. */
  author?: string;
  genreId?: number;
  tagId?: number;
  magazineCategoryId?: number;
  publishCategory?: number;
  /** Only titles whose whole-title free campaign runs at this instant. */
  freeCampaignAt?: number;
}

export type TitleSearchOrder = 'popular' | 'new' | 'updated' | 'name_en' | 'name_ja';

/** One search: the filters, the order, and at most how many ids at which instant. */
export interface TitleSearch {
  filter: TitleSearchFilter;
  order: TitleSearchOrder;
  /** The ranking tab whose positions the 'popular' order follows. */
  popularityRankingId: number;
  limit: number;
  now: number;
}

export interface TitleSearchEntryRow {
  id: number;
  name_en: string;
  name_ja: string;
  author_text_en: string;
  author_text_ja: string;
  thumbnail_path: string;
  magazine_category_id: number | null;
  publish_category: number;
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

  /**
   * Ids of published titles matching every given filter, in `order`, at most `limit`. One query; the
   * keyword is a substring of the normalised search_text, found through a trigram index (SQLite FTS5,
   * PostgreSQL pg_trgm; ADR 020).
   */
  async searchTitleIds({ filter, order, popularityRankingId, limit, now }: TitleSearch): Promise<number[]> {
    const dialect = dialectOf(this.db);
    let query = this.db
      .selectFrom('title')
      .leftJoin('ranking_entry', (join) =>
        join.onRef('ranking_entry.title_id', '=', 'title.id').on('ranking_entry.ranking_id', '=', popularityRankingId),
      )
      .select('title.id')
      .where('title.published_at', '<=', now);
    if (filter.text) {
      if (dialect === 'sqlite' && [...filter.text].length >= TRIGRAM) {
        // The FTS5 trigram index (migration 20261124213000): a phrase of the keyword's trigrams is
        // the keyword as a substring, as the LIKE below; keywords under three characters scan.
        const phrase = `"${filter.text.replaceAll('"', '""')}"`;
        query = query.where(
          sql<boolean>`${sql.ref('title.id')} in (select rowid from title_search where title_search match ${phrase})`,
        );
      } else {
        // PostgreSQL answers this LIKE from pg_trgm's GIN index on search_text.
        const pattern = `%${escapeLikePattern(filter.text)}%`;
        query = query.where(sql<boolean>`${sql.ref('title.search_text')} like ${pattern} escape '\\'`);
      }
    }
    if (filter.author) {
      const author = filter.author;
      query = query.where((eb) =>
        eb.or([
          containsIgnoringCase(dialect, eb.ref('title.author_text_en'), author),
          containsIgnoringCase(dialect, eb.ref('title.author_text_ja'), author),
          eb.exists(
            eb
              .selectFrom('title_author')
              .innerJoin('author', 'author.id', 'title_author.author_id')
              .select('title_author.title_id')
              .whereRef('title_author.title_id', '=', 'title.id')
              .where((inner) =>
                inner.or([
                  containsIgnoringCase(dialect, inner.ref('author.name_en'), author),
                  containsIgnoringCase(dialect, inner.ref('author.name_ja'), author),
                ]),
              ),
          ),
        ]),
      );
    }
    if (filter.genreId !== undefined) {
      const genreId = filter.genreId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('title_genre')
            .select('title_genre.title_id')
            .whereRef('title_genre.title_id', '=', 'title.id')
            .where('title_genre.genre_id', '=', genreId),
        ),
      );
    }
    if (filter.tagId !== undefined) {
      const tagId = filter.tagId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('title_tag')
            .select('title_tag.title_id')
            .whereRef('title_tag.title_id', '=', 'title.id')
            .where('title_tag.tag_id', '=', tagId),
        ),
      );
    }
    if (filter.magazineCategoryId !== undefined) {
      query = query.where('title.magazine_category_id', '=', filter.magazineCategoryId);
    }
    if (filter.publishCategory !== undefined)
      query = query.where('title.publish_category', '=', filter.publishCategory);
    if (filter.freeCampaignAt !== undefined) query = query.where('title.free_until_at', '>', filter.freeCampaignAt);
    switch (order) {
      case 'popular':
        query = query
          .orderBy(sql`case when ${sql.ref('ranking_entry.position')} is null then 1 else 0 end`)
          .orderBy('ranking_entry.position')
          .orderBy('title.id');
        break;
      case 'new':
        query = query.orderBy('title.published_at', 'desc').orderBy('title.id', 'desc');
        break;
      case 'updated':
        query = query
          .orderBy(
            (eb) =>
              eb
                .selectFrom('episode')
                .select((inner) => inner.fn.max('episode.start_at').as('latest'))
                .whereRef('episode.title_id', '=', 'title.id')
                .where('episode.start_at', '<=', now),
            'desc',
          )
          .orderBy('title.id', 'desc');
        break;
      case 'name_en':
        query = query.orderBy(sql`lower(${sql.ref('title.name_en')})`).orderBy('title.id');
        break;
      case 'name_ja':
        query = query.orderBy('title.name_kana').orderBy('title.name_ja').orderBy('title.id');
        break;
    }
    const rows = await query.limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** Published titles serialised on a weekday (1–7), by id. */
  listWeeklyTitles(now: number): Promise<{ id: number; weekday_index: number | null; published_at: number }[]> {
    return this.db
      .selectFrom('title')
      .select(['id', 'weekday_index', 'published_at'])
      .where('weekday_index', 'is not', null)
      .where('published_at', '<=', now)
      .orderBy('id')
      .execute();
  }

  /**
   * Published titles with an episode released in [from, to), the latest release first. One grouped
   * query on the episode start index.
   */
  async listTitleIdsUpdatedBetween(from: number, to: number, now: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('episode')
      .innerJoin('title', 'title.id', 'episode.title_id')
      .select((eb) => ['episode.title_id', eb.fn.max('episode.start_at').as('latest')])
      .where('episode.start_at', '>=', from)
      .where('episode.start_at', '<', to)
      .where('episode.start_at', '<=', now)
      .where('title.published_at', '<=', now)
      .groupBy('episode.title_id')
      .orderBy('latest', 'desc')
      .orderBy('episode.title_id')
      .execute();
    return rows.map((row) => row.title_id);
  }

  /** Published titles whose whole-title free campaign runs at `now`, the soonest to end first. */
  listCampaignTitles(now: number): Promise<
    {
      id: number;
      free_until_at: number | null;
      campaign_text: string;
      campaign_text_ja: string;
      campaign_start_at: number | null;
      campaign_end_at: number | null;
    }[]
  > {
    return this.db
      .selectFrom('title')
      .select(['id', 'free_until_at', 'campaign_text', 'campaign_text_ja', 'campaign_start_at', 'campaign_end_at'])
      .where('free_until_at', '>', now)
      .where('published_at', '<=', now)
      .orderBy('free_until_at')
      .orderBy('id')
      .execute();
  }

  /** Published titles with released episodes in a time-limited free window, with its latest end. */
  async listEpisodeFreeWindowTitles(now: number): Promise<{ title_id: number; free_until_at: number }[]> {
    const rows = await this.db
      .selectFrom('episode')
      .innerJoin('title', 'title.id', 'episode.title_id')
      .select((eb) => ['episode.title_id', eb.fn.max('episode.free_until_at').as('free_until_at')])
      .where('episode.free_until_at', '>', now)
      .where('episode.start_at', '<=', now)
      .where('title.published_at', '<=', now)
      .groupBy('episode.title_id')
      .orderBy('episode.title_id')
      .execute();
    return rows.map((row) => ({ title_id: row.title_id, free_until_at: Number(row.free_until_at) }));
  }

  /** The compact search index: every published title, by id. */
  listTitleSearchEntries(now: number): Promise<TitleSearchEntryRow[]> {
    return this.db
      .selectFrom('title')
      .select([
        'id',
        'name_en',
        'name_ja',
        'author_text_en',
        'author_text_ja',
        'thumbnail_path',
        'magazine_category_id',
        'publish_category',
      ])
      .where('published_at', '<=', now)
      .orderBy('id')
      .execute();
  }

  /** Ids of every published title, by id. */
  async listPublishedTitleIds(now: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('title')
      .select('id')
      .where('published_at', '<=', now)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Every (title, genre) link, by title then genre. */
  listTitleGenreLinks(): Promise<{ title_id: number; genre_id: number }[]> {
    return this.db
      .selectFrom('title_genre')
      .select(['title_id', 'genre_id'])
      .orderBy('title_id')
      .orderBy('genre_id')
      .execute();
  }

  /** Tags of a title, by id. */
  listTagsByTitle(titleId: number): Promise<TagRow[]> {
    return this.db
      .selectFrom('tag')
      .innerJoin('title_tag', 'title_tag.tag_id', 'tag.id')
      .select(['tag.id', 'tag.name_en', 'tag.name_ja'])
      .where('title_tag.title_id', '=', titleId)
      .orderBy('tag.id')
      .execute();
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
