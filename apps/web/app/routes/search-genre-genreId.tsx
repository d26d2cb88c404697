import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { loadGenre, loadSearchResults } from '#app/features/search/search.server.ts';
import { SearchResults } from '#app/features/search/search-results.tsx';
import { genreIdParam } from '#app/features/search/search-view.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search-genre-genreId';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search-genre-genreId');

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const genreId = genreIdParam(params.genreId);
  // The search needs only the id, so it runs beside the genre lookup (which answers 404 for an unknown one).
  const [genre, results] = await Promise.all([
    loadGenre(api, url, genreId),
    loadSearchResults(api, url, { genre_id: genreId }),
  ]);
  return { genre, results };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'catalogue.genre_title', { genre: loaderData?.genre.name ?? '' });

export default function SearchGenreGenreIdPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { genre, results } = loaderData;
  const title = t('catalogue.genre_title', { genre: genre.name });
  return (
    <PageFrame
      title={title}
      lead={t('pages.search-genre-genreId.lead')}
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
