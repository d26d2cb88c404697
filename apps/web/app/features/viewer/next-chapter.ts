import {
  type ApiClient,
  getNextEpisodeTime,
  getWebViewer,
  listWebRecommendedTitles,
  responseCodeOf,
} from '@manga/api-client';
import { parseWireDateTime } from '@manga/contracts';
import { useEffect, useState } from 'react';
import { type EpisodeAccess, episodeAccess } from '#app/features/catalogue/episode-access.ts';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';
import { optionalCall } from '#app/features/catalogue/optional-call.ts';
import { type TitleCardView, toTitleCard } from '#app/features/catalogue/title-view.ts';
import type { ReadyViewerData } from './viewer.ts';

// What the last page shows beyond the chapter itself (product §2 viewer): the next chapter with its
// price, ticket or rental, when the next one comes out (GET /web/episode/nexttime), and titles like
// this one. Loaded in the browser once the reader nears the end, so it never delays the first page.

export interface NextChapterInfo {
  name: string;
  thumbnailUrl: string;
  access: EpisodeAccess;
}

export interface LastPageInfo {
  next: NextChapterInfo | undefined;
  /** The chapter after this one when it is not out yet: its name and release time. */
  upcoming: { name: string; releaseAt: Date } | undefined;
  recommended: TitleCardView[];
}

const optional = <T>(call: Promise<T>, what: string) => optionalCall(call, what, 'the last page');

export async function loadLastPageInfo(
  api: ApiClient,
  viewer: ReadyViewerData,
  { apiPrefix, timeZone, now }: { apiPrefix: string; timeZone: string; now: Date },
): Promise<LastPageInfo> {
  const nextId = viewer.next?.episodeId;
  const [episodes, nextTime, recommended] = await Promise.all([
    nextId === undefined ? undefined : optional(api.listEpisodes({ episode_id_list: [nextId] }), 'POST /episode/list'),
    optional(getNextEpisodeTime(api, { episode_id: viewer.episodeId }), 'GET /web/episode/nexttime'),
    optional(listWebRecommendedTitles(api, { title_id: viewer.titleId, limit: 7 }), 'GET /web/recommend/title/list'),
  ]);
  const episode = episodes?.episode_list[0];
  const scheduled = nextTime?.next_episode;
  const releaseAt =
    scheduled && scheduled.is_released === 0 ? parseWireDateTime(scheduled.start_time, timeZone) : undefined;
  return {
    next: episode
      ? {
          name: episode.episode_name,
          thumbnailUrl: imageUrlThrough(apiPrefix, episode.web_thumbnail_image_url || episode.thumbnail_image_url),
          access: episodeAccess(episode, now, timeZone),
        }
      : undefined,
    upcoming: scheduled && releaseAt ? { name: scheduled.episode_name, releaseAt } : undefined,
    recommended: (recommended?.title_list ?? [])
      .filter((title) => title.title_id !== viewer.titleId)
      .slice(0, 6)
      .map((title) => toTitleCard(title, (url) => imageUrlThrough(apiPrefix, url))),
  };
}

/** The last page's facts, loaded once `wanted` turns true. */
export function useLastPageInfo(
  api: ApiClient | undefined,
  viewer: ReadyViewerData,
  wanted: boolean,
  options: { apiPrefix: string; timeZone: string },
): LastPageInfo | undefined {
  const [info, setInfo] = useState<LastPageInfo | undefined>(undefined);
  const { apiPrefix, timeZone } = options;
  useEffect(() => {
    if (!api || !wanted || info) return;
    let cancelled = false;
    void loadLastPageInfo(api, viewer, { apiPrefix, timeZone, now: new Date() }).then((loaded) => {
      if (!cancelled) setInfo(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [api, viewer, wanted, info, apiPrefix, timeZone]);
  return info;
}

/**
 * Warms the browser's cache with the next chapter's first pages (signed URLs stay the same within
 * their window, so the next reader hits the cache). A prefetch records no read.
 */
export function useNextChapterWarmUp(
  api: ApiClient | undefined,
  viewer: ReadyViewerData,
  wanted: boolean,
  { firstPages, apiPrefix }: { firstPages: number; apiPrefix: string },
): void {
  const next = viewer.next;
  const readable = next !== undefined && next.access !== 'paid';
  useEffect(() => {
    if (!api || !wanted || !readable || !next) return;
    let cancelled = false;
    const warmed: HTMLImageElement[] = [];
    getWebViewer(api, { episode_id: next.episodeId, prefetch: 1 })
      .then((answer) => {
        if (cancelled) return;
        for (const url of answer.page_list.slice(0, firstPages)) {
          const image = new Image();
          image.crossOrigin = 'anonymous';
          image.fetchPriority = 'low';
          image.src = imageUrlThrough(apiPrefix, url);
          warmed.push(image);
        }
      })
      .catch((error: unknown) => {
        console.warn(`Prefetching the next chapter failed with ${responseCodeOf(error)}`);
      });
    return () => {
      cancelled = true;
    };
  }, [api, wanted, readable, next, firstPages, apiPrefix]);
}
