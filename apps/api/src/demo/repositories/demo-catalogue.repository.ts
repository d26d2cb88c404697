// The demo seeder's bulk writer: a whole catalogue in one transaction, and its deletion for
// `npm run seed -- --force`. Title, episode and genre rows go through their own repositories, bound
// to the same transaction; the tables no other repository writes (magazines, tags, ranking tabs,
// products, advertisements) are inserted here. Bulk inserts are batched by `insertBatches`, so no
// statement exceeds SQLite's bound-parameter limit. The importer's writes are IngestRepository's.
import type { Insertable, Kysely } from 'kysely';
import { insertBatches } from '#src/db/batch.ts';
import { advanceIdentitySequences } from '#src/db/dialect.ts';
import type {
  AdvertisementTable,
  AuthorTable,
  Database,
  GenreTable,
  MagazineCategoryTable,
  MagazineTable,
  NewEpisode,
  NewPage,
  NewTitle,
  ProductTable,
  RankingEntryTable,
  RankingTabTable,
  TagTable,
  TitleAuthorTable,
  TitleGenreTable,
  TitleTagTable,
} from '#src/db/schema.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';

/** Every row of a catalogue, inserted together. */
export interface CatalogueRows {
  genres: readonly Insertable<GenreTable>[];
  magazineCategories: readonly Insertable<MagazineCategoryTable>[];
  magazines: readonly Insertable<MagazineTable>[];
  authors: readonly Insertable<AuthorTable>[];
  tags: readonly Insertable<TagTable>[];
  titles: readonly NewTitle[];
  titleGenres: readonly Insertable<TitleGenreTable>[];
  titleTags: readonly Insertable<TitleTagTable>[];
  titleAuthors: readonly Insertable<TitleAuthorTable>[];
  episodes: readonly NewEpisode[];
  pages: readonly NewPage[];
  rankingTabs: readonly Insertable<RankingTabTable>[];
  rankingEntries: readonly Insertable<RankingEntryTable>[];
  products: readonly Insertable<ProductTable>[];
  advertisements: readonly Insertable<AdvertisementTable>[];
}

/** Tables with generated ids that the seeder fills with explicit ids. */
const EXPLICIT_ID_TABLES = ['author', 'tag', 'magazine', 'product', 'advertisement'] as const;

/**
 * Catalogue tables and the user activity that points at them, children first. `--force` reseeding
 * clears all of them; products and genres are upserted instead (payments keep pointing at products).
 */
const CATALOGUE_DELETE_ORDER = [
  'comment_like',
  'comment_mute',
  'comment_report',
  'comment',
  'episode_view',
  'view_history',
  'rental',
  'purchase',
  'magazine_purchase',
  'title_ticket',
  'advertisement_counter',
  'advertisement',
  'ranking_entry',
  'ranking_tab',
  'title_activity_daily',
  'page',
  'episode',
  'title_tag',
  'title_genre',
  'title_author',
  'title',
  'author',
  'tag',
  'magazine',
  'magazine_category',
] as const satisfies ReadonlyArray<keyof Database>;

/** The demo seeder's `DemoSeedStore`. */
export class DemoCatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countTitles(): Promise<number> {
    return new TitleRepository(this.db).countTitles();
  }

  /** Inserts a whole catalogue in one transaction (genres and products are upserted). */
  async insertCatalogue(rows: CatalogueRows): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const titles = new TitleRepository(trx);
      const episodes = new EpisodeRepository(trx);
      await new GenreRepository(trx).upsertGenres(rows.genres);
      for (const batch of insertBatches(rows.magazineCategories))
        await trx.insertInto('magazine_category').values(batch).execute();
      for (const batch of insertBatches(rows.magazines)) await trx.insertInto('magazine').values(batch).execute();
      await titles.insertAuthors(rows.authors);
      for (const batch of insertBatches(rows.tags)) await trx.insertInto('tag').values(batch).execute();
      await titles.insertTitles(rows.titles);
      await titles.insertTitleGenres(rows.titleGenres);
      for (const batch of insertBatches(rows.titleTags)) await trx.insertInto('title_tag').values(batch).execute();
      await titles.insertTitleAuthors(rows.titleAuthors);
      await episodes.insertEpisodes(rows.episodes);
      await episodes.insertPages(rows.pages);
      for (const batch of insertBatches(rows.rankingTabs)) await trx.insertInto('ranking_tab').values(batch).execute();
      for (const batch of insertBatches(rows.rankingEntries))
        await trx.insertInto('ranking_entry').values(batch).execute();
      await upsertProducts(trx, rows.products);
      for (const batch of insertBatches(rows.advertisements))
        await trx.insertInto('advertisement').values(batch).execute();
      await advanceIdentitySequences(trx, EXPLICIT_ID_TABLES);
    });
  }

  /** Deletes the catalogue and the user activity that refers to it, in one transaction. */
  async deleteCatalogue(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('premium_ticket').set({ used_episode_id: null }).execute();
      for (const table of CATALOGUE_DELETE_ORDER) await trx.deleteFrom(table).execute();
    });
  }
}

async function upsertProducts(db: Kysely<Database>, products: readonly Insertable<ProductTable>[]): Promise<void> {
  for (const batch of insertBatches(products)) {
    await db
      .insertInto('product')
      .values(batch)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          region: eb.ref('excluded.region'),
          currency: eb.ref('excluded.currency'),
          price_minor: eb.ref('excluded.price_minor'),
          paid_point: eb.ref('excluded.paid_point'),
          bonus_point: eb.ref('excluded.bonus_point'),
          monthly_bonus_point: eb.ref('excluded.monthly_bonus_point'),
          premium_ticket_num: eb.ref('excluded.premium_ticket_num'),
          name_en: eb.ref('excluded.name_en'),
          name_ja: eb.ref('excluded.name_ja'),
          active: eb.ref('excluded.active'),
          sort_order: eb.ref('excluded.sort_order'),
        })),
      )
      .execute();
  }
}
