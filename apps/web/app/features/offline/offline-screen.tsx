import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { DownloadsList } from './downloads-list.tsx';
import { countQueuedProgress, type LibrarySnapshot, type LibraryTitle, readLibrary } from './offline-store.ts';
import { useDownloads, useOnline } from './use-downloads.ts';

/** Where the offline page goes back to, only ever a path of this site. */
function safeReturnPath(from: string | null): string | undefined {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/offline') ? from : undefined;
}

function LibraryList({ heading, titles }: { heading: string; titles: (LibraryTitle & { episodeName?: string })[] }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (titles.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-extrabold text-ink">{heading}</h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {titles.map((title) => (
          <li key={`${heading}-${title.id}`} className="rounded-xl border border-zinc-200 px-3 py-2.5">
            {online ? (
              <a href={title.href} className="block truncate text-sm font-bold text-ink hover:text-brand-600">
                {title.name}
              </a>
            ) : (
              <span className="block truncate text-sm font-bold text-zinc-700">{title.name}</span>
            )}
            <span className="block truncate text-xs text-zinc-500">
              {title.episodeName ?? ''}
              {!online ? `${title.episodeName ? ' · ' : ''}${t('offline.needs_network')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Library({ library }: { library: LibrarySnapshot | undefined | null }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  if (library === null) return null;
  const empty = !library || library.followed.length + library.purchased.length + library.history.length === 0;
  if (empty) return <p className="text-sm text-zinc-600">{t('offline.library_empty')}</p>;
  return (
    <div className="flex flex-col gap-5" data-testid="offline-library">
      <p className="text-xs text-zinc-500">
        {t('offline.library_saved', { date: dates.dateTime(new Date(library.savedAt).toISOString()) })}
      </p>
      <LibraryList heading={t('offline.history')} titles={library.history} />
      <LibraryList heading={t('offline.followed')} titles={library.followed} />
      <LibraryList heading={t('offline.purchased')} titles={library.purchased} />
    </div>
  );
}

/**
 * /offline (ADR 052): what works without a network, said plainly: the downloads (read, delete) and
 * the reader's library as /my last showed it; `?read=<episode>` opens a download in the reader. The
 * service worker sends every navigation that cannot reach the network here (`?from=` the page asked).
 */
export function OfflineScreen({ reader }: { reader: (episodeId: number) => ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const read = Number(params.get('read'));
  const from = safeReturnPath(params.get('from'));
  const online = useOnline();
  const downloads = useDownloads();
  const [library, setLibrary] = useState<LibrarySnapshot | undefined | null>(null);
  const [queued, setQueued] = useState(0);
  const changed = downloads.downloads;
  useEffect(() => {
    // Read again whenever the downloads change (a logout, an ended rental remove the library too).
    void changed;
    readLibrary()
      .then(setLibrary)
      .catch(() => setLibrary(undefined));
    countQueuedProgress()
      .then(setQueued)
      .catch(() => setQueued(0));
  }, [changed]);

  if (Number.isSafeInteger(read) && read > 0) return reader(read);

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center gap-3 px-4 sm:px-6">
          <BrandMark className="size-8" />
          <span className="text-base font-black text-ink">{t('offline.page_title')}</span>
          <span
            className={`ml-auto inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold ${online ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}
            role="status"
            data-testid="offline-status"
            data-online={online ? 'true' : 'false'}
          >
            <span className={`size-2 rounded-full ${online ? 'bg-emerald-500' : 'bg-amber-500'}`} aria-hidden="true" />
            {online ? t('offline.status_online') : t('offline.status_offline')}
          </span>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
        <section className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
          <h1 className="text-xl font-black text-ink sm:text-2xl">
            {online ? t('offline.status_online') : t('offline.status_offline')}
          </h1>
          <p className="mt-2 text-sm leading-relaxed text-zinc-600">
            {online ? t('offline.status_online_lead') : t('offline.status_offline_lead')}
          </p>
          {queued > 0 ? (
            <p className="mt-2 text-xs font-semibold text-brand-700" data-testid="queued-progress">
              {t('offline.queued_progress', { count: queued })}
            </p>
          ) : null}
          {online ? (
            <a
              href={from ?? '/'}
              className="mt-4 inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm font-bold text-white hover:bg-zinc-700"
            >
              {from ? t('offline.back_online', { path: from }) : t('offline.back_home')}
            </a>
          ) : null}
        </section>
        <section
          aria-labelledby="offline-downloads"
          className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="offline-downloads" className="mb-4 text-lg font-extrabold text-ink">
            {t('offline.downloads_heading')}
          </h2>
          <DownloadsList state={downloads} />
        </section>
        <section
          aria-labelledby="offline-library"
          className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="offline-library" className="mb-4 text-lg font-extrabold text-ink">
            {t('offline.library_heading')}
          </h2>
          <Library library={library} />
        </section>
      </main>
    </div>
  );
}
