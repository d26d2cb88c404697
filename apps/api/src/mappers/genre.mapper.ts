// Genres in the wire §3.2 shape.
import type { Genre, Locale } from '@manga/contracts';
import type { GenreRow } from '#src/db/schema.ts';
import { localizedName, type MediaUrls } from '#src/mappers/render-context.mapper.ts';

/**
 * A genre's name in the reader's language. The catalogue joins the parts of a Japanese-style genre
 * name with the half-width "･" ("Romance･Romcom"); English readers get a spaced middle dot
 * ("Romance · Romcom"). Japanese names keep theirs.
 */
export function genreName(row: { name_en: string; name_ja: string }, locale: Locale): string {
  const name = localizedName(row, locale);
  return locale === 'en' ? name.replace(/\s*[･・·]\s*/g, ' · ') : name;
}

export function toGenreResponse(row: GenreRow, locale: Locale, urls: MediaUrls): Genre {
  return {
    genre_id: row.id,
    genre_name: genreName(row, locale),
    image_url: urls.publicUrl(row.image_path),
  };
}
