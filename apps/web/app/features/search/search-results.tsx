import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { StatusPanel } from '#app/components/ui/status-panel.tsx';
import { TabNav } from '#app/components/ui/tab-nav.tsx';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { TitleGrid } from '#app/features/catalogue/title-grid.tsx';
import type { SearchResultsData } from './search-view.ts';
import { SEARCH_SORTS } from './search-view.ts';

/** A result page: the count, sort tabs (links), the cover grid and paging; a friendly note when empty. */
export function SearchResults({
  results,
  label,
  emptyTitle,
  emptyBody,
}: {
  results: SearchResultsData;
  label: string;
  emptyTitle: string;
  emptyBody: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (results.total === 0) {
    return (
      <StatusPanel
        title={emptyTitle}
        message={emptyBody}
        action={{ href: '/search', label: t('catalogue.browse_genres') }}
      />
    );
  }
  return (
    <>
      <p className="mb-3 text-sm font-semibold text-zinc-600" data-testid="result-count">
        {t('catalogue.result_count', { count: results.total })}
      </p>
      <TabNav
        label={t('catalogue.sort_label')}
        tabs={SEARCH_SORTS.map((sort) => ({
          key: sort,
          label: t(`catalogue.sort.${sort}`),
          href: sort === 'popular' ? pathname : `${pathname}?sort=${sort}`,
          current: sort === results.sort,
        }))}
      />
      <TitleGrid titles={results.titles} label={label} />
      <Pager page={results.page} hasNext={results.hasNext} />
    </>
  );
}
