import { useEffect, useMemo } from 'react';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import type { RootData } from '#app/root-data.ts';
import { announceDownloadsChanged, onDownloadsChanged } from './offline-events.ts';
import { downloadsToRemove, msUntilRemoval } from './offline-rules.ts';
import {
  currentOfflineTime,
  flushProgress,
  listDownloads,
  offlineSupported,
  removeAllBut,
  removeEnded,
} from './offline-store.ts';

/** How often ended downloads are looked for while a page stays open, besides the timer for the next end. */
const SWEEP_EVERY_MS = 60_000;

/** The account the page knows: from GET /account once loaded (LoginState). */
function userIdOf(account: unknown): number | undefined {
  const id = (account as { account?: { user_id?: unknown } } | undefined)?.account?.user_id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * Keeps the device's downloads to what the reader may keep (ADR 052), on every page: registers the
 * service worker; a logged-out page removes every download, a page of another account removes the
 * previous one's; a rental or free window that ends removes its chapter (online or not); progress
 * queued offline goes to the API when the network returns. The offline page (its server knew no
 * session) never removes for a logout it cannot see.
 */
export function OfflineSync({ root }: { root: RootData | undefined }) {
  const { isLoggedIn, account } = useLoginState();
  const userId = userIdOf(account);
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  // Only a page the server rendered with the reader's session knows who is logged in: not the
  // offline page, not an error screen without the root's data, not a page while the browser is offline.
  const knowsSession = root !== undefined && !root.offlineShell;

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
    import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js').register())
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  }, []);

  // Whose downloads this device may keep. A removal, once decided, runs to its end even when the page
  // moves on (a logout's redirect changes the root's data mid-way): it is never wrong later, and the
  // next run may not decide it again (an error screen knows no session).
  useEffect(() => {
    if (!offlineSupported() || !knowsSession || !navigator.onLine) return;
    let cancelled = false;
    (async () => {
      const stored = await listDownloads();
      const decision = downloadsToRemove(stored, isLoggedIn ? { isLoggedIn, userId } : { isLoggedIn: false });
      if (decision === 'all') await removeAllBut(undefined);
      if (decision === 'others') await removeAllBut(userId);
      if (decision !== 'none') announceDownloadsChanged();
      if (!cancelled && isLoggedIn && userId !== undefined && api) await flushProgress(api, userId);
    })().catch((error: unknown) => console.warn('Downloads could not be checked', error));
    return () => {
      cancelled = true;
    };
  }, [isLoggedIn, userId, knowsSession, api]);

  // Progress read offline goes out when the network returns.
  useEffect(() => {
    if (!offlineSupported() || !api || userId === undefined) return;
    const flush = () => {
      flushProgress(api, userId).catch(() => undefined);
    };
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [api, userId]);

  // Ended rentals go, with or without a network: now, at the next end, and every minute.
  useEffect(() => {
    if (!offlineSupported()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const sweep = async () => {
      clearTimeout(timer);
      if (stopped) return;
      const removed = await removeEnded();
      if (removed > 0) announceDownloadsChanged();
      const now = await currentOfflineTime();
      const waits = (await listDownloads()).flatMap((record) => msUntilRemoval(record, now) ?? []);
      const next = Math.min(SWEEP_EVERY_MS, ...waits.map((wait) => wait + 50));
      if (!stopped) timer = setTimeout(() => void sweep().catch(() => undefined), next);
    };
    void sweep().catch(() => undefined);
    const unsubscribe = onDownloadsChanged(() => void sweep().catch(() => undefined));
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  return null;
}
