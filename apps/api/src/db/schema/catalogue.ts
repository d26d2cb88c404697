// The catalogue: titles, chapters, pages, their authors, genres, tags, magazines and rankings.
import type { Insertable, Selectable } from 'kysely';
import type { Default, Flag, Id, Millis } from './columns.ts';

export interface AuthorTable {
  id: Id;
  name_en: string;
  name_ja: string;
}

export interface TitleAuthorTable {
  title_id: number;
  author_id: number;
  role: Default<string>; // 'story' | 'art' | 'story_art'
  position: Default<number>;
}

export interface GenreTable {
  id: number; // 1–16 as wire §3.2
  name_en: string;
  name_ja: string;
  image_path: Default<string>;
  sort_order: Default<number>;
}

export interface TitleGenreTable {
  title_id: number;
  genre_id: number;
}

export interface TagTable {
  id: Id;
  name_en: string;
  name_ja: string;
}

export interface TitleTagTable {
  title_id: number;
  tag_id: number;
}

export interface MagazineCategoryTable {
  id: number;
  name_en: string;
  name_ja: string;
  is_purchase: Default<Flag>;
  is_search: Default<Flag>;
  is_subscription: Default<Flag>;
  subscription_image_path: Default<string>;
  sort_order: Default<number>;
}

export interface MagazineTable {
  id: Id;
  magazine_category_id: number;
  name_en: string;
  name_ja: string;
  cover_path: Default<string>;
  point: Default<number>; // price of the whole issue
  start_at: Millis;
  created_at: Millis;
}

export interface TitleTable {
  id: number; // 5-digit title id (product §5)
  name_en: string;
  name_ja: string;
  name_kana: Default<string>;
  search_text: Default<string>; // normalised names, authors and tags for search
  author_text_en: Default<string>;
  author_text_ja: Default<string>;
  introduction_en: Default<string>;
  introduction_ja: Default<string>;
  short_introduction_en: Default<string>;
  short_introduction_ja: Default<string>;
  campaign_text: Default<string>; // English (or the only text)
  notice_text: Default<string>;
  campaign_text_ja: Default<string>; // '' falls back to campaign_text
  campaign_start_at: Millis | null; // the campaign text is shown from (null: always, ADR 074)
  campaign_end_at: Millis | null; // … until (null: open-ended)
  notice_text_ja: Default<string>;
  thumbnail_path: Default<string>; // storage keys, turned into URLs by the mapper
  thumbnail_rect_path: Default<string>;
  banner_path: Default<string>;
  feature_path: Default<string>;
  magazine_category_id: number | null;
  publish_category: Default<number>; // 1 serializing, 2 complete, 3 one-shot
  age_rating: Default<number>; // minimum age: 0 all ages, 13, 16, 18
  weekday_index: number | null; // 1 Monday … 7 Sunday; null when not serialised weekly
  new_episode_update_cycle_text_en: Default<string>;
  new_episode_update_cycle_text_ja: Default<string>;
  free_episode_update_cycle_text_en: Default<string>;
  free_episode_update_cycle_text_ja: Default<string>;
  free_first_count: Default<number>; // first N episodes free
  free_latest_count: Default<number>; // latest N released episodes free
  free_until_at: Millis | null; // whole title free until (campaign)
  episode_order: Default<number>; // 1 oldest first, 2 newest first
  viewing_direction: Default<number>; // new chapters' direction: 1 right-to-left, 2 left-to-right, 3 vertical
  support_status: Default<number>;
  ticket_enabled: Default<Flag>;
  ticket_max: Default<number>;
  ticket_recover_seconds: Default<number>;
  ticket_rental_seconds: Default<number>;
  ticket_version: Default<number>;
  published_at: Millis;
  created_at: Millis;
  updated_at: Millis;
}

export interface EpisodeTable {
  id: number;
  title_id: number;
  sort_index: number; // order inside the title (wire `index`)
  name_en: string;
  name_ja: string;
  point: Default<number>; // price in points; 0 is free
  bonus_point: Default<number>;
  start_at: Millis; // release time; hidden before it
  free_until_at: Millis | null; // time-limited free window for this episode
  ticket_rental_enabled: Default<Flag>;
  single_sale_enabled: Default<Flag>;
  magazine_id: number | null;
  viewing_direction: Default<number>; // 1 right-to-left, 2 left-to-right, 3 vertical
  page_count: Default<number>;
  scramble_seed: number; // non-zero u32 (wire §4)
  thumbnail_path: Default<string>;
  comic_volume: number | null;
  comment_enabled: Default<Flag>;
  comment_num: Default<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface PageTable {
  id: Id;
  episode_id: number;
  page_number: number; // 1-based
  width: number;
  height: number;
  bytes: number;
  sha256: string; // of the normalised (unscrambled) page
  media_type: string;
  storage_key: string; // scrambled derivative served to readers
  // The data saver's smaller derivative (ADR 055), scrambled with the same seed; null until made.
  light_width: number | null;
  light_height: number | null;
  light_bytes: number | null;
  light_storage_key: string | null;
}

export interface RankingTabTable {
  id: number; // ranking_id on the wire
  kind: string; // 'all' | 'genre' | 'today_special'
  genre_id: number | null;
  name_en: string;
  name_ja: string;
  sort_order: Default<number>;
}

export interface RankingEntryTable {
  ranking_id: number;
  position: number; // 1-based
  title_id: number;
  score: number;
  computed_at: Millis;
}

export interface TitleActivityDailyTable {
  title_id: number;
  activity_date: string; // YYYY-MM-DD
  views: Default<number>;
  purchases: Default<number>;
  recommend_clicks: Default<number>; // GET /recommend/click (ADR 009)
}

export type TitleRow = Selectable<TitleTable>;
export type NewTitle = Insertable<TitleTable>;
export type EpisodeRow = Selectable<EpisodeTable>;
export type NewEpisode = Insertable<EpisodeTable>;
export type PageRow = Selectable<PageTable>;
export type NewPage = Insertable<PageTable>;
export type GenreRow = Selectable<GenreTable>;
export type TagRow = Selectable<TagTable>;
export type MagazineRow = Selectable<MagazineTable>;
export type MagazineCategoryRow = Selectable<MagazineCategoryTable>;
export type RankingTabRow = Selectable<RankingTabTable>;
export type RankingEntryRow = Selectable<RankingEntryTable>;
export type NewRankingEntry = Insertable<RankingEntryTable>;
export type TitleActivityDailyRow = Selectable<TitleActivityDailyTable>;
