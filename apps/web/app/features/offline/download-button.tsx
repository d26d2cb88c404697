import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useRootData } from '#app/root-data.ts';
import { announceDownloadsChanged, onDownloadsChanged } from './offline-events.ts';
import type { DownloadRecord } from './offline-rules.ts';
import { downloadChapter, findDownload, offlineSupported, removeDownload } from './offline-store.ts';

type State =
  | { kind: 'checking' }
  | { kind: 'idle' }
  | { kind: 'downloading'; done: number; total: number }
  | { kind: 'downloaded'; record: DownloadRecord }
  | { kind: 'failed' };

/**
 * Download a chapter to read offline (ADR 052), or remove its download: shown to a logged-in reader
 * in a browser that can keep it, on chapters they may open (the API decides again on the download).
 * Progress counts pages; a failure says so and can be tried again.
 */
export function DownloadButton({
  episodeId,
  name,
  tone = 'light',
  className = 'inline-flex',
}: {
  episodeId: number;
  /** The chapter's name, for the button's label. */
  name: string;
  tone?: 'light' | 'dark';
  /** The box around the button, drawn only when the button shows. */
  className?: string;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn } = useLoginState();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [supported, setSupported] = useState(false);

  const refresh = useCallback(() => {
    findDownload(episodeId)
      .then((record) =>
        setState((current) =>
          current.kind === 'downloading' ? current : record ? { kind: 'downloaded', record } : { kind: 'idle' },
        ),
      )
      .catch(() => setState({ kind: 'idle' }));
  }, [episodeId]);

  useEffect(() => {
    const can = offlineSupported();
    setSupported(can);
    if (!can) return;
    refresh();
    return onDownloadsChanged(refresh);
  }, [refresh]);

  if (!supported || !isLoggedIn || !api || state.kind === 'checking') return null;

  const start = async () => {
    setState({ kind: 'downloading', done: 0, total: 0 });
    try {
      const record = await downloadChapter(api, episodeId, {
        wireTimeZone: root?.wireTimeZone ?? 'Asia/Tokyo',
        onProgress: ({ done, total }) => setState({ kind: 'downloading', done, total }),
      });
      setState({ kind: 'downloaded', record });
      announceDownloadsChanged();
    } catch (error) {
      console.warn('The chapter could not be downloaded', error);
      setState({ kind: 'failed' });
    }
  };
  const remove = async (record: DownloadRecord) => {
    await removeDownload(record);
    setState({ kind: 'idle' });
    announceDownloadsChanged();
  };

  const base =
    'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-xs font-bold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-progress';
  // In the viewer's top bar a phone shows the icon (the button keeps its label for assistive technology).
  const words = tone === 'dark' ? 'hidden sm:inline' : '';
  const colours =
    tone === 'dark'
      ? 'text-zinc-100 ring-1 ring-white/25 hover:bg-white/10 focus-visible:outline-white'
      : 'text-ink ring-1 ring-zinc-200 hover:bg-zinc-50 focus-visible:outline-brand-600';

  return <div className={className}>{content()}</div>;

  function content() {
    switch (state.kind) {
      case 'downloading': {
        const percent = state.total > 0 ? Math.round((state.done / state.total) * 100) : 0;
        return (
          <button
            type="button"
            disabled
            className={`${base} ${colours}`}
            data-testid="download"
            data-state="downloading"
          >
            <span
              role="progressbar"
              aria-label={t('offline.download_label', { name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="relative block h-1.5 w-10 overflow-hidden rounded-full bg-zinc-300/50"
            >
              <span
                className="absolute inset-y-0 left-0 bg-brand-500 transition-all"
                style={{ width: `${percent}%` }}
              />
            </span>
            <span className="tabular-nums">
              {t('offline.downloading', { done: state.done, total: state.total || '…' })}
            </span>
          </button>
        );
      }
      case 'downloaded':
        return (
          <button
            type="button"
            onClick={() => void remove(state.record)}
            className={`${base} ${colours}`}
            aria-label={t('offline.remove_label', { name })}
            title={t('offline.remove')}
            data-testid="download"
            data-state="downloaded"
          >
            <Icon name="downloaded" className="size-4 text-emerald-500" />
            <span className={words}>{t('offline.downloaded')}</span>
          </button>
        );
      default:
        return (
          <span className="inline-flex items-center gap-2">
            <button
              type="button"
              onClick={() => void start()}
              className={`${base} ${colours}`}
              aria-label={t('offline.download_label', { name })}
              data-testid="download"
              data-state={state.kind}
            >
              <Icon name="download" className="size-4" />
              <span className={words}>{t('offline.download')}</span>
            </button>
            {state.kind === 'failed' ? (
              <span
                role="alert"
                className={`text-xs font-semibold ${tone === 'dark' ? 'text-rose-300' : 'text-rose-600'}`}
              >
                {t('offline.failed')}
              </span>
            ) : null}
          </span>
        );
    }
  }
}
