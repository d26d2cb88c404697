// One mapper per resource from rows to the wire shapes of WIRE.md §3.1 (every field present).
import {
  type Episode,
  EpisodeBadge,
  type EpisodeShare,
  formatWireDateTime,
  type SearchTitleEntry,
  TITLE_ID_WIDTH,
  type Title,
  type WebEpisode,
  type WebTitle,
} from '@manga/contracts';
import type { EpisodeRow, TitleRow } from '#src/db/schema.ts';
import type { Locale } from '#src/plugins/client-context.plugin.ts';
import type { TitleSearchEntryRow } from '#src/repositories/title.repository.ts';
import type { TitleBundle } from '#src/services/catalogue.service.ts';
import { type EpisodeOwnership, episodeBadge } from '#src/services/episode-ownership.ts';
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
  /** The logged-in reader's purchase or rental of the episode (ADR 014). */
  ownership?: EpisodeOwnership;
}

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
  { locale, urls, timeZone, now }: MapperContext,
): Episode {
  const thumbnail = urls.publicUrl(row.thumbnail_path);
  const badge = episodeBadge(access.free, access.ownership, now);
  const rentedUntil = badge === EpisodeBadge.Rented ? access.ownership?.rentedUntil : undefined;
  return {
    episode_id: row.id,
    episode_name: localized(row.name_en, row.name_ja, locale),
    index: row.sort_index,
    badge,
    point: access.free ? 0 : row.point,
    bonus_point: row.bonus_point,
    use_status: access.free ? USE_STATUS_FREE : USE_STATUS_PAID,
    ticket_rental_enabled: row.ticket_rental_enabled,
    title_id: row.title_id,
    start_time: formatWireDateTime(new Date(row.start_at), timeZone),
    rental_rest_time: null,
    rental_finish_time: rentedUntil === undefined ? null : formatWireDateTime(new Date(rentedUntil), timeZone),
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
    view_bulk_buy: badge === EpisodeBadge.MustBuy ? 1 : 0,
    comment_num: row.comment_num,
    single_sale_enabled: row.single_sale_enabled,
  };
}

/** `web_title` of /web/title/detail (WIRE.md §3.2): the Title's fields in the web page's shape. */
export function toWebTitleResponse(bundle: TitleBundle, ctx: MapperContext): WebTitle {
  const title = toTitleResponse(bundle, ctx);
  const row = bundle.title;
  return {
    title_id: title.title_id,
    title_name: title.title_name,
    title_in_japanese: row.name_ja || null,
    age_rating: row.age_rating,
    nickname: null,
    author_text: title.author_text,
    introduction_text: title.introduction_text,
    next_updated_text: title.next_updated_text,
    free_episode_update_cycle_text: title.free_episode_update_cycle_text,
    new_episode_update_cycle_text: title.new_episode_update_cycle_text,
    magazine_category: title.magazine_category,
    genre_id_list: title.genre_id_list,
    banner_image_url: title.banner_image_url,
    thumbnail_image_url: title.thumbnail_image_url,
    thumbnail_rect_image_url: title.thumbnail_rect_image_url,
    episode_id_list: title.episode_id_list,
    total_episode_count: title.total_episode_count,
    free_episode_count: title.free_episode_count,
  };
}

/** `episode` of /web/episode (WIRE.md §3.3). */
export function toWebEpisodeResponse(row: EpisodeRow, access: EpisodeAccess, ctx: MapperContext): WebEpisode {
  return {
    title_id: row.title_id,
    episode_id: row.id,
    episode_name: localized(row.name_en, row.name_ja, ctx.locale),
    start_time: formatWireDateTime(new Date(row.start_at), ctx.timeZone),
    thumbnail_image_url: ctx.urls.publicUrl(row.thumbnail_path),
    point: access.free ? 0 : row.point,
    is_page_visible: access.free ? 1 : 0,
    ticket_rental_enabled: row.ticket_rental_enabled,
    page_count: row.page_count,
    enable_episode_comment: row.comment_enabled,
  };
}

/** The share block: a link to the episode's page on the web app (5-digit title id, SPEC §4). */
export function toEpisodeShareResponse(
  title: Pick<TitleRow, 'id' | 'name_en' | 'name_ja'>,
  episode: Pick<EpisodeRow, 'id' | 'name_en' | 'name_ja'>,
  webPublicUrl: string,
  locale: Locale,
): EpisodeShare {
  const titleName = localized(title.name_en, title.name_ja, locale);
  const episodeName = localized(episode.name_en, episode.name_ja, locale);
  return {
    title_name: titleName,
    twitter_post_text:
      locale === 'ja' ? `「${titleName}」${episodeName}を読んでいます` : `Reading "${titleName}" ${episodeName}`,
    url: `${webPublicUrl}/title/${String(title.id).padStart(TITLE_ID_WIDTH, '0')}/episode/${episode.id}`,
  };
}

/** An item of /search/title/all. */
export function toSearchTitleEntryResponse(
  row: TitleSearchEntryRow,
  genreIds: number[],
  { locale, urls }: Pick<MapperContext, 'locale' | 'urls'>,
): SearchTitleEntry {
  return {
    title_id: row.id,
    title_name: localized(row.name_en, row.name_ja, locale),
    author_text: localized(row.author_text_en, row.author_text_ja, locale),
    thumbnail_image_url: urls.publicUrl(row.thumbnail_path),
    genre_id_list: genreIds,
    magazine_category: row.magazine_category_id ?? 0,
    publish_category: row.publish_category,
  };
}

/** The Title's "Next update available …" text for a start time (or null). */
export const nextUpdatedTextFor = nextUpdatedText;
export { localized };
