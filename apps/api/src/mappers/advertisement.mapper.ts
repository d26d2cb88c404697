// Advertisements as `banner_list` items of /web/top (ADR 009).
import type { Banner, Locale } from '@manga/contracts';
import type { AdvertisementRow } from '#src/db/schema.ts';
import { localized, type MediaUrls } from '#src/mappers/render-context.mapper.ts';

/** `name` is the image's alt text in the locale (ADR 074), the stored name when none was written. */
export function toBannerResponse(row: AdvertisementRow, urls: MediaUrls, locale: Locale = 'en'): Banner {
  return {
    advertisement_id: row.id,
    type: row.type,
    title_id: row.title_id,
    name: localized(row.alt_text, row.alt_text_ja, locale) || row.name,
    image_url: urls.publicUrl(row.image_path),
    link_url: row.link_url,
  };
}
