import { useTranslation } from 'react-i18next';
import { Icon } from '#app/components/ui/icon.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import { announceDownloadsChanged } from './offline-events.ts';
import { type DownloadRecord, formatBytes } from './offline-rules.ts';
import { removeAllBut, removeDownload } from './offline-store.ts';
import type { DownloadsState } from './use-downloads.ts';

/** The offline viewer's address of a download (the offline page reads `read`). */
export function offlineReadHref(episodeId: number): string {
  return `/offline?read=${episodeId}`;
}

/**
 * The downloads on this device (ADR 052): each with its size, until when it is kept, a way to read
 * it offline and to delete it; the space used and left; delete all. On /my and the offline page.
 */
export function DownloadsList({ state }: { state: DownloadsState }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'ja';
  const dates = useDateFormat();
  const { downloads, estimate, supported } = state;
  if (!supported) return <p className="text-sm text-zinc-600">{t('offline.not_supported')}</p>;
  if (downloads === undefined) return <p className="text-sm text-zinc-500">{t('common.loading')}</p>;

  const remove = async (record: DownloadRecord) => {
    await removeDownload(record);
    announceDownloadsChanged();
  };
  const removeAll = async () => {
    if (!window.confirm(t('offline.delete_all_confirm'))) return;
    await removeAllBut(undefined);
    announceDownloadsChanged();
  };
  const total = downloads.reduce((sum, record) => sum + record.bytes, 0);

  return (
    <div className="flex flex-col gap-4" data-testid="downloads">
      {downloads.length === 0 ? (
        <p className="text-sm text-zinc-600">{t('offline.downloads_empty')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200">
          {downloads.map((record) => (
            <li
              key={record.key}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
              data-testid="download-row"
              data-episode-id={record.episodeId}
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-bold text-ink">{record.episodeName}</p>
                <p className="truncate text-xs text-zinc-500">{record.titleName}</p>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-zinc-500">
                  <span data-testid="download-size">{formatBytes(record.bytes, locale)}</span>
                  <span>{t('offline.pages_count', { count: record.pageSizes.length })}</span>
                  <span className={record.keepUntil === null ? '' : 'font-semibold text-amber-700'}>
                    {record.keepUntil === null
                      ? t('offline.kept')
                      : t('offline.until', { date: dates.dateTime(new Date(record.keepUntil).toISOString()) })}
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <a
                  href={offlineReadHref(record.episodeId)}
                  className="inline-flex h-9 items-center rounded-full bg-ink px-4 text-xs font-bold text-white transition hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  aria-label={t('offline.read_label', { name: record.episodeName })}
                >
                  {t('offline.read')}
                </a>
                <button
                  type="button"
                  onClick={() => void remove(record)}
                  className="grid size-9 place-items-center rounded-full text-zinc-500 ring-1 ring-zinc-200 transition hover:bg-zinc-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  aria-label={t('offline.remove_label', { name: record.episodeName })}
                  data-testid="download-remove"
                >
                  <Icon name="close" className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 text-xs text-zinc-600">
        <p data-testid="storage-space">
          {downloads.length > 0 ? `${formatBytes(total, locale)} · ` : ''}
          {estimate
            ? t('offline.space', {
                used: formatBytes(estimate.usage, locale),
                quota: formatBytes(estimate.quota, locale),
              })
            : t('offline.space_unknown')}
        </p>
        {downloads.length > 0 ? (
          <button
            type="button"
            onClick={() => void removeAll()}
            className="inline-flex h-9 items-center rounded-full px-4 text-xs font-bold text-rose-700 ring-1 ring-rose-200 transition hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600"
            data-testid="downloads-delete-all"
          >
            {t('offline.delete_all')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
