import {
  AGE_RATINGS,
  type EditorEpisode,
  type EditorScheduledEpisode,
  type EditorTitle,
  EditorTitleStatus,
  type PreviewAccess,
  ReadingDirection,
  TITLE_ART_MEDIA_TYPES,
} from '@manga/contracts';
import type { ReadyViewerData } from '#app/features/viewer/viewer.ts';

// The catalogue console's view model (issue 26, ADR 046): plain types and pure functions, no I/O.

export const EDITORIAL_PATHS = {
  titles: '/ops/catalogue',
  newTitle: '/ops/catalogue/new',
  title: (titleId: number) => `/ops/catalogue/${titleId}`,
  /** A chapter in the real reader before release (ADR 073). */
  preview: (titleId: number, episodeId: number) => `/ops/catalogue/${titleId}/episode/${episodeId}/preview`,
} as const;

export const EDITORIAL_PAGE_SIZE = 20;

export interface NamedOption {
  id: number;
  name: string;
}

export interface TitleListFilter {
  q: string;
  status: EditorTitleStatus;
  genreId: number | undefined;
  page: number;
}

export interface TitleListData {
  /** Every title's chapters due in the coming SCHEDULE_DAYS, soonest first. */
  schedule: EditorScheduledEpisode[];
  filter: TitleListFilter;
  titles: EditorTitle[];
  total: number;
  hasNext: boolean;
  genres: NamedOption[];
}

export interface TitleEditorData {
  /** Undefined while the title is being created. */
  title: EditorTitle | undefined;
  genres: NamedOption[];
  magazines: NamedOption[];
  /** The title's chapters in reading order (none while the title is being created). */
  episodes: EditorEpisode[];
  /** The wire time zone, for "published at … (your time …)". */
  wireTimeZone: string;
}

export type EditorialIntent = 'save' | 'publish' | 'unpublish' | 'episode' | 'schedule';

export type EditorialActionResult =
  | { status: 'done'; intent: EditorialIntent; episodeId?: number }
  | { status: 'failed'; intent: EditorialIntent; code: number; message: string; episodeId?: number };

export const STATUS_FILTERS = [EditorTitleStatus.All, EditorTitleStatus.Published, EditorTitleStatus.Unpublished];

export function statusOf(value: string | null): EditorTitleStatus {
  return (STATUS_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as EditorTitleStatus)
    : EditorTitleStatus.All;
}

export function titleListFilterOf(params: URLSearchParams): TitleListFilter {
  const genre = Number(params.get('genre') ?? '');
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    status: statusOf(params.get('status')),
    genreId: Number.isInteger(genre) && genre > 0 ? genre : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The list URL of a filter (the pager's links keep the search). */
export function titleListHref(filter: TitleListFilter, page = filter.page): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status !== EditorTitleStatus.All) params.set('status', filter.status);
  if (filter.genreId !== undefined) params.set('genre', String(filter.genreId));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${EDITORIAL_PATHS.titles}?${query}` : EDITORIAL_PATHS.titles;
}

export const AGE_RATING_OPTIONS = AGE_RATINGS;
export const READING_DIRECTION_OPTIONS = Object.values(ReadingDirection);
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const ART_ACCEPT = TITLE_ART_MEDIA_TYPES.join(',');

/** The sizes the site shows a title's art at (the API's TITLE_ART_SIZES), for the previews. */
export const ART_PREVIEWS = [
  { kind: 'thumbnail', width: 480, height: 480, field: 'thumbnail_image_url' },
  { kind: 'thumbnailRect', width: 720, height: 360, field: 'thumbnail_rect_image_url' },
  { kind: 'banner', width: 1280, height: 480, field: 'banner_image_url' },
  { kind: 'feature', width: 600, height: 840, field: 'feature_image_url' },
] as const satisfies readonly { kind: string; width: number; height: number; field: keyof EditorTitle }[];

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The crop of an image of `width` × `height` at `zoom` (1 = the whole image) centred on the focus point
 * (fractions 0–1), kept inside the image: what the editor sees in the preview is what the API cuts.
 */
export function cropOf(width: number, height: number, zoom: number, focusX: number, focusY: number): CropBox {
  const scale = Math.min(Math.max(zoom, 1), 8);
  const cropWidth = Math.max(1, Math.round(width / scale));
  const cropHeight = Math.max(1, Math.round(height / scale));
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);
  return {
    left: clamp(focusX * width - cropWidth / 2, width - cropWidth),
    top: clamp(focusY * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

/** The form's text of a title's tags and back. */
export function tagsText(tags: readonly string[]): string {
  return tags.join(', ');
}

/** A folder's pages and a .cbz: what the chapter upload accepts (a folder is zipped in the browser). */
export const CHAPTER_ACCEPT = '.cbz,.zip,application/zip';

/** A wire time 'YYYY-MM-DD HH:MM:SS' as a datetime-local input's value, and back ("" stays ""). */
export function wireToInput(wire: string): string {
  return wire ? wire.replace(' ', 'T') : '';
}

export function inputToWire(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  const [date, time = ''] = trimmed.split('T');
  const [hh = '00', mm = '00', ss = '00'] = time.split(':');
  return `${date} ${hh.padStart(2, '0')}:${mm.padStart(2, '0')}:${ss.slice(0, 2).padStart(2, '0')}`;
}

/** Percent of `done` in `total`, 0 when nothing is known yet. */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

/** How far ahead the console's agenda looks: four weeks. */
export const SCHEDULE_DAYS = 28;

/** The agenda's chapters by wire date ('YYYY-MM-DD'), in order. */
export function groupByDate<T extends { start_time: string }>(rows: readonly T[]): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const row of rows) {
    const date = row.start_time.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), row]);
  }
  return [...days.entries()];
}

/** An editor's preview of a chapter (ADR 073): the reader's view model and who could read it. */
export interface ChapterPreviewData {
  viewer: ReadyViewerData;
  /** Readers can see the chapter now (released, title published). */
  released: boolean;
  titlePublished: boolean;
  /** The release time on the wire (wire time zone). */
  startTime: string;
  wireTimeZone: string;
  access: PreviewAccess[];
  consoleHref: string;
}
