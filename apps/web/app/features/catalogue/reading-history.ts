import type { Episode, Title, ViewedTitle } from '@manga/contracts';
import { continueHref } from './reading-progress.ts';
import { episodeHref, titleHref } from './title-view.ts';

// Continue reading (ADR 016): where a reader is in a title (the API's history for logged-in
// readers, the browser's for the others) and what "continue" opens: the page reached, the next
// chapter once one is finished, or the chapter again when it was the last one.

export type ContinueAction = { kind: 'page'; page: number } | { kind: 'start' } | { kind: 'next' } | { kind: 'again' };

export interface ContinueReading {
  titleId: number;
  episodeId: number;
  /** 1-based page reached; 0 when unknown. */
  page: number;
  pageCount: number;
  action: ContinueAction;
  /** Where "continue" leads. */
  href: string;
}

/** What "continue" opens for a place in a title; `episodeIds` are the title's chapters, oldest first. */
export function continueReading(
  place: { titleId: number; episodeId: number; page: number; pageCount: number; finished: boolean },
  episodeIds: readonly number[],
): ContinueReading {
  const { titleId, episodeId, page, pageCount } = place;
  const base = { titleId, episodeId, page, pageCount };
  if (place.finished || (pageCount > 0 && page >= pageCount)) {
    const next = episodeIds[episodeIds.indexOf(episodeId) + 1];
    if (episodeIds.includes(episodeId) && next !== undefined) {
      return { ...base, action: { kind: 'next' }, href: episodeHref(titleId, next) };
    }
    return { ...base, action: { kind: 'again' }, href: episodeHref(titleId, episodeId) };
  }
  if (page > 1) return { ...base, action: { kind: 'page', page }, href: continueHref(titleId, episodeId, page) };
  return { ...base, action: { kind: 'start' }, href: episodeHref(titleId, episodeId) };
}

/** One title of the reading history, as /my/history and the top page show it. */
export interface HistoryEntryView {
  titleId: number;
  titleName: string;
  titleHref: string;
  coverUrl: string;
  episodeName: string;
  /** When it was read last, as an ISO instant. */
  viewedAt: string | undefined;
  /** Where and when the place was left (ADR 044): the API's device name ('' unknown) and an ISO instant. */
  left: { device: string; at: string | undefined } | undefined;
  continue: ContinueReading;
}

export function toHistoryEntries(
  answer: { viewed_title_list: ViewedTitle[]; title_list: Title[]; episode_list: Episode[] },
  { toImageUrl, parseTime }: { toImageUrl: (url: string) => string; parseTime: (wire: string) => Date | undefined },
): HistoryEntryView[] {
  const titles = new Map(answer.title_list.map((title) => [title.title_id, title]));
  const episodes = new Map(answer.episode_list.map((episode) => [episode.episode_id, episode]));
  return answer.viewed_title_list.flatMap((viewed) => {
    const title = titles.get(viewed.title_id);
    const episode = episodes.get(viewed.episode_id);
    if (!title || !episode) return [];
    return [
      {
        titleId: title.title_id,
        titleName: title.title_name,
        titleHref: titleHref(title.title_id),
        coverUrl: toImageUrl(title.thumbnail_image_url),
        episodeName: episode.episode_name,
        viewedAt: parseTime(viewed.viewed_time)?.toISOString(),
        left:
          viewed.page_time === null
            ? undefined
            : { device: viewed.device_name, at: parseTime(viewed.page_time)?.toISOString() },
        continue: continueReading(
          {
            titleId: viewed.title_id,
            episodeId: viewed.episode_id,
            page: viewed.page,
            pageCount: viewed.page_count,
            finished: viewed.is_finished === 1,
          },
          title.episode_id_list,
        ),
      },
    ];
  });
}
