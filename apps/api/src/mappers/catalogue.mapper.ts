// One mapper per resource from rows to the wire shapes of wire §3.1 (every field present).
import {
  type Episode,
  type EpisodeShare,
  formatWireDateTime,
  type Locale,
  type NextTimeEpisode,
  type SearchTitleEntry,
  TITLE_ID_WIDTH,
  type Title,
  type TitleEvent,
  type TitleSupplement,
  type WebEpisode,
  type WebTitle,
} from '@manga/contracts';
import type { EpisodeRow, MagazineCategoryRow, TagRow, TitleRow } from '#src/db/schema.ts';
import { showsFree, toEpisodeAccessFields, toRentalFinishTime } from '#src/mappers/episode-access.mapper.ts';
import { localized, localizedName, type RenderContext } from '#src/mappers/render-context.mapper.ts';
import type { TitleListing, TitleSearchEntryRow } from '#src/repositories/title.repository.ts';
import type { EpisodeAccess } from '#src/rules/entitlement.rules.ts';

/**
 * A published title with what its wire shapes need: its listing, the start of its next scheduled
 * episode, and the access answer of each released episode (same order as `releasedEpisodes`).
 */
export interface TitleBundle extends TitleListing {
  nextEpisodeStartAt: number | null;
  releasedEpisodeAccess: readonly EpisodeAccess[];
}

/** Month-and-day formatters by time zone: making an Intl formatter costs far more than using one. */
const monthDayFormats = new Map<string, Intl.DateTimeFormat>();

function monthDayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = monthDayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'numeric', day: 'numeric' });
    monthDayFormats.set(timeZone, format);
  }
  return format;
}

/** The Title's "Next update available …" text for a start time (or null). */
export function nextUpdatedText(
  startAt: number | null,
  { locale, timeZone }: Pick<RenderContext, 'locale' | 'timeZone'>,
): string | null {
  if (startAt === null) return null;
  const parts = monthDayFormat(timeZone).formatToParts(new Date(startAt));
  const month = parts.find((p) => p.type === 'month')?.value;
  const day = parts.find((p) => p.type === 'day')?.value;
  return locale === 'ja' ? `${month}月${day}日更新予定` : `Next update available ${month}/${day}.`;
}

