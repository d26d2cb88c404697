import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/search-query';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-query');

export function loader({ params }: Route.LoaderArgs) {
  return { query: params.query };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'pages.search-query.title', { query: loaderData?.query ?? '' });

export default function SearchQueryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PlannedScreen
      page="search-query"
      values={{ query: loaderData.query }}
      crumbs={[{ label: t('pages.search.title'), to: '/search' }]}
    />
  );
}
