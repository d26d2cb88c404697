import { RankingId } from '@manga/contracts';
import { loadRankingPage } from '#app/features/ranking/ranking-page.server.ts';
import { RankingScreen } from '#app/features/ranking/ranking-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ranking';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ranking');

/** /ranking shows the All ranking; its tabs lead to /ranking/{rankingId}. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadRankingPage(apiFor(request, context), url, RankingId.All);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.ranking.title');

export default function RankingPage({ loaderData }: Route.ComponentProps) {
  return <RankingScreen ranking={loaderData} />;
}
