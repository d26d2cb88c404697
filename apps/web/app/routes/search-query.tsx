import { KeywordSearchScreen } from '#app/features/search/keyword-search-screen.tsx';
import { loadKeywordSearch } from '#app/features/search/search.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search-query';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-query');

export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadKeywordSearch(apiFor(request, context), url, params.query);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'pages.search-query.title', { query: loaderData?.query ?? '' });

export default function SearchQueryPage({ loaderData }: Route.ComponentProps) {
  return <KeywordSearchScreen query={loaderData.query} results={loaderData.results} />;
}
