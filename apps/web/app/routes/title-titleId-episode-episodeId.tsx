import { SERVICE_NAME } from '#app/brand.ts';
import { LockedChapter, Reader, RestrictedChapter } from '#app/features/viewer/reader.tsx';
import { loadViewer } from '#app/features/viewer/viewer.server.ts';
import { routeMiddleware, titleRouteContext } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/title-titleId-episode-episodeId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('title-titleId-episode-episodeId');

export function loader({ request, context, url }: Route.LoaderArgs) {
  const { titleId, episodeId } = context.get(titleRouteContext);
  return loadViewer(apiFor(request, context), url, titleId, episodeId ?? 0);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  loaderData?.episodeName
    ? [{ title: `${loaderData.episodeName} | ${loaderData.titleName} | ${SERVICE_NAME}` }]
    : pageMeta(matches, 'episode.viewer.heading', { episodeId: params.episodeId });

export default function EpisodeViewerPage({ loaderData: viewer }: Route.ComponentProps) {
  switch (viewer.state) {
    case 'ready':
      return <Reader key={viewer.episodeId} {...viewer} />;
    case 'locked':
      return <LockedChapter {...viewer} />;
    case 'restricted':
      return <RestrictedChapter {...viewer} />;
  }
}
