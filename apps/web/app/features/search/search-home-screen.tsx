import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { TitleRail } from '#app/features/catalogue/title-rail.tsx';
import { formatCalendarDate } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import { CategoryChips, GenreTiles } from './genre-tiles.tsx';
import { SearchField } from './search-field.tsx';
import type { SearchHomeData } from './search-view.ts';

/** /search: the search field, genres and categories to browse, and the latest updates by day. */
export function SearchHomeScreen({ home }: { home: SearchHomeData }) {
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
