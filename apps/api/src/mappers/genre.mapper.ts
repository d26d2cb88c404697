// Genres in the WIRE.md §3.2 shape.
import type { Genre } from '@manga/contracts';
import type { GenreRow } from '#src/db/schema.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';
import type { MediaUrlSigner } from '#src/services/media-url.signer.ts';

export function toGenreResponse(row: GenreRow, locale: Locale, urls: MediaUrlSigner): Genre {
  return {
    genre_id: row.id,
    genre_name: locale === 'ja' ? row.name_ja || row.name_en : row.name_en || row.name_ja,
    image_url: urls.publicUrl(row.image_path),
  };
}
