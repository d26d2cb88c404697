import { useTranslation } from 'react-i18next';
import { loadRankingPage } from '#app/features/ranking/ranking-page.server.ts';
import { RankingScreen } from '#app/features/ranking/ranking-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ranking-rankingId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ranking-rankingId');

/** The rankingId is checked by the route's parameter rule (product §5) before this runs. */
export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadRankingPage(apiFor(request, context), url, Number(params.rankingId));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tab = loaderData?.tabs.find((entry) => entry.ranking_id === loaderData.rankingId);
  return tab ? pageMeta(matches, 'catalogue.ranking_of', { name: tab.text }) : pageMeta(matches, 'pages.ranking.title');
};

export default function RankingRankingIdPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <RankingScreen ranking={loaderData} namedHeading crumbs={[{ label: t('pages.ranking.title'), to: '/ranking' }]} />
  );
}
