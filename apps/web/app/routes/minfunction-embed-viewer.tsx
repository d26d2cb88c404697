import { EpisodeViewer } from '#app/features/viewer/episode-viewer.tsx';
import { loadRouteViewer } from '#app/features/viewer/viewer.server.ts';
import { viewerMeta } from '#app/features/viewer/viewer.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import type { Route } from './+types/minfunction-embed-viewer';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('minfunction-embed-viewer');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadRouteViewer(request, context, url, 'embed');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  viewerMeta(matches, loaderData, 'episode.viewer.embed_heading');

/** Embedded in other sites: the reading area only, no bar and no comments (ADR 013). */
export default function MinfunctionEmbedViewerPage({ loaderData }: Route.ComponentProps) {
  return <EpisodeViewer viewer={loaderData} />;
}
