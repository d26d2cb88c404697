import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeviceLabel } from '#app/features/account/settings-screen.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import type { ContinueAction, ContinueReading, HistoryEntryView } from './reading-history.ts';

/** The words of a "continue" link. */
export function useContinueLabel(): (action: ContinueAction) => string {
  const { t } = useTranslation();
  return (action) => {
    switch (action.kind) {
      case 'page':
        return t('catalogue.history.continue_page', { page: action.page });
      case 'start':
        return t('catalogue.history.continue_start');
      case 'next':
        return t('catalogue.history.continue_next');
      case 'again':
        return t('catalogue.history.continue_again');
    }
  };
}

/** How far into the chapter: a bar and "page 7 of 16" (or "finished"). */
export function ReadingProgressBar({ reading, tone = 'light' }: { reading: ContinueReading; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const done = reading.action.kind === 'next' || reading.action.kind === 'again';
  const share = done ? 1 : reading.pageCount > 0 ? Math.min(1, reading.page / reading.pageCount) : 0;
  return (
    <div className="flex items-center gap-2">
      <div
        className={`h-1.5 flex-1 overflow-hidden rounded-full ${tone === 'dark' ? 'bg-white/20' : 'bg-zinc-200'}`}
        aria-hidden="true"
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <span className={`shrink-0 text-xs font-semibold ${tone === 'dark' ? 'text-zinc-300' : 'text-zinc-500'}`}>
        {done
          ? t('catalogue.history.finished')
          : reading.page > 0
            ? t('catalogue.history.progress', { page: reading.page, count: reading.pageCount })
            : t('catalogue.history.opened')}
      </span>
    </div>
  );
}

/** One title of the reading history: cover, chapter, progress, and the way back in. */
export function HistoryCard({ entry, children }: { entry: HistoryEntryView; children?: ReactNode }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const label = useContinueLabel();
  const deviceLabel = useDeviceLabel();
  return (
    <article className="flex gap-4 rounded-2xl border border-zinc-200 bg-white p-3 sm:p-4" data-testid="history-entry">
      <Link to={entry.titleHref} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={entry.coverUrl}
          alt=""
          width={480}
          height={480}
          loading="lazy"
          decoding="async"
          className="size-20 rounded-xl object-cover ring-1 ring-black/5 sm:size-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="truncate text-sm font-extrabold text-ink sm:text-base">
          <Link to={entry.titleHref} className="hover:text-brand-600">
            {entry.titleName}
          </Link>
        </h3>
        <p className="truncate text-xs text-zinc-600 sm:text-sm">{entry.episodeName}</p>
        <ReadingProgressBar reading={entry.continue} />
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Link
            to={entry.continue.href}
            className="inline-flex h-9 items-center rounded-full bg-brand-500 px-4 text-xs font-bold text-white transition hover:bg-brand-600 sm:text-sm"
            data-testid="history-continue"
          >
            {label(entry.continue.action)}
          </Link>
          {entry.left?.at ? (
            <span className="text-xs text-zinc-600" data-testid="history-left">
              {entry.left.device
                ? t('reader_features.device.left_on', {
                    device: deviceLabel(entry.left.device),
                    time: dates.dateTime(entry.left.at),
                  })
                : t('reader_features.device.left_at', { time: dates.dateTime(entry.left.at) })}
            </span>
          ) : entry.viewedAt ? (
            <span className="text-xs text-zinc-500">
              {t('catalogue.history.read_on', {
                date: dates.mediumDate(entry.viewedAt),
              })}
            </span>
          ) : null}
          {children}
        </div>
      </div>
    </article>
  );
}
