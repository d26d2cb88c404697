import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { StatusPanel } from '#app/components/ui/status-panel.tsx';
import { TabNav } from '#app/components/ui/tab-nav.tsx';
import { TitleGrid } from '#app/features/catalogue/title-grid.tsx';
import type { SeriesPageData } from './series-page.ts';
import { weekdayKey } from './weekday.ts';

/** /series: weekday tabs (links), the chosen day's featured title and its titles. */
export function SeriesScreen({ series }: { series: SeriesPageData }) {
  const { t } = useTranslation();
  const dayName = t(`catalogue.weekday.${weekdayKey(series.selected)}`);
  const feature = series.feature;
  return (
    <PageFrame title={t('pages.series.title')} lead={t('pages.series.lead')}>
      <TabNav
        label={t('catalogue.weekday_tabs')}
        tabs={series.weekdays.map((day) => ({
          key: day,
          label: t(`catalogue.weekday.${weekdayKey(day)}`),
          href: day === series.todayIndex ? '/series' : `/series?day=${day}`,
          current: day === series.selected,
          mark: day === series.todayIndex ? t('catalogue.today') : undefined,
        }))}
      />
      <h2 className="sr-only">{t('catalogue.weekday_heading', { day: dayName })}</h2>
      {feature ? (
        <Link
          to={feature.href}
          className="group relative mb-8 flex items-center gap-4 overflow-hidden rounded-2xl bg-ink p-4 text-white sm:gap-6 sm:p-6"
        >
          {feature.backdropUrl ? (
            <img
              src={feature.backdropUrl}
              alt=""
              width={1280}
              height={480}
              loading="lazy"
              className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-2xl"
            />
          ) : null}
          <img
            src={feature.posterUrl}
            srcSet={`${feature.posterUrl} 600w`}
            sizes="(min-width: 640px) 144px, 96px"
            alt=""
            width={600}
            height={840}
            className="relative aspect-[5/7] w-24 shrink-0 rounded-lg object-cover shadow-xl ring-1 ring-white/10 sm:w-36"
          />
          <span className="relative min-w-0">
            <span className="text-xs font-bold tracking-[0.16em] text-brand-400 uppercase">
              {t('catalogue.weekday_pick', { day: dayName })}
            </span>
            <span className="mt-1 block text-xl leading-tight font-black group-hover:underline sm:text-3xl">
              {feature.name}
            </span>
            <span className="mt-1 block text-sm text-zinc-300">{feature.author}</span>
            {feature.introduction ? (
              <span className="mt-3 line-clamp-2 hidden max-w-2xl text-sm text-zinc-300 sm:block">
                {feature.introduction}
              </span>
            ) : null}
          </span>
        </Link>
      ) : null}
      {series.titles.length > 0 ? (
        <TitleGrid
          label={t('catalogue.weekday_heading', { day: dayName })}
          titles={series.titles.map((title) =>
            series.newIds.includes(title.id)
              ? { ...title, note: t('catalogue.new_series') }
              : series.bonusIds.includes(title.id)
                ? { ...title, note: t('catalogue.bonus_today') }
                : title,
          )}
        />
      ) : (
        <StatusPanel
          title={t('catalogue.weekday_empty_title')}
          message={t('catalogue.weekday_empty_body', { day: dayName })}
        />
      )}
    </PageFrame>
  );
}
