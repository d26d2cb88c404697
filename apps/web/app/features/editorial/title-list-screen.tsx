import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { formatCalendarDate } from '#app/i18n/date-format.ts';
import { EDITORIAL_PATHS, groupByDate, SCHEDULE_DAYS, STATUS_FILTERS, type TitleListData } from './editorial.ts';
import { EditorialFrame, inputClass, labelClass, PublishedBadge } from './editorial-frame.tsx';

// `/ops/catalogue`: every title, searched and filtered, most recently changed first (issue 26).

export function TitleListScreen({ data }: { data: TitleListData }) {
  const { t, i18n } = useTranslation();
  const { filter } = data;
  const ja = i18n.language === 'ja';
  return (
    <EditorialFrame title={t('editorial.titles.title')} lead={t('editorial.titles.lead')}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <Form
          method="get"
          role="search"
          className="grid flex-1 gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
          data-testid="editorial-search"
        >
          <div>
            <label htmlFor="editorial-q" className={labelClass}>
              {t('editorial.titles.search')}
            </label>
            <input
              id="editorial-q"
              name="q"
              type="search"
              defaultValue={filter.q}
              placeholder={t('editorial.titles.search_placeholder')}
              className={`${inputClass} mt-1 h-10`}
            />
          </div>
          <div>
            <label htmlFor="editorial-status" className={labelClass}>
              {t('editorial.titles.status')}
            </label>
            <select
              id="editorial-status"
              name="status"
              defaultValue={filter.status}
              className={`${inputClass} mt-1 h-10`}
            >
              {STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {t(`editorial.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="editorial-genre" className={labelClass}>
              {t('editorial.titles.genre')}
            </label>
            <select
              id="editorial-genre"
              name="genre"
              defaultValue={filter.genreId ?? ''}
              className={`${inputClass} mt-1 h-10`}
            >
              <option value="">{t('editorial.titles.any_genre')}</option>
              {data.genres.map((genre) => (
                <option key={genre.id} value={genre.id}>
                  {genre.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClassName({ variant: 'neutral', size: 'md' })}>
            {t('editorial.titles.apply')}
          </button>
        </Form>
        <Link
          to={EDITORIAL_PATHS.newTitle}
          className={buttonClassName({ variant: 'primary', size: 'md' })}
          data-testid="editorial-new-title"
        >
          {t('editorial.titles.new')}
        </Link>
      </div>

      <p className="mt-6 text-sm text-zinc-600" role="status">
        {t('editorial.titles.count', { count: data.total })}
      </p>
      {data.titles.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-zinc-300 bg-white p-8 text-center text-sm text-zinc-600">
          {t('editorial.titles.empty')}
        </p>
      ) : (
        <ul
          className="mt-3 divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm"
          data-testid="editorial-title-list"
        >
          {data.titles.map((title) => {
            const name = ja ? title.name_ja || title.name_en : title.name_en || title.name_ja;
            const author = ja ? title.author_ja || title.author_en : title.author_en || title.author_ja;
            return (
              <li key={title.title_id}>
                <Link
                  to={EDITORIAL_PATHS.title(title.title_id)}
                  className="flex items-center gap-3 p-3 transition hover:bg-zinc-50 focus-visible:bg-brand-50 focus-visible:outline-none sm:gap-4 sm:p-4"
                >
                  {title.thumbnail_image_url ? (
                    <img
                      src={title.thumbnail_image_url}
                      alt=""
                      width={56}
                      height={56}
                      className="size-14 shrink-0 rounded-lg object-cover ring-1 ring-zinc-200"
                    />
                  ) : (
                    <span className="size-14 shrink-0 rounded-lg bg-zinc-100 ring-1 ring-zinc-200" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-bold text-ink">{name}</span>
                    <span className="mt-0.5 block truncate text-xs text-zinc-600">
                      {[author, t('editorial.titles.chapters', { count: title.episode_count }), `#${title.title_id}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                  <PublishedBadge published={title.published} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6">
        <Pager page={filter.page} hasNext={data.hasNext} />
        <ScheduleAgenda data={data} />
      </div>
    </EditorialFrame>
  );
}

/** The coming weeks' scheduled chapters of every title, by day (wire time zone). */
function ScheduleAgenda({ data }: { data: TitleListData }) {
  const { t, i18n } = useTranslation();
  const ja = i18n.language === 'ja';
  const days = groupByDate(data.schedule);
  return (
    <section
      aria-labelledby="editorial-agenda-heading"
      className="mt-8 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="editorial-agenda"
    >
      <h2 id="editorial-agenda-heading" className="text-base font-extrabold text-ink">
        {t('editorial.agenda.heading', { count: SCHEDULE_DAYS })}
      </h2>
      {days.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">{t('editorial.agenda.empty')}</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {days.map(([date, rows]) => (
            <li key={date} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
              <h3 className="text-sm font-bold text-zinc-700">{formatCalendarDate(date, ja ? 'ja' : 'en')}</h3>
              <ul className="grid gap-1">
                {rows.map((row) => (
                  <li key={row.episode_id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-mono text-xs text-zinc-500">{row.start_time.slice(11, 16)}</span>
                    <Link
                      to={EDITORIAL_PATHS.title(row.title_id)}
                      className="font-bold text-ink underline-offset-2 hover:underline"
                    >
                      {ja ? row.title_name_ja || row.title_name_en : row.title_name_en || row.title_name_ja}
                    </Link>
                    <span className="text-zinc-600">
                      {ja ? row.name_ja || row.name_en : row.name_en || row.name_ja}
                    </span>
                    <span className="text-xs text-zinc-500">{t('editorial.agenda.points', { count: row.point })}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-3 text-xs text-zinc-500">{t('editorial.agenda.zone')}</p>
    </section>
  );
}
