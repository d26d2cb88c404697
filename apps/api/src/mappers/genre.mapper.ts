// Genres in the WIRE.md §3.2 shape.
import type { Genre, Locale } from '@manga/contracts';
import type { GenreRow } from '#src/db/schema.ts';
import { localizedName, type MediaUrls } from '#src/mappers/render-context.mapper.ts';

export function toGenreResponse(row: GenreRow, locale: Locale, urls: MediaUrls): Genre {
  return {
    genre_id: row.id,
    genre_name: localizedName(row, locale),
    image_url: urls.publicUrl(row.image_path),
  };
}
