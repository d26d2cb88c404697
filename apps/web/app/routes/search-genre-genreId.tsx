import { loadTaxonomySearch } from '#app/features/search/search.server.ts';
import { TAXONOMY_TEXT, TaxonomyScreen } from '#app/features/search/taxonomy-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search-genre-genreId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-genre-genreId');

/** A genre's titles (GET /genre/list names it; GET /search/title by genre_id). */
export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadTaxonomySearch(apiFor(request, context), url, 'genre', params.genreId);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, TAXONOMY_TEXT.genre.title, { genre: loaderData?.name ?? '' });

export default function SearchGenreGenreIdPage({ loaderData }: Route.ComponentProps) {
  return <TaxonomyScreen taxonomy={loaderData} />;
}
