import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/ranking-rankingId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ranking-rankingId');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.ranking-rankingId.title');

export default function RankingRankingIdPage() {
  const { t } = useTranslation();
  return <PlannedScreen page="ranking-rankingId" crumbs={[{ label: t('pages.ranking.title'), to: '/ranking' }]} />;
}
