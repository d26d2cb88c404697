// The editors' reads and writes of titles (issue 26, ADR 046): one query or statement per method, no
// policy. TitleEditorTransactionRepository runs a change and its audit-log row in one transaction.
import type { Kysely, Updateable } from 'kysely';
import { containsIgnoringCase, dialectOf } from '#src/db/dialect.ts';
import { transactionRunner } from '#src/db/group-commit.ts';
import type {
  Database,
  EpisodeRow,
  EpisodeTable,
  NewAuditLog,
  NewTitle,
  PageRow,
  PageTable,
  TitleRow,
  TitleTable,
} from '#src/db/schema.ts';

export interface EditorTitleListFilter {
  /** Normalised search text to find inside `search_text`, or undefined for every title. */
  searchText?: string;
  /** Also matches this title id exactly. */
  titleId?: number;
  /** Published at or before `now` (true), or not yet (false); undefined for both. */
  published?: boolean;
  genreId?: number;
  now: number;
}

/** A title with what the editors' form shows beside its own columns. */
export interface EditorTitleRecord {
  title: TitleRow;
  genreIds: number[];
  tags: string[];
  episodeCount: number;
}

export interface NamedRow {
  id: number;
  name_en: string;
  name_ja: string;
}

export class TitleEditorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Ids of the titles the filter matches, most recently changed first, and how many match in all. */
  async listEditorTitleIds(
    filter: EditorTitleListFilter,
    limit: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number }> {
    const dialect = dialectOf(this.db);
    let query = this.db.selectFrom('title');
    if (filter.searchText !== undefined || filter.titleId !== undefined) {
      const { searchText, titleId } = filter;
      query = query.where((eb) =>
        eb.or([
          ...(searchText ? [containsIgnoringCase(dialect, eb.ref('title.search_text'), searchText)] : []),
          ...(titleId !== undefined ? [eb('title.id', '=', titleId)] : []),
        ]),
      );
    }
    if (filter.published !== undefined) {
      query = query.where('title.published_at', filter.published ? '<=' : '>', filter.now);
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
    const [rows, count] = await Promise.all([
      query
        .select('title.id')
        .orderBy('title.updated_at', 'desc')
        .orderBy('title.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((row) => row.id), total: Number(count.total) };
  }

  /** The titles of `ids` with their genres, tags and chapter counts, in the order of `ids`. */
  async listEditorTitles(ids: readonly number[]): Promise<EditorTitleRecord[]> {
    if (ids.length === 0) return [];
    const [titles, genres, tags, counts] = await Promise.all([
      this.db.selectFrom('title').selectAll().where('id', 'in', ids).execute(),
      this.db
        .selectFrom('title_genre')
        .select(['title_id', 'genre_id'])
        .where('title_id', 'in', ids)
        .orderBy('title_id')
        .orderBy('genre_id')
        .execute(),
      this.db
        .selectFrom('title_tag')
        .innerJoin('tag', 'tag.id', 'title_tag.tag_id')
        .select(['title_tag.title_id', 'tag.name_en'])
        .where('title_tag.title_id', 'in', ids)
        .orderBy('title_tag.title_id')
        .orderBy('tag.id')
        .execute(),
      this.db
        .selectFrom('episode')
        .select((eb) => ['title_id', eb.fn.countAll<number | string>().as('episode_count')])
        .where('title_id', 'in', ids)
        .groupBy('title_id')
        .execute(),
    ]);
    const byId = new Map(titles.map((title) => [title.id, title]));
    return ids.flatMap((id) => {
      const title = byId.get(id);
      if (!title) return [];
      return [
        {
          title,
          genreIds: genres.filter((row) => row.title_id === id).map((row) => row.genre_id),
          tags: tags.filter((row) => row.title_id === id).map((row) => row.name_en),
          episodeCount: Number(counts.find((row) => row.title_id === id)?.episode_count ?? 0),
        },
      ];
    });
  }

  /** The highest title id, or undefined when there is none. */
  async findHighestTitleId(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('title')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return row?.id === null || row?.id === undefined ? undefined : Number(row.id);
  }

  listGenres(): Promise<NamedRow[]> {
    return this.db
      .selectFrom('genre')
      .select(['id', 'name_en', 'name_ja'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  listMagazineCategories(): Promise<NamedRow[]> {
    return this.db
      .selectFrom('magazine_category')
      .select(['id', 'name_en', 'name_ja'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  async createTitle(row: NewTitle): Promise<void> {
    await this.db.insertInto('title').values(row).execute();
  }

  async updateTitle(titleId: number, changes: Updateable<TitleTable>): Promise<void> {
    await this.db.updateTable('title').set(changes).where('id', '=', titleId).execute();
  }

  /** New chapters follow the title; existing ones too when an editor changes it. */
  async updateEpisodeViewingDirection(titleId: number, viewingDirection: number): Promise<void> {
    await this.db
      .updateTable('episode')
      .set({ viewing_direction: viewingDirection })
      .where('title_id', '=', titleId)
      .where('viewing_direction', '!=', viewingDirection)
      .execute();
  }

  async replaceTitleGenres(titleId: number, genreIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('title_genre').where('title_id', '=', titleId).execute();
    if (genreIds.length > 0) {
      await this.db
        .insertInto('title_genre')
        .values(genreIds.map((genreId) => ({ title_id: titleId, genre_id: genreId })))
        .execute();
    }
  }

  /** Tags are one vocabulary shared by titles: a name not seen before becomes a new tag (both languages). */
  async replaceTitleTags(titleId: number, names: readonly string[]): Promise<void> {
    await this.db.deleteFrom('title_tag').where('title_id', '=', titleId).execute();
    for (const name of names) {
      let tag = await this.db.selectFrom('tag').select('id').where('name_en', '=', name).executeTakeFirst();
      tag ??= await this.db
        .insertInto('tag')
        .values({ name_en: name, name_ja: name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.db.insertInto('title_tag').values({ title_id: titleId, tag_id: tag.id }).execute();
    }
  }

  /** The title's one credit (story and art), or none when both names are empty. */
  async replaceTitleAuthor(titleId: number, author: { name_en: string; name_ja: string } | undefined): Promise<void> {
    await this.db.deleteFrom('title_author').where('title_id', '=', titleId).execute();
    if (!author) return;
    let row = await this.db
      .selectFrom('author')
      .select('id')
      .where('name_en', '=', author.name_en)
      .where('name_ja', '=', author.name_ja)
      .executeTakeFirst();
    row ??= await this.db.insertInto('author').values(author).returning('id').executeTakeFirstOrThrow();
    await this.db
      .insertInto('title_author')
      .values({ title_id: titleId, author_id: row.id, role: 'story_art', position: 1 })
      .execute();
  }

  /** Ids among `genreIds` that exist. */
  async listExistingGenreIds(genreIds: readonly number[]): Promise<number[]> {
    if (genreIds.length === 0) return [];
    const rows = await this.db.selectFrom('genre').select('id').where('id', 'in', genreIds).execute();
    return rows.map((row) => row.id);
  }

  async hasMagazineCategory(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('magazine_category').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** The title's chapters in reading order. */
  listTitleEpisodes(titleId: number): Promise<EpisodeRow[]> {
    return this.db.selectFrom('episode').selectAll().where('title_id', '=', titleId).orderBy('sort_index').execute();
  }

  /** Chapters of every title released in [from, to), soonest first, with their title's names. */
  listScheduledEpisodes(
    from: number,
    to: number,
    limit: number,
  ): Promise<(EpisodeRow & { title_name_en: string; title_name_ja: string })[]> {
    return this.db
      .selectFrom('episode')
      .innerJoin('title', 'title.id', 'episode.title_id')
      .selectAll('episode')
      .select(['title.name_en as title_name_en', 'title.name_ja as title_name_ja'])
      .where('episode.start_at', '>=', from)
      .where('episode.start_at', '<', to)
      .orderBy('episode.start_at')
      .orderBy('episode.id')
      .limit(limit)
      .execute();
  }

  findEpisode(episodeId: number): Promise<EpisodeRow | undefined> {
    return this.db.selectFrom('episode').selectAll().where('id', '=', episodeId).executeTakeFirst();
  }

  async updateEpisode(episodeId: number, changes: Updateable<EpisodeTable>): Promise<void> {
    await this.db.updateTable('episode').set(changes).where('id', '=', episodeId).execute();
  }

  async insertAuditLog(entry: NewAuditLog): Promise<void> {
    await this.db.insertInto('audit_log').values(entry).execute();
  }

  /** A chapter's pages by page number (ADR 061). */
  listEpisodePages(episodeId: number): Promise<PageRow[]> {
    return this.db.selectFrom('page').selectAll().where('episode_id', '=', episodeId).orderBy('page_number').execute();
  }

  /**
   * Gives each page id its new page number. Every number is first moved out of the way (negated), so
   * the (episode_id, page_number) key holds at every statement; run it inside a transaction.
   */
  async renumberPages(episodeId: number, order: ReadonlyArray<{ id: number; page_number: number }>): Promise<void> {
    for (const page of order) {
      await this.db
        .updateTable('page')
        .set({ page_number: -page.page_number })
        .where('id', '=', page.id)
        .where('episode_id', '=', episodeId)
        .execute();
    }
    await this.db
      .updateTable('page')
      .set((eb) => ({ page_number: eb.neg(eb.ref('page_number')) }))
      .where('episode_id', '=', episodeId)
      .where('page_number', '<', 0)
      .execute();
  }

  /** Points a page at new image objects while it still has `storageKey`; false when it no longer does. */
  async updatePageImage(pageId: number, storageKey: string, changes: Updateable<PageTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('page')
      .set(changes)
      .where('id', '=', pageId)
      .where('storage_key', '=', storageKey)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}

export class TitleEditorTransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (titles: TitleEditorRepository) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) => work(new TitleEditorRepository(trx)));
  }
}
