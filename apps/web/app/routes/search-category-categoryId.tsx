import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/search-category-categoryId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-category-categoryId');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.search-category-categoryId.title');

export default function SearchCategoryCategoryIdPage() {
  const { t } = useTranslation();
  return (
    <PlannedScreen page="search-category-categoryId" crumbs={[{ label: t('pages.search.title'), to: '/search' }]} />
  );
}
