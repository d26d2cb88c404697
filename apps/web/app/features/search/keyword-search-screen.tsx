import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { SearchField } from './search-field.tsx';
import { SearchResults } from './search-results.tsx';
import type { SearchResultsData } from './search-view.ts';

/** /search/{query}: the search field with the keyword, and its results. */
export function KeywordSearchScreen({ query, results }: { query: string; results: SearchResultsData }) {
  const { t } = useTranslation();
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
