// Purchased titles (wire §3.5) and reservations (ADR 014) in their wire shapes.

import type { Locale } from '@manga/contracts';
import { formatWireDateTime, type PurchasedTitle, type Reservation, type Title } from '@manga/contracts';
import { localized } from '#src/mappers/render-context.mapper.ts';
import type { ReservationRow } from '#src/repositories/purchase.repository.ts';

export function toPurchasedTitleResponse(title: Title, recentlyPurchasedEpisodeId: number | null): PurchasedTitle {
  return {
    title_id: title.title_id,
    title_name: title.title_name,
    thumbnail_image_url: title.thumbnail_image_url,
    first_episode_id: title.first_episode_id,
    recently_purchased_episode_id: recentlyPurchasedEpisodeId,
  };
}

export function toReservationResponse(row: ReservationRow, ctx: { locale: Locale; timeZone: string }): Reservation {
  return {
    title_id: row.title_id,
    title_name: localized(row.title_name_en, row.title_name_ja, ctx.locale),
    episode_id: row.episode_id,
    episode_name: localized(row.episode_name_en, row.episode_name_ja, ctx.locale),
    magazine_id: row.magazine_id,
    magazine_name: localized(row.magazine_name_en ?? '', row.magazine_name_ja ?? '', ctx.locale),
    start_time: formatWireDateTime(new Date(row.start_at), ctx.timeZone),
    purchase_time: formatWireDateTime(new Date(row.purchased_at), ctx.timeZone),
  };
}
