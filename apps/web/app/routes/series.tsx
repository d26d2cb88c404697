import { loadSeriesPage } from '#app/features/series/series-page.server.ts';
import { SeriesScreen } from '#app/features/series/series-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/series';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('series');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadSeriesPage(apiFor(request, context), url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.series.title');

export default function SeriesPage({ loaderData }: Route.ComponentProps) {
  return <SeriesScreen series={loaderData} />;
}
