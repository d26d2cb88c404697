import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { TitleRail } from '#app/features/catalogue/title-rail.tsx';
import { CategoryChips, GenreTiles } from '#app/features/search/genre-tiles.tsx';
import { loadSearchHome } from '#app/features/search/search.server.ts';
import { SearchField } from '#app/features/search/search-field.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { formatCalendarDate } from '#app/i18n/date-format.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { useRootData } from '#app/root-data.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/search';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('search');

/** The header's search box submits `?keyword=`; results live at /search/{query}. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  const keyword = url.searchParams.get('keyword')?.trim();
  if (keyword) throw redirect(`/search/${encodeURIComponent(keyword)}`);
  return loadSearchHome(apiFor(request, context), url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.search.title');

export default function SearchPage({ loaderData: home }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'ja';
  return (
    <PageFrame title={t('pages.search.title')} lead={t('pages.search.lead')}>
      <SearchField />
      <section aria-labelledby="search-genres" className="mb-10">
        <h2 id="search-genres" className="mb-4 text-lg font-extrabold tracking-tight text-ink sm:text-xl">
          {t('catalogue.genres')}
        </h2>
        <GenreTiles genres={home.genres} label={t('catalogue.genres')} />
      </section>
      {home.categories.length > 0 ? (
        <section aria-labelledby="search-categories" className="mb-10">
          <h2 id="search-categories" className="mb-4 text-lg font-extrabold tracking-tight text-ink sm:text-xl">
            {t('catalogue.categories')}
          </h2>
          <CategoryChips categories={home.categories} label={t('catalogue.categories')} />
        </section>
      ) : null}
      <section aria-labelledby="latest-updates">
        <h2 id="latest-updates" className="mb-4 text-lg font-extrabold tracking-tight text-ink sm:text-xl">
          {t('catalogue.latest_updates')}
        </h2>
        {home.updates.length > 0 ? (
          home.updates.map((day) => {
            const label = formatCalendarDate(day.date, locale);
            return (
              <div key={day.date} className="mb-8">
                <h3 className="mb-3 text-sm font-bold text-zinc-500">
                  <time dateTime={day.date}>{label}</time>
                </h3>
                <TitleRail titles={day.titles} label={t('catalogue.updated_on', { date: label })} />
              </div>
            );
          })
        ) : (
          <p className="text-sm text-zinc-500">{t('catalogue.no_updates')}</p>
        )}
      </section>
    </PageFrame>
  );
}
