import { loadTaxonomySearch } from '#app/features/search/search.server.ts';
import { TAXONOMY_TEXT, TaxonomyScreen } from '#app/features/search/taxonomy-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search-category-categoryId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-category-categoryId');

/** A category is a magazine category (GET /magazine/category/search/list); search filters by magazine_category. */
export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadTaxonomySearch(apiFor(request, context), url, 'category', params.categoryId);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, TAXONOMY_TEXT.category.title, { category: loaderData?.name ?? '' });

export default function SearchCategoryCategoryIdPage({ loaderData }: Route.ComponentProps) {
  return <TaxonomyScreen taxonomy={loaderData} />;
}
