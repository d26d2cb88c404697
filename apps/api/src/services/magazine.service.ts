// Magazines (product §7 Magazine, ADR 009): the magazine categories, the searchable ones, and the
// issues on sale with the episodes each carries.
import type { MagazineCategoryRow, MagazineRow } from '#src/db/schema.ts';
import { toMagazineCategoryResponse, toMagazineResponse } from '#src/mappers/magazine.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { MagazineListFilter } from '#src/repositories/magazine.repository.ts';
import { MAX_ITEMS_PER_PAGE, type Paging, pageOf } from '#src/rules/paging.rules.ts';
import type { CatalogueContext } from '#src/services/catalogue.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface MagazineCatalogueSource {
  listMagazineCategories(): Promise<MagazineCategoryRow[]>;
  listSearchMagazineCategories(): Promise<MagazineCategoryRow[]>;
  listMagazines(filter: MagazineListFilter): Promise<MagazineRow[]>;
  listEpisodeIdsByMagazines(ids: readonly number[], now: number): Promise<{ magazine_id: number | null; id: number }[]>;
}

export interface MagazineServiceDeps {
  magazines: MagazineCatalogueSource;
  clock: ClockRepository;
  urls: MediaUrls;
  cache: TtlCache;
}

export class MagazineService {
  constructor(
    private readonly deps: MagazineServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /magazine/category/list: every category in display order, paged. */
  async listMagazineCategories(paging: Paging, ctx: CatalogueContext) {
    const rows = await this.deps.cache.getOrLoad('magazine-categories:all', () =>
      this.deps.magazines.listMagazineCategories(),
    );
    return this.categoryPage(rows, paging, ctx);
  }

  /** GET /magazine/category/search/list: the categories readers can search by, paged. */
  async listSearchMagazineCategories(paging: Paging, ctx: CatalogueContext) {
    const rows = await this.deps.cache.getOrLoad('magazine-categories:search', () =>
      this.deps.magazines.listSearchMagazineCategories(),
    );
    return this.categoryPage(rows, paging, ctx);
  }

  /** GET /magazine/list: issues on sale by category and ids, newest first unless asked otherwise. */
  async listMagazines(
    query: { categoryId?: number; ids?: readonly number[]; sort?: 'new' | 'old' } & Paging,
    { locale }: CatalogueContext,
  ) {
    const now = this.deps.clock.now();
    const { offset, limit } = pageOf(query, MAX_ITEMS_PER_PAGE);
    const rows = await this.deps.magazines.listMagazines({
      categoryId: query.categoryId,
      ids: query.ids,
      order: query.sort ?? 'new',
      limit,
      offset,
      now,
    });
    const episodes = await this.deps.magazines.listEpisodeIdsByMagazines(
      rows.map((r) => r.id),
      now,
    );
    const ctx = { locale, urls: this.deps.urls, timeZone: this.options.timeZone };
    return {
      magazine_list: rows.map((row) =>
        toMagazineResponse(
          row,
          episodes.filter((e) => e.magazine_id === row.id).map((e) => e.id),
          ctx,
        ),
      ),
    };
  }

  private categoryPage(rows: readonly MagazineCategoryRow[], paging: Paging, { locale }: CatalogueContext) {
    const { offset, limit } = pageOf(paging, MAX_ITEMS_PER_PAGE);
    return {
      magazine_category_list: rows
        .slice(offset, offset + limit)
        .map((row) => toMagazineCategoryResponse(row, locale, this.deps.urls)),
    };
  }
}
