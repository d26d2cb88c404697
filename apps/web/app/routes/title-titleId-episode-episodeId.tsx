import { lastPageComments } from '#app/features/comments/episode-comments.tsx';
import { EpisodeViewer } from '#app/features/viewer/episode-viewer.tsx';
import { loadRouteViewer } from '#app/features/viewer/viewer.server.ts';
import { viewerMeta } from '#app/features/viewer/viewer.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/title-titleId-episode-episodeId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('title-titleId-episode-episodeId');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadRouteViewer(request, context, url, 'normal');
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  viewerMeta(matches, loaderData, 'episode.viewer.heading', { episodeId: params.episodeId });

export default function EpisodeViewerPage({ loaderData }: Route.ComponentProps) {
  return <EpisodeViewer viewer={loaderData} {...lastPageComments(loaderData.episodeId)} />;
}
