import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withPage } from './paging.ts';

/**
 * Previous and next page links of a list (`?page=`, or `param` when a page holds several lists),
 * which work without JavaScript; "Page 2 of 5" when the number of pages is known.
 */
export function Pager({
  page,
  hasNext,
  param = 'page',
  listPageCount,
  label,
  preventScrollReset = false,
}: {
  page: number;
  hasNext: boolean;
  param?: string;
  listPageCount?: number;
  /** The navigation's name, when a page has more than one pager. */
  label?: string;
  /** Stay where the list is (a list lower down a page) instead of going to the top. */
  preventScrollReset?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (page <= 1 && !hasNext) return null;
  const linkClass =
    'inline-flex h-10 items-center gap-1.5 rounded-full bg-white px-5 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50';
  return (
    <nav aria-label={label ?? t('catalogue.pagination')} className="mt-10 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link
          to={`${location.pathname}${withPage(location.search, page - 1, param)}`}
          rel="prev"
          preventScrollReset={preventScrollReset}
          className={linkClass}
        >
          {t('catalogue.previous_page')}
        </Link>
      ) : null}
      <span className="px-2 text-sm text-zinc-500 tabular-nums">
        {listPageCount ? t('catalogue.page_n_of', { page, count: listPageCount }) : t('catalogue.page_n', { page })}
      </span>
      {hasNext ? (
        <Link
          to={`${location.pathname}${withPage(location.search, page + 1, param)}`}
          rel="next"
          preventScrollReset={preventScrollReset}
          className={linkClass}
        >
          {t('catalogue.next_page')}
        </Link>
      ) : null}
    </nav>
  );
}
