import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withPage } from './paging.ts';

/** Previous and next page links of a list (`?page=`), which work without JavaScript. */
export function Pager({ page, hasNext }: { page: number; hasNext: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (page <= 1 && !hasNext) return null;
  const linkClass =
    'inline-flex h-10 items-center gap-1.5 rounded-full bg-white px-5 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50';
  return (
    <nav aria-label={t('catalogue.pagination')} className="mt-10 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={`${location.pathname}${withPage(location.search, page - 1)}`} rel="prev" className={linkClass}>
          {t('catalogue.previous_page')}
        </Link>
      ) : null}
      <span className="px-2 text-sm text-zinc-500 tabular-nums">{t('catalogue.page_n', { page })}</span>
      {hasNext ? (
        <Link to={`${location.pathname}${withPage(location.search, page + 1)}`} rel="next" className={linkClass}>
          {t('catalogue.next_page')}
        </Link>
      ) : null}
    </nav>
  );
}
