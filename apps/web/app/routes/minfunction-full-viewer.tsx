import { lastPageComments } from '#app/features/comments/episode-comments.tsx';
import { EpisodeViewer } from '#app/features/viewer/episode-viewer.tsx';
import { loadRouteViewer } from '#app/features/viewer/viewer.server.ts';
import { viewerMeta } from '#app/features/viewer/viewer.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/minfunction-full-viewer';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('minfunction-full-viewer');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadRouteViewer(request, context, url, 'full');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  viewerMeta(matches, loaderData, 'episode.viewer.full_heading');

/** The reader on the whole window (full-viewer layout). */
export default function MinfunctionFullViewerPage({ loaderData }: Route.ComponentProps) {
  return <EpisodeViewer viewer={loaderData} {...lastPageComments(loaderData.episodeId)} />;
}