export function toTitleResponse(bundle: TitleBundle, ctx: RenderContext): Title {
  const { title, releasedEpisodes, releasedEpisodeAccess } = bundle;
  const { locale, urls, timeZone } = ctx;
  const freeFlags = releasedEpisodeAccess.map(showsFree);
  const free = releasedEpisodes.filter((_, i) => freeFlags[i]);
  const paid = releasedEpisodes.filter((_, i) => !freeFlags[i]);
  const latestFree = free.at(-1);
  const latestPaid = paid.at(-1);
  const authorText = localized(title.author_text_en, title.author_text_ja, locale);
  return {
    title_id: title.id,
    title_name: localizedName(title, locale),
    thumbnail_image_url: urls.publicUrl(title.thumbnail_path),
    thumbnail_rect_image_url: urls.publicUrl(title.thumbnail_rect_path),
    banner_image_url: urls.publicUrl(title.banner_path),
    feature_image_url: urls.publicUrl(title.feature_path),
    // Shown inside its window only (ADR 074).
    campaign_text: isCampaignShown(title, ctx.now)
      ? localized(title.campaign_text, title.campaign_text_ja, locale)
      : '',
    notice_text: localized(title.notice_text, title.notice_text_ja, locale),
    first_episode_id: releasedEpisodes[0]?.id ?? 0,
    next_updated_text: nextUpdatedText(bundle.nextEpisodeStartAt, ctx),
    author_text: authorText,
    author_list: bundle.authors.map((a) => localizedName(a, locale)),
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

/** Whether the reader opened an episode and reached its end (docs/reference/wire.md `is_viewed`, `is_viewed_last_page`). */
export interface EpisodeViewed {
  opened: boolean;
  finished: boolean;
}

const NOT_VIEWED: EpisodeViewed = { opened: false, finished: false };

export function toEpisodeResponse(
  row: EpisodeRow,
  magazine: { name_en: string; name_ja: string } | undefined,
  access: EpisodeAccess,
  { locale, urls, timeZone }: RenderContext,
  viewed: EpisodeViewed = NOT_VIEWED,
): Episode {
  const thumbnail = urls.publicUrl(row.thumbnail_path);
  const shown = toEpisodeAccessFields(access, row.point);
  return {
    episode_id: row.id,
    episode_name: localizedName(row, locale),
    index: row.sort_index,
    badge: shown.badge,
    point: shown.point,
    bonus_point: row.bonus_point,
    use_status: shown.use_status,
    ticket_rental_enabled: row.ticket_rental_enabled,
    title_id: row.title_id,
    start_time: formatWireDateTime(new Date(row.start_at), timeZone),
    rental_rest_time: null,
    rental_finish_time: toRentalFinishTime(access, timeZone),
    magazine_id: row.magazine_id,
    magazine_name: magazine ? localizedName(magazine, locale) : null,
    is_viewed: viewed.opened ? 1 : 0,
    is_viewed_last_page: viewed.finished ? 1 : 0,
    thumbnail_image_url: thumbnail,
    web_thumbnail_image_url: thumbnail,
    first_page_image_url: thumbnail,
    featured_text: '',
    short_introduction_text: '',
    viewing_direction: row.viewing_direction,
    comic_volume: row.comic_volume,
    view_bulk_buy: shown.view_bulk_buy,
    comment_num: row.comment_num,
    single_sale_enabled: row.single_sale_enabled,
  };
}

/** `web_title` of /web/title/detail (wire §3.2): the Title's fields in the web page's shape. */
export function toWebTitleResponse(bundle: TitleBundle, ctx: RenderContext): WebTitle {
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

/** `episode` of /web/episode (wire §3.3). */
export function toWebEpisodeResponse(row: EpisodeRow, access: EpisodeAccess, ctx: RenderContext): WebEpisode {
  const shown = toEpisodeAccessFields(access, row.point);
  return {
    title_id: row.title_id,
    episode_id: row.id,
    episode_name: localizedName(row, ctx.locale),
    start_time: formatWireDateTime(new Date(row.start_at), ctx.timeZone),
    thumbnail_image_url: ctx.urls.publicUrl(row.thumbnail_path),
    point: shown.point,
    is_page_visible: shown.is_page_visible,
    ticket_rental_enabled: row.ticket_rental_enabled,
    page_count: row.page_count,
    enable_episode_comment: row.comment_enabled,
  };
}

/** The share block: a link to the episode's page on the web app (5-digit title id, product §4). */
export function toEpisodeShareResponse(
  title: Pick<TitleRow, 'id' | 'name_en' | 'name_ja'>,
  episode: Pick<EpisodeRow, 'id' | 'name_en' | 'name_ja'>,
  webPublicUrl: string,
  locale: Locale,
): EpisodeShare {
  const titleName = localizedName(title, locale);
  const episodeName = localizedName(episode, locale);
  return {
    title_name: titleName,
    twitter_post_text:
      locale === 'ja' ? `「${titleName}」${episodeName}を読んでいます` : `Reading "${titleName}" ${episodeName}`,
    url: `${webPublicUrl}/title/${String(title.id).padStart(TITLE_ID_WIDTH, '0')}/episode/${episode.id}`,
  };
}

/** `title_share_ret` of /episode/viewer/finish: a link to the title on the web app. */
export function toTitleShareResponse(
  title: Pick<TitleRow, 'id' | 'name_en' | 'name_ja'>,
  webPublicUrl: string,
  locale: Locale,
): EpisodeShare {
  const titleName = localizedName(title, locale);
  return {
    title_name: titleName,
    twitter_post_text: locale === 'ja' ? `「${titleName}」を読みました` : `I read "${titleName}"`,
    url: `${webPublicUrl}/title/${String(title.id).padStart(TITLE_ID_WIDTH, '0')}`,
  };
}

/** An item of /search/title/all. */
export function toSearchTitleEntryResponse(
  row: TitleSearchEntryRow,
  genreIds: number[],
  { locale, urls }: Pick<RenderContext, 'locale' | 'urls'>,
): SearchTitleEntry {
  return {
    title_id: row.id,
    title_name: localizedName(row, locale),
    author_text: localized(row.author_text_en, row.author_text_ja, locale),
    thumbnail_image_url: urls.publicUrl(row.thumbnail_path),
    genre_id_list: genreIds,
    magazine_category: row.magazine_category_id ?? 0,
    publish_category: row.publish_category,
  };
}

/** `title_supplement` of GET /title/supplement: tags, credits, magazine and ticket settings. */
export function toTitleSupplementResponse(
  bundle: Pick<TitleBundle, 'title' | 'authors' | 'nextEpisodeStartAt'>,
  tags: readonly TagRow[],
  category: MagazineCategoryRow | undefined,
  ctx: Pick<RenderContext, 'locale' | 'timeZone'>,
): TitleSupplement {
  const { title } = bundle;
  const { locale } = ctx;
  return {
    title_id: title.id,
    title_name: localizedName(title, locale),
    age_rating: title.age_rating,
    weekday_index: title.weekday_index ?? 0,
    magazine_category: title.magazine_category_id ?? 0,
    magazine_category_name_text: category ? localizedName(category, locale) : '',
    tag_list: tags.map((tag) => ({ tag_id: tag.id, tag_name: localizedName(tag, locale) })),
    author_list: bundle.authors.map((a) => ({
      author_id: a.author_id,
      author_name: localizedName(a, locale),
      role: a.role,
    })),
    title_ticket_enabled: title.ticket_enabled,
    max_ticket_num: title.ticket_max,
    ticket_rental_second: title.ticket_rental_seconds,
    ticket_recover_second: title.ticket_recover_seconds,
    next_updated_text: nextUpdatedText(bundle.nextEpisodeStartAt, ctx),
  };
}

/** `next_episode` of GET /web/episode/nexttime: the episode after one, released or scheduled. */
export function toNextTimeEpisodeResponse(
  next: Pick<EpisodeRow, 'id' | 'name_en' | 'name_ja' | 'start_at'>,
  { locale, now, timeZone }: Pick<RenderContext, 'locale' | 'now' | 'timeZone'>,
): NextTimeEpisode {
  return {
    episode_id: next.id,
    episode_name: localizedName(next, locale),
    start_time: formatWireDateTime(new Date(next.start_at), timeZone),
    is_released: next.start_at <= now ? 1 : 0,
  };
}

/** An item of `event_list` (GET /title/event/list): a running campaign and when it finishes. */
export function toTitleEventResponse(
  event: { titleId: number; type: TitleEvent['event_type']; text: string; finishAt: number },
  { timeZone }: Pick<RenderContext, 'timeZone'>,
): TitleEvent {
  return {
    title_id: event.titleId,
    event_type: event.type,
    event_text: event.text,
    finish_time: formatWireDateTime(new Date(event.finishAt), timeZone),
  };
}

/** The event text of episodes free for a limited time (campaigns bring their own text). */
export function limitedTimeFreeText(locale: Locale): string {
  return locale === 'ja' ? '期間限定無料' : 'Free for a limited time';
}

/** A title's campaign text is shown from campaign_start_at until campaign_end_at (ADR 074); null is open. */
export function isCampaignShown(
  title: { campaign_start_at: number | null; campaign_end_at: number | null },
  now: number,
): boolean {
  return (
    (title.campaign_start_at === null || title.campaign_start_at <= now) &&
    (title.campaign_end_at === null || now < title.campaign_end_at)
  );
}
