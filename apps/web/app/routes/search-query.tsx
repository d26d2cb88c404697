import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { loadSearchResults } from '#app/features/search/search.server.ts';
import { SearchField } from '#app/features/search/search-field.tsx';
import { SearchResults } from '#app/features/search/search-results.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search-query';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-query');

/** A keyword is at most 100 characters (contracts SearchKeywordSchema). */
const MAX_KEYWORD_LENGTH = 100;

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const query = params.query.trim().slice(0, MAX_KEYWORD_LENGTH);
  const results = await loadSearchResults(apiFor(request, context), url, { keyword: query });
  return { query, results };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'pages.search-query.title', { query: loaderData?.query ?? '' });

export default function SearchQueryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, results } = loaderData;
  return (
    <PageFrame
      title={t('pages.search-query.title', { query })}
      crumbs={[{ label: t('pages.search.title'), to: '/search' }]}
    >
      <SearchField defaultValue={query} />
      <SearchResults
        results={results}
        label={t('pages.search-query.title', { query })}
        emptyTitle={t('catalogue.no_results_title')}
        emptyBody={t('catalogue.no_results_body', { query })}
      />
    </PageFrame>
  );
}
