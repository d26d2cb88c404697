import { redirect } from 'react-router';
import { loadSearchHome } from '#app/features/search/search.server.ts';
import { SearchHomeScreen } from '#app/features/search/search-home-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search');

/** The header's search box submits `?keyword=`; results live at /search/{query}. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  const keyword = url.searchParams.get('keyword')?.trim();
  if (keyword) throw redirect(`/search/${encodeURIComponent(keyword)}`);
  return loadSearchHome(apiFor(request, context), url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.search.title');

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <SearchHomeScreen home={loaderData} />;
}
