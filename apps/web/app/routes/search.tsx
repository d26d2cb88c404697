import { redirect } from 'react-router';
import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/search';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search');

/** The header's search box submits `?keyword=`; results live at /search/{query}. */
export function loader({ url }: Route.LoaderArgs) {
  const keyword = url.searchParams.get('keyword')?.trim();
  if (keyword) throw redirect(`/search/${encodeURIComponent(keyword)}`);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.search.title');

export default function SearchPage() {
  return <PlannedScreen page="search" />;
}
