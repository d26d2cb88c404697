import { useCallback, useEffect, useState } from 'react';
import { onDownloadsChanged } from './offline-events.ts';
import type { DownloadRecord } from './offline-rules.ts';
import { listDownloads, offlineSupported, storageEstimate } from './offline-store.ts';

export interface DownloadsState {
  /** undefined until read (and on the server). */
  downloads: DownloadRecord[] | undefined;
  supported: boolean;
  estimate: { usage: number; quota: number } | undefined;
}

/** The downloads on this device and the space the browser reports, kept current as they change. */
export function useDownloads(): DownloadsState {
  const [state, setState] = useState<DownloadsState>({ downloads: undefined, supported: true, estimate: undefined });
  const refresh = useCallback(() => {
    if (!offlineSupported()) {
      setState({ downloads: [], supported: false, estimate: undefined });
      return;
    }
    Promise.all([listDownloads(), storageEstimate().catch(() => undefined)])
      .then(([downloads, estimate]) => setState({ downloads, supported: true, estimate }))
      .catch(() => setState({ downloads: [], supported: true, estimate: undefined }));
  }, []);
  useEffect(() => {
    refresh();
    return onDownloadsChanged(refresh);
  }, [refresh]);
  return state;
}

/** Whether the browser says it is online; true on the server. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
