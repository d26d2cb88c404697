// A reader's reading: views, history, favourites, chapter alerts, bookmarks and login bonuses.
import type { Selectable } from 'kysely';
import type { Default, Flag, Id, Millis } from './columns.ts';

export interface EpisodeViewTable {
  user_id: number;
  episode_id: number;
  title_id: number;
  first_viewed_at: Millis;
  last_viewed_at: Millis;
  finished_at: Millis | null; // reached the last page (viewer/finish)
  last_page: Default<number>; // 1-based page reached (viewer/progress, ADR 016); 0 unknown
  last_device: Default<string>; // the device the place was left on (ADR 044); '' unknown
}

export interface ViewHistoryTable {
  user_id: number;
  title_id: number;
  last_episode_id: number;
  viewed_at: Millis;
}

/** A title a reader follows (ADR 017). */
export interface FavoriteTitleTable {
  user_id: number;
  title_id: number;
  created_at: Millis; // when it was followed
  alert_mail: Default<Flag>; // 0 when the reader muted this title's alert mail (ADR 065)
}

/** A chapter alert mailed (or being mailed) to a reader: one row per reader and chapter (ADR 065). */
export interface ChapterAlertTable {
  user_id: number;
  episode_id: number;
  status: 'pending' | 'sent';
  created_at: Millis;
  sent_at: Millis | null;
}

/** A page a reader bookmarked, with an optional note (ADR 044). */
export interface BookmarkTable {
  id: Id;
  user_id: number;
  title_id: number;
  episode_id: number;
  page: number; // 1-based
  note: Default<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface LoginBonusTable {
  user_id: number;
  bonus_date: string; // YYYY-MM-DD local date
  days_in_row: number;
  point: number;
  premium_ticket_num: Default<number>;
  created_at: Millis;
}

export type EpisodeViewRow = Selectable<EpisodeViewTable>;
export type BookmarkRow = Selectable<BookmarkTable>;
