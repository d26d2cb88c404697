// Advertisements as `banner_list` items of /web/top (ADR 009).
import type { Banner } from '@manga/contracts';
import type { AdvertisementRow } from '#src/db/schema.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';

export function toBannerResponse(row: AdvertisementRow, urls: MediaUrls): Banner {
  return {
    advertisement_id: row.id,
    type: row.type,
    title_id: row.title_id,
    name: row.name,
    image_url: urls.publicUrl(row.image_path),
    link_url: row.link_url,
  };
}
