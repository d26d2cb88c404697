import { lastPageComments } from '#app/features/comments/episode-comments.tsx';
import { EpisodeViewer } from '#app/features/viewer/episode-viewer.tsx';
import { loadRouteViewer, submitLockedViewer } from '#app/features/viewer/viewer.server.ts';
import { viewerMeta } from '#app/features/viewer/viewer.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/title-titleId-episode-episodeId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('title-titleId-episode-episodeId');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadRouteViewer(request, context, url, 'normal');
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitLockedViewer(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  viewerMeta(matches, loaderData, 'episode.viewer.heading', { episodeId: params.episodeId });

export default function EpisodeViewerPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EpisodeViewer viewer={loaderData} lockedResult={actionData} {...lastPageComments(loaderData.episodeId)} />;
}
