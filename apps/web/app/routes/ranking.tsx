import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/ranking';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ranking');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.ranking.title');

export default function RankingPage() {
  return <PlannedScreen page="ranking" />;
}
