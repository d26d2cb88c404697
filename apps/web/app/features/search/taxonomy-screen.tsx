import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { SearchResults } from './search-results.tsx';
import type { TaxonomyKind, TaxonomySearchData } from './search-view.ts';

/** The heading of a genre or category page (translation key and its value) and the lead under it. */
export const TAXONOMY_TEXT: Readonly<Record<TaxonomyKind, { title: string; value: string; lead: string }>> = {
  genre: { title: 'catalogue.genre_title', value: 'genre', lead: 'pages.search-genre-genreId.lead' },
  category: { title: 'catalogue.category_title', value: 'category', lead: 'pages.search-category-categoryId.lead' },
};

/** /search/genre/{genreId} and /search/category/{categoryId}: the titles of one genre or magazine category. */
export function TaxonomyScreen({ taxonomy }: { taxonomy: TaxonomySearchData }) {
  const { t } = useTranslation();
  const text = TAXONOMY_TEXT[taxonomy.kind];
  const title = t(text.title, { [text.value]: taxonomy.name });
  return (
    <PageFrame title={title} lead={t(text.lead)} crumbs={[{ label: t('pages.search.title'), to: '/search' }]}>
      <SearchResults
        results={taxonomy.results}
        label={title}
        emptyTitle={t('catalogue.genre_empty_title')}
        emptyBody={t('catalogue.genre_empty_body')}
      />
    </PageFrame>
  );
}
