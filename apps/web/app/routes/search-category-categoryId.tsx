import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { loadCategory, loadSearchResults } from '#app/features/search/search.server.ts';
import { SearchResults } from '#app/features/search/search-results.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search-category-categoryId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-category-categoryId');

/** A category is a magazine category (GET /magazine/category/search/list); search filters by magazine_category. */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const categoryId = Number(params.categoryId);
  // The search needs only the id, so it runs beside the category lookup (which answers 404 for an unknown one).
  const [category, results] = await Promise.all([
    loadCategory(api, url, categoryId),
    loadSearchResults(api, url, { magazine_category: categoryId }),
  ]);
  return { category, results };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'catalogue.category_title', { category: loaderData?.category.name ?? '' });

export default function SearchCategoryCategoryIdPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, results } = loaderData;
  const title = t('catalogue.category_title', { category: category.name });
  return (
    <PageFrame
      title={title}
      lead={t('pages.search-category-categoryId.lead')}
      crumbs={[{ label: t('pages.search.title'), to: '/search' }]}
    >
      <SearchResults
        results={results}
        label={title}
        emptyTitle={t('catalogue.genre_empty_title')}
        emptyBody={t('catalogue.genre_empty_body')}
      />
    </PageFrame>
  );
}
