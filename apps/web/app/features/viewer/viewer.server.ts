import { type ApiClient, getWebViewer, responseCodeOf } from '@manga/api-client';
import { ResponseCode, type ScrambleSeed } from '@manga/contracts';
import { toPublicImageUrl } from '#app/api.server.ts';
import { failLoad, notFound } from '#app/features/catalogue/load-errors.server.ts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import { type AccessKind, accessKindOf } from '#app/features/title/episode-access.ts';

/** A neighbouring chapter (previous_episode / next_episode: int fields, {} when none) and its badge. */
export interface AdjacentChapter {
  href: string;
  access: AccessKind;
}

interface ViewerBase {
  titleId: number;
  episodeId: number;
  titleName: string;
  episodeName: string;
  titleHref: string;
}

export type ViewerData =
  | (ViewerBase & {
      state: 'ready';
      pages: string[];
      scrambleSeed: ScrambleSeed;
      scrambleVer: number | null;
      previous: AdjacentChapter | undefined;
      next: AdjacentChapter | undefined;
    })
  | (ViewerBase & { state: 'locked'; point: number; ticket: boolean; firstEpisodeHref: string | undefined })
  | (ViewerBase & { state: 'restricted'; message: string });

export function adjacentChapter(titleId: number, entry: Readonly<Record<string, number>>): AdjacentChapter | undefined {
  const id = entry.episode_id;
  if (id === undefined) return undefined;
  return { href: episodeHref(titleId, id), access: accessKindOf(entry.badge ?? 0) };
}

/**
 * The reader: GET /web/episode/viewer for the signed pages and seed, with the episode and title
 * for their names. A locked episode (HTTP 400 / 3105) becomes the `locked` state with its price;
 * an age-rated one (2016) the `restricted` state; unknown ids, or an episode of another title, 404.
 */
export async function loadViewer(api: ApiClient, url: URL, titleId: number, episodeId: number): Promise<ViewerData> {
  const [viewer, episodes, titles] = await Promise.allSettled([
    getWebViewer(api, { episode_id: episodeId }),
    api.listEpisodes({ episode_id_list: [episodeId] }),
    api.listTitles({ title_id_list: [titleId] }),
  ]);
  const episode = episodes.status === 'fulfilled' ? episodes.value.episode_list[0] : undefined;
  const title = titles.status === 'fulfilled' ? titles.value.title_list[0] : undefined;
  if (episodes.status === 'fulfilled' && (!episode || episode.title_id !== titleId)) notFound(url);
  if (titles.status === 'fulfilled' && !title) notFound(url);
  const base: ViewerBase = {
    titleId,
    episodeId,
    titleName: title?.title_name ?? '',
    episodeName: episode?.episode_name ?? '',
    titleHref: titleHref(titleId),
  };
  if (viewer.status === 'rejected') {
    const code = responseCodeOf(viewer.reason);
    if (code === ResponseCode.EpisodeUnpurchased) {
      const first = title?.first_episode_id;
      return {
        ...base,
        state: 'locked',
        point: episode?.point ?? 0,
        ticket: episode?.ticket_rental_enabled === 1,
        firstEpisodeHref: first && first !== episodeId ? episodeHref(titleId, first) : undefined,
      };
    }
    if (code === ResponseCode.AccountAccessDenied) {
      const message = viewer.reason instanceof Error ? viewer.reason.message : '';
      return { ...base, state: 'restricted', message };
    }
    failLoad(viewer.reason, url);
  }
  const answer = viewer.value;
  if (answer.title_id !== titleId) notFound(url);
  return {
    ...base,
    state: 'ready',
    // Page URLs are absolute and signed; API-relative ones go through the web origin's prefix.
    pages: answer.page_list.map(toPublicImageUrl),
    scrambleSeed: answer.scramble_seed,
    scrambleVer: answer.scramble_ver,
    previous: adjacentChapter(titleId, answer.previous_episode),
    next: adjacentChapter(titleId, answer.next_episode),
  };
}
