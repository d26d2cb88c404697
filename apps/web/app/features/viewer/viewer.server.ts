import { type ApiClient, getWebViewer, responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { accessKindOf } from '#app/features/catalogue/episode-access.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import { titleRouteContext } from '#app/guards/route-middleware.server.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { AdjacentChapter, ViewerBase, ViewerData } from './viewer.ts';

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

/** The loader of every viewer route: the title and episode their viewer middleware checked (SPEC §2, §5). */
export function loadRouteViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ViewerData> {
  const { titleId, episodeId } = context.get(titleRouteContext);
  return loadViewer(apiFor(request, context), url, titleId, episodeId ?? 0);
}
