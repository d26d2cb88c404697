// Genres in the WIRE.md §3.2 shape.
import type { Genre, Locale } from '@manga/contracts';
import type { GenreRow } from '#src/db/schema.ts';
import { localizedName } from '#src/mappers/localized.mapper.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';

export function toGenreResponse(row: GenreRow, locale: Locale, urls: MediaUrlSigner): Genre {
  return {
    genre_id: row.id,
    genre_name: localizedName(row, locale),
    image_url: urls.publicUrl(row.image_path),
  };
}
