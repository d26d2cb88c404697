// Magazine categories (wire §3.2) and magazine issues (ADR 009).
import { formatWireDateTime, type Locale, type Magazine, type MagazineCategory } from '@manga/contracts';
import type { MagazineCategoryRow, MagazineRow } from '#src/db/schema.ts';
import { localizedName, type MediaUrls } from '#src/mappers/render-context.mapper.ts';

export function toMagazineCategoryResponse(
  row: MagazineCategoryRow,
  locale: Locale,
  urls: MediaUrls,
): MagazineCategory {
  return {
    magazine_category_id: row.id,
    magazine_category_name_text: localizedName(row, locale),
    is_purchase: row.is_purchase,
    is_search: row.is_search,
    is_subscription: row.is_subscription,
    subscription_image_url: row.subscription_image_path ? urls.publicUrl(row.subscription_image_path) : null,
  };
}

export function toMagazineResponse(
  row: MagazineRow,
  episodeIds: number[],
  { locale, urls, timeZone }: { locale: Locale; urls: MediaUrls; timeZone: string },
): Magazine {
  return {
    magazine_id: row.id,
    magazine_category_id: row.magazine_category_id,
    magazine_name: localizedName(row, locale),
    image_url: urls.publicUrl(row.cover_path),
    point: row.point,
    start_time: formatWireDateTime(new Date(row.start_at), timeZone),
    is_purchased: 0,
    episode_id_list: episodeIds,
  };
}
