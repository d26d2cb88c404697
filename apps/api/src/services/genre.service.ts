// Genres (product §7 Genre, ADR 009): the genre lists and the genres of every title, which search and
// recommendations read. Genres change with the catalogue only, so they are cached for a few seconds.
import type { GenreRow } from '#src/db/schema.ts';
import { toGenreResponse } from '#src/mappers/genre.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { CatalogueContext } from '#src/services/catalogue.service.ts';
import type { TtlCache } from '#src/services/ttl-cache.service.ts';

export interface GenreSource {
  listGenres(): Promise<GenreRow[]>;
  listGenreIdsInUse(now: number): Promise<number[]>;
}

export interface TitleGenreLinkSource {
  listTitleGenreLinks(): Promise<{ title_id: number; genre_id: number }[]>;
}

export interface GenreServiceDeps {
  genres: GenreSource;
  titles: TitleGenreLinkSource;
  clock: ClockRepository;
  urls: MediaUrls;
  cache: TtlCache;
}

export class GenreService {
  constructor(private readonly deps: GenreServiceDeps) {}

  /** GET /genre/list: every genre, or those of `ids` (unknown ids left out). */
  async listGenres(ids: readonly number[] | undefined, { locale }: CatalogueContext) {
    const rows = await this.allGenres();
    const wanted = ids ? new Set(ids) : undefined;
    return {
      genre_list: rows
        .filter((g) => !wanted || wanted.has(g.id))
        .map((g) => toGenreResponse(g, locale, this.deps.urls)),
    };
  }

  /** GET /genre/search/list: the genres that published titles have. */
  async listSearchGenres({ locale }: CatalogueContext) {
    const [rows, inUse] = await Promise.all([
      this.allGenres(),
      this.deps.cache.getOrLoad('genres-in-use', () => this.deps.genres.listGenreIdsInUse(this.deps.clock.now())),
    ]);
    const used = new Set(inUse);
    return { genre_list: rows.filter((g) => used.has(g.id)).map((g) => toGenreResponse(g, locale, this.deps.urls)) };
  }

  /** The genre ids of every title that has genres, by title id. */
  getTitleGenres(): Promise<Map<number, number[]>> {
    return this.deps.cache.getOrLoad('genre-links', async () => {
      const map = new Map<number, number[]>();
      for (const { title_id, genre_id } of await this.deps.titles.listTitleGenreLinks()) {
        const list = map.get(title_id) ?? [];
        list.push(genre_id);
        map.set(title_id, list);
      }
      return map;
    });
  }

  private allGenres() {
    return this.deps.cache.getOrLoad('genres', () => this.deps.genres.listGenres());
  }
}
