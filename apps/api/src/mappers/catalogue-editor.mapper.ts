// A title as the editors' console shows it (issue 26, ADR 046).
import { type EditorEpisode, type EditorTitle, formatWireDateTime } from '@manga/contracts';
import type { EpisodeRow } from '#src/db/schema.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { EditorTitleRecord } from '#src/repositories/title-editor.repository.ts';

export interface EditorRenderContext {
  /** Whether readers see the title now (the entitlement rules' answer). */
  published: boolean;
  urls: MediaUrls;
  timeZone: string;
}

/** The fields an editor sets, in wire names: the console's answer and the audit log's before/after. */
export function toEditorTitleFields(record: EditorTitleRecord) {
  const { title } = record;
  return {
    name_en: title.name_en,
    name_ja: title.name_ja,
    author_en: title.author_text_en,
    author_ja: title.author_text_ja,
    description_en: title.introduction_en,
    description_ja: title.introduction_ja,
    genre_ids: record.genreIds,
    tags: record.tags,
    magazine_category_id: title.magazine_category_id,
    age_rating: title.age_rating,
    reading_direction: title.viewing_direction,
    weekday_index: title.weekday_index,
  };
}

export function toEditorTitleResponse(record: EditorTitleRecord, ctx: EditorRenderContext): EditorTitle {
  const { title } = record;
  const { published } = ctx;
  return {
    title_id: title.id,
    ...toEditorTitleFields(record),
    published,
    published_time: published ? formatWireDateTime(new Date(title.published_at), ctx.timeZone) : '',
    updated_time: formatWireDateTime(new Date(title.updated_at), ctx.timeZone),
    episode_count: record.episodeCount,
    thumbnail_image_url: ctx.urls.publicUrl(title.thumbnail_path),
    thumbnail_rect_image_url: ctx.urls.publicUrl(title.thumbnail_rect_path),
    banner_image_url: ctx.urls.publicUrl(title.banner_path),
    feature_image_url: ctx.urls.publicUrl(title.feature_path),
  };
}

/** A chapter's release time for the console: "" while it is unscheduled (start_at at UNPUBLISHED_AT). */
export function editorReleaseTime(startAt: number, ctx: { unscheduledAt: number; timeZone: string }): string {
  return startAt >= ctx.unscheduledAt ? '' : formatWireDateTime(new Date(startAt), ctx.timeZone);
}

export function toEditorEpisodeResponse(
  row: EpisodeRow,
  ctx: { released: boolean; timeZone: string; unscheduledAt: number },
): EditorEpisode {
  return {
    episode_id: row.id,
    title_id: row.title_id,
    index: row.sort_index,
    name_en: row.name_en,
    name_ja: row.name_ja,
    page_count: row.page_count,
    point: row.point,
    start_time: editorReleaseTime(row.start_at, ctx),
    released: ctx.released,
    free_until_time: row.free_until_at === null ? '' : formatWireDateTime(new Date(row.free_until_at), ctx.timeZone),
    ticket_rental: row.ticket_rental_enabled === 1,
    single_sale: row.single_sale_enabled === 1,
  };
}
