import { SERVICE_NAME } from '#app/brand.ts';
import { loadRouteEpisodeDetail } from '#app/features/viewer/episode-detail.server.ts';
import { EpisodeDetailScreen } from '#app/features/viewer/episode-detail-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/minfunction-episode-detail';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('minfunction-episode-detail');

export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadRouteEpisodeDetail(request, context, url, params);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.episodeName} | ${loaderData.titleName} | ${SERVICE_NAME}` }]
    : pageMeta(matches, 'pages.minfunction-episode-detail.title');

/** A chapter in the minfunction mode (product §2, §4): its facts and the minfunction viewer it opens in. */
export default function MinfunctionEpisodeDetailPage({ loaderData }: Route.ComponentProps) {
  return <EpisodeDetailScreen detail={loaderData} />;
}
