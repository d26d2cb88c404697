// Running the service: readiness, advertisements, settings, jobs and the catalogue revision.
import type { Insertable, Selectable } from 'kysely';
import type { Default, Flag, Id, Millis } from './columns.ts';

/** The row GET /readyz writes to prove the database takes writes (ADR 022). */
export interface ReadinessProbeTable {
  id: number;
  written_at: number;
}

export interface AdvertisementTable {
  id: Id;
  type: number; // 1 banner, 2 inline, 3 viewer last page
  title_id: number | null;
  image_path: Default<string>;
  link_url: Default<string>;
  name: Default<string>;
  position: Default<number>;
  active: Default<Flag>;
  start_at: Millis;
  end_at: Millis | null;
  alt_text: Default<string>; // ADR 074: the banner image's alt text, English
  alt_text_ja: Default<string>; // '' falls back to alt_text
}

/** An editor's pick for the top page (ADR 074): today's choice (kind 1, a title) or bonus (kind 2, a chapter). */
export interface TopPickTable {
  id: Id;
  kind: number;
  target_id: number;
  position: number;
  start_at: Millis | null;
  end_at: Millis | null;
  created_at: Millis;
}
export type TopPickRow = Selectable<TopPickTable>;

export interface AdvertisementCounterTable {
  advertisement_id: number;
  kind: string; // 'view' | 'click'
  count_date: string; // YYYY-MM-DD
  count: Default<number>;
}

export interface SettingTable {
  key: string; // e.g. 'maintenance'
  value: string; // JSON
  updated_at: Millis;
}

export interface JobTable {
  id: Id;
  name: string;
  payload: Default<string>; // JSON, ids only
  dedup_key: string | null;
  priority: Default<number>;
  status: Default<string>; // 'queued' | 'running' | 'success' | 'skipped' | 'failed'
  run_at: Millis;
  attempts: Default<number>;
  last_error: Default<string>;
  created_at: Millis;
  finished_at: Millis | null;
  /** Who runs it now (host:pid:random) and until when, renewed while it runs (ADR 040). */
  lease_owner: string | null;
  lease_expires_at: Millis | null;
}

/** One row (id 1): moved by triggers on every change to a catalogue table (ADR 020). */
export interface CatalogueRevisionTable {
  id: number;
  revision: number;
}

/** Each reader's last move of what their kept personal answers are made of (ADR 081; written by triggers). */
export interface ReaderRevisionTable {
  user_id: number;
  seq: number;
}

export type AdvertisementRow = Selectable<AdvertisementTable>;
export type JobRow = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;

/** A console chapter upload's progress, readable by every API process (ADR 061 addendum). */
export interface ChapterUploadTable {
  id: string;
  title_id: number;
  editor_user_id: number;
  state: string; // EditorUploadState
  stage: string; // 'decode' | 'store'
  done: Default<number>;
  total: Default<number>;
  episode_id: Default<number>;
  error_message: Default<string>;
  updated_at: Millis;
  finished_at: Millis | null;
}
