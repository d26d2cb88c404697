import {
  EpisodeListResponseSchema,
  WebEpisodeNextTimeResponseSchema,
  WebTitleDetailResponseSchema,
  WebViewerResponseSchema,
} from '@manga/contracts';
import { apiGet } from './page-pixels.ts';

// Chapters of the demo catalogue the viewer's tests and benchmark read, found through the API so
// that they hold whatever day the catalogue was generated on.

export interface Chapter {
  titleId: number;
  episodeId: number;
  pageCount: number;
  /** 1-based numbers of the wide pages. */
  widePages: number[];
  nextEpisodeId: number | undefined;
}

export const pad = (titleId: number) => String(titleId).padStart(5, '0');
export const readerPath = (chapter: Pick<Chapter, 'titleId' | 'episodeId'>, query = '') =>
  `/title/${pad(chapter.titleId)}/episode/${chapter.episodeId}${query}`;

async function chapterOf(episodeId: number): Promise<Chapter & { direction: number; free: boolean }> {
  const viewer = WebViewerResponseSchema.safeParse(
    await apiGet(`/web/episode/viewer?episode_id=${episodeId}&prefetch=1`),
  );
  if (!viewer.success) {
    return { titleId: 0, episodeId, pageCount: 0, widePages: [], nextEpisodeId: undefined, direction: 0, free: false };
  }
  const answer = viewer.data;
  return {
    titleId: answer.title_id,
    episodeId,
    pageCount: answer.page_list.length,
    widePages: answer.page_size_list.flatMap((size, index) => (size.width > size.height ? [index + 1] : [])),
    nextEpisodeId: answer.next_episode.episode_id,
    direction: answer.direction,
    free: true,
  };
}

/** A free right-to-left chapter of an unrated title with a wide double-page spread (the demo's chapter 1s). */
export async function findSpreadChapter(skip: ReadonlySet<number> = new Set()): Promise<Chapter> {
  for (let titleId = 10_001; titleId <= 10_048; titleId++) {
    if (skip.has(titleId)) continue;
    const detail = WebTitleDetailResponseSchema.safeParse(await apiGet(`/web/title/detail?title_id=${titleId}`));
    if (!detail.success || (detail.data.web_title.age_rating ?? 0) > 0) continue;
    const first = detail.data.web_title.episode_id_list[0];
    if (first === undefined) continue;
    const chapter = await chapterOf(first);
    if (chapter.direction === 1 && chapter.widePages.length > 0 && chapter.nextEpisodeId !== undefined) return chapter;
  }
  throw new Error('No free right-to-left chapter with a wide page: run the service on the demo catalogue');
}

/** A free chapter whose next one is scheduled but not out yet (for the countdown). */
export async function findChapterBeforeARelease(): Promise<Chapter> {
  for (let titleId = 10_001; titleId <= 10_048; titleId++) {
    const detail = WebTitleDetailResponseSchema.safeParse(await apiGet(`/web/title/detail?title_id=${titleId}`));
    if (!detail.success || (detail.data.web_title.age_rating ?? 0) > 0) continue;
    const latest = detail.data.web_title.episode_id_list.at(-1);
    if (latest === undefined) continue;
    const next = WebEpisodeNextTimeResponseSchema.safeParse(await apiGet(`/web/episode/nexttime?episode_id=${latest}`));
    if (!next.success || next.data.next_episode?.is_released !== 0) continue;
    const list = EpisodeListResponseSchema.parse(await apiGet(`/episode/list?episode_id_list=${latest}`));
    if (list.episode_list[0]?.badge !== 2) continue;
    return chapterOf(latest);
  }
  throw new Error('No free latest chapter with a scheduled next one in the demo catalogue');
}

/** A chapter that must be bought (badge 1). */
export async function findLockedChapter(): Promise<{ titleId: number; episodeId: number; point: number }> {
  for (let titleId = 10_001; titleId <= 10_048; titleId++) {
    const detail = WebTitleDetailResponseSchema.safeParse(await apiGet(`/web/title/detail?title_id=${titleId}`));
    if (!detail.success || (detail.data.web_title.age_rating ?? 0) > 0) continue;
    const ids = detail.data.web_title.episode_id_list.join(',');
    const list = EpisodeListResponseSchema.parse(await apiGet(`/episode/list?episode_id_list=${ids}`));
    const locked = list.episode_list.find((episode) => episode.badge === 1);
    if (locked) return { titleId, episodeId: locked.episode_id, point: locked.point };
  }
  throw new Error('No locked chapter in the demo catalogue');
}

/**
 * Chapters that must be bought (badge 1) of `titles` different unrated titles: up to `perTitle`
 * of each, in episode order.
 */
export async function findLockedChapters(
  titles: number,
  perTitle = 1,
): Promise<{ titleId: number; episodeId: number; point: number }[][]> {
  const found: { titleId: number; episodeId: number; point: number }[][] = [];
  for (let titleId = 10_001; titleId <= 10_048 && found.length < titles; titleId++) {
    const detail = WebTitleDetailResponseSchema.safeParse(await apiGet(`/web/title/detail?title_id=${titleId}`));
    if (!detail.success || (detail.data.web_title.age_rating ?? 0) > 0) continue;
    const ids = detail.data.web_title.episode_id_list.join(',');
    if (ids === '') continue;
    const list = EpisodeListResponseSchema.parse(await apiGet(`/episode/list?episode_id_list=${ids}`));
    const locked = list.episode_list
      .filter((episode) => episode.badge === 1)
      .slice(0, perTitle)
      .map((episode) => ({ titleId, episodeId: episode.episode_id, point: episode.point }));
    if (locked.length === perTitle) found.push(locked);
  }
  if (found.length < titles)
    throw new Error(`Only ${found.length} titles with ${perTitle} locked chapters in the demo catalogue`);
  return found;
}

export interface LockedChapter {
  episodeId: number;
  index: number;
  point: number;
  name: string;
}

/** An unrated title with at least `count` chapters that must be bought (badge 1) and that a title ticket can rent, oldest first. */
export async function findTitleWithRentableChapters(
  count: number,
): Promise<{ titleId: number; titleName: string; chapters: LockedChapter[] }> {
  for (let titleId = 10_001; titleId <= 10_048; titleId++) {
    const detail = WebTitleDetailResponseSchema.safeParse(await apiGet(`/web/title/detail?title_id=${titleId}`));
    if (!detail.success || (detail.data.web_title.age_rating ?? 0) > 0) continue;
    const ids = detail.data.web_title.episode_id_list.join(',');
    if (!ids) continue;
    const list = EpisodeListResponseSchema.parse(await apiGet(`/episode/list?episode_id_list=${ids}`));
    const chapters = list.episode_list
      .filter((episode) => episode.badge === 1 && episode.point > 0 && episode.ticket_rental_enabled === 1)
      .sort((a, b) => a.index - b.index)
      .map((episode) => ({
        episodeId: episode.episode_id,
        index: episode.index,
        point: episode.point,
        name: episode.episode_name,
      }));
    if (chapters.length >= count) return { titleId, titleName: detail.data.web_title.title_name, chapters };
  }
  throw new Error(`No title with ${count} rentable locked chapters in the demo catalogue`);
}
