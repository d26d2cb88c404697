// One mapper per resource from rows to the wire shapes of WIRE.md §3.1 (every field present).
import { type Episode, formatWireDateTime, type Title } from '@manga/contracts';
import type { EpisodeRow } from '#src/db/schema.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';
import type { TitleBundle } from '#src/services/catalogue.service.ts';
import { isEpisodeFree } from '#src/services/free-window.rule.ts';
import type { MediaUrlSigner } from '#src/services/media-url.signer.ts';

export interface MapperContext {
  locale: Locale;
  now: number;
  urls: MediaUrlSigner;
  timeZone: string;
}

export interface EpisodeAccess {
  free: boolean;
}

const BADGE_MUST_BUY = 1;
const BADGE_FREE = 2;
const USE_STATUS_FREE = 3;
const USE_STATUS_PAID = 4;

const localized = (en: string, ja: string, locale: Locale) => (locale === 'ja' ? ja || en : en || ja);

function nextUpdatedText(startAt: number | null, { locale, timeZone }: MapperContext): string | null {
  if (startAt === null) return null;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, month: 'numeric', day: 'numeric' }).formatToParts(
    new Date(startAt),
  );
  const month = parts.find((p) => p.type === 'month')?.value;
  const day = parts.find((p) => p.type === 'day')?.value;
  return locale === 'ja' ? `${month}月${day}日更新予定` : `Next update available ${month}/${day}.`;
}

export function toTitleResponse(bundle: TitleBundle, ctx: MapperContext): Title {
  const { title, releasedEpisodes } = bundle;
  const { locale, now, urls, timeZone } = ctx;
  const freeFlags = releasedEpisodes.map((e, i) => isEpisodeFree(e, title, i, releasedEpisodes.length, now));
  const free = releasedEpisodes.filter((_, i) => freeFlags[i]);
  const paid = releasedEpisodes.filter((_, i) => !freeFlags[i]);
  const latestFree = free.at(-1);
  const latestPaid = paid.at(-1);
  const authorText = localized(title.author_text_en, title.author_text_ja, locale);
  return {
    title_id: title.id,
    title_name: localized(title.name_en, title.name_ja, locale),
    thumbnail_image_url: urls.publicUrl(title.thumbnail_path),
    thumbnail_rect_image_url: urls.publicUrl(title.thumbnail_rect_path),
    banner_image_url: urls.publicUrl(title.banner_path),
    feature_image_url: urls.publicUrl(title.feature_path),
    campaign_text: title.campaign_text,
    notice_text: title.notice_text,
    first_episode_id: releasedEpisodes[0]?.id ?? 0,
    next_updated_text: nextUpdatedText(bundle.nextEpisodeStartAt, ctx),
    author_text: authorText,
    author_list: bundle.authors.map((a) => localized(a.name_en, a.name_ja, locale)),
    introduction_text: localized(title.introduction_en, title.introduction_ja, locale),
    short_introduction_text: localized(title.short_introduction_en, title.short_introduction_ja, locale),
    new_episode_update_cycle_text: localized(
      title.new_episode_update_cycle_text_en,
      title.new_episode_update_cycle_text_ja,
      locale,
    ),
    free_episode_update_cycle_text: localized(
      title.free_episode_update_cycle_text_en,
      title.free_episode_update_cycle_text_ja,
      locale,
    ),
    episode_order: title.episode_order,
    episode_id_list: releasedEpisodes.map((e) => e.id),
    latest_paid_episode_id: latestPaid ? [latestPaid.id] : [],
    latest_free_episode_id: latestFree?.id ?? null,
    genre_id_list: bundle.genreIds,
    favorite_status: 0,
    support_status: title.support_status,
    publish_category: title.publish_category,
    magazine_category: title.magazine_category_id ?? 0,
    title_ticket_enabled: title.ticket_enabled,
    episode_free_updated: latestFree ? formatWireDateTime(new Date(latestFree.start_at), timeZone) : null,
    free_episode_count: free.length,
    total_episode_count: releasedEpisodes.length,
  };
}

export function toEpisodeResponse(
  row: EpisodeRow,
  magazine: { name_en: string; name_ja: string } | undefined,
  access: EpisodeAccess,
  { locale, urls, timeZone }: MapperContext,
): Episode {
  const thumbnail = urls.publicUrl(row.thumbnail_path);
  return {
    episode_id: row.id,
    episode_name: localized(row.name_en, row.name_ja, locale),
    index: row.sort_index,
    badge: access.free ? BADGE_FREE : BADGE_MUST_BUY,
    point: access.free ? 0 : row.point,
    bonus_point: row.bonus_point,
    use_status: access.free ? USE_STATUS_FREE : USE_STATUS_PAID,
    ticket_rental_enabled: row.ticket_rental_enabled,
    title_id: row.title_id,
    start_time: formatWireDateTime(new Date(row.start_at), timeZone),
    rental_rest_time: null,
    rental_finish_time: null,
    magazine_id: row.magazine_id,
    magazine_name: magazine ? localized(magazine.name_en, magazine.name_ja, locale) : null,
    is_viewed: 0,
    is_viewed_last_page: 0,
    thumbnail_image_url: thumbnail,
    web_thumbnail_image_url: thumbnail,
    first_page_image_url: thumbnail,
    featured_text: '',
    short_introduction_text: '',
    viewing_direction: row.viewing_direction,
    comic_volume: row.comic_volume,
    view_bulk_buy: access.free ? 0 : 1,
    comment_num: row.comment_num,
    single_sale_enabled: row.single_sale_enabled,
  };
}
