import { type ApiClient, getWebEpisode } from '@manga/api-client';
import { isValidNonNegativeIntParam, parseWireDateTime } from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { titleHref } from '#app/features/catalogue/title-view.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import { type EpisodeDetailData, MINFUNCTION_VIEWER_PARAM, minfunctionViewerMode } from './episode-detail.ts';
import { viewerPath } from './viewer.ts';

/**
 * One chapter for the minfunction detail page: GET /web/episode and its title; 404 for an unknown
 * episode, one of another title, or an episode id that is not a non-negative integer (product §5).
 */
export async function loadEpisodeDetail(
  api: ApiClient,
  url: URL,
  titleId: number,
  episodeParam: string | undefined,
): Promise<EpisodeDetailData> {
  if (episodeParam === undefined || !isValidNonNegativeIntParam(episodeParam)) notFound(url);
  const episodeId = Number(episodeParam);
  let answer: Awaited<ReturnType<typeof getWebEpisode>>;
  let titleName = '';
  try {
    const [episode, titles] = await Promise.all([
      getWebEpisode(api, { episode_id: episodeId }),
      api.listTitles({ title_id_list: [titleId] }),
    ]);
    answer = episode;
    titleName = titles.title_list[0]?.title_name ?? answer.share.title_name;
  } catch (error) {
    failLoad(error, url);
  }
  const { episode } = answer;
  if (episode.title_id !== titleId) notFound(url);
  const viewerMode = minfunctionViewerMode(url.searchParams.get(MINFUNCTION_VIEWER_PARAM));
  const readable = episode.is_page_visible === 1;
  return {
    titleId,
    titleName,
    titleHref: titleHref(titleId),
    episodeId,
    episodeName: episode.episode_name,
    thumbnailUrl: toPublicImageUrl(episode.thumbnail_image_url),
    releasedAt: parseWireDateTime(episode.start_time, env.wireTimeZone)?.toISOString(),
    point: readable ? 0 : episode.point,
    pageCount: episode.page_count,
    readable,
    viewerMode,
    readHref: viewerPath(titleId, episodeId, viewerMode),
  };
}

/** The detail route's loader (its title id was checked by the route's parameter rule). */
export function loadRouteEpisodeDetail(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
  params: { titleId?: string; episodeId?: string },
): Promise<EpisodeDetailData> {
  return loadEpisodeDetail(apiFor(request, context), url, Number(params.titleId), params.episodeId);
}
