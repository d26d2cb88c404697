import { PlannedScreen } from '#app/components/ui/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/minfunction-episode-detail';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('minfunction-episode-detail');

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.minfunction-episode-detail.title');

export default function MinfunctionEpisodeDetailPage({ params }: Route.ComponentProps) {
  return (
    <PlannedScreen
      page="minfunction-episode-detail"
      values={{ titleId: params.titleId, episodeId: params.episodeId }}
    />
  );
}
