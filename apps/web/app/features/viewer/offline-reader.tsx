import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadRecord } from '#app/features/offline/offline-rules.ts';
import { findDownload, readPages } from '#app/features/offline/offline-store.ts';
import { Reader } from './reader.tsx';
import { type ReadyViewerData, readingDirectionOf } from './viewer.ts';

// The reader over a chapter downloaded for offline reading (ADR 052): its stored pages (scrambled,
// as the API served them) become object URLs that the same reader descrambles on screen.

/** A downloaded chapter as the reader shows an online one: same spreads, zoom and direction. */
function toViewerData(record: DownloadRecord, urls: string[]): ReadyViewerData {
  return {
    state: 'ready',
    titleId: record.titleId,
    episodeId: record.episodeId,
    titleName: record.titleName,
    episodeName: record.episodeName,
    // Back goes to the offline page: the title page needs the network.
    titleHref: '/offline',
    mode: 'normal',
    pages: urls.map((url, index) => ({ url, ...(record.pageSizes[index] ?? { width: 768, height: 1088 }) })),
    scrambleSeed: record.scrambleSeed,
    scrambleVer: record.scrambleVer,
    direction: readingDirectionOf(record.direction),
    previous: undefined,
    next: undefined,
    startPage: 1,
    startFrom: 'first',
    boot: undefined,
    // Downloads keep the standard tier (ADR 052, ADR 055): the data saver needs the network.
    imageQuality: 'standard',
    dataSaver: 'off',
    saveDataRequested: false,
  };
}

type ReaderState = { kind: 'loading' } | { kind: 'ready'; viewer: ReadyViewerData } | { kind: 'gone' };

/** A downloaded chapter read from the device; refused once it ended (its pages are removed then). */
export function OfflineReader({ episodeId }: { episodeId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ReaderState>({ kind: 'loading' });
  useEffect(() => {
    let urls: string[] = [];
    let cancelled = false;
    (async () => {
      const record = await findDownload(episodeId);
      const pages = record ? await readPages(record) : undefined;
      if (cancelled) {
        for (const url of pages ?? []) URL.revokeObjectURL(url);
        return;
      }
      if (!record || !pages) {
        setState({ kind: 'gone' });
        return;
      }
      urls = pages;
      setState({ kind: 'ready', viewer: toViewerData(record, pages) });
    })().catch(() => setState({ kind: 'gone' }));
    return () => {
      cancelled = true;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [episodeId]);

  if (state.kind === 'ready') return <Reader viewer={state.viewer} />;
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center bg-ink p-6 text-white">
      <div className="max-w-sm text-center" data-testid="offline-reader-missing">
        {state.kind === 'loading' ? (
          <p className="text-sm text-zinc-300">{t('common.loading')}</p>
        ) : (
          <>
            <p className="text-base font-bold">{t('offline.missing')}</p>
            <a
              href="/offline"
              className="mt-5 inline-flex h-11 items-center rounded-full bg-white px-6 text-sm font-bold text-ink"
            >
              {t('offline.downloads_heading')}
            </a>
          </>
        )}
      </div>
    </div>
  );
}
