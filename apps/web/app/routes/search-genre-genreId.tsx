import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/search-genre-genreId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-genre-genreId');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.search-genre-genreId.title');

export default function SearchGenreGenreIdPage() {
  const { t } = useTranslation();
  return <PlannedScreen page="search-genre-genreId" crumbs={[{ label: t('pages.search.title'), to: '/search' }]} />;
}
