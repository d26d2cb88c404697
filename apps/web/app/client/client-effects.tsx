import { WebStatusResponseSchema } from '@manga/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { RootData } from '#app/root-data.ts';
import { browserApi } from './browser-api.ts';
import {
  isReloadAllowed,
  isStatusDue,
  PageViewScheduler,
  STORAGE_KEY_RELOADED_AT,
  STORAGE_KEY_STATUS_CHECKED_AT,
} from './timed-effects.ts';

declare global {
  interface Window {
    /** Analytics queue (tag managers read it); page views are pushed here. */
    dataLayer?: Record<string, unknown>[];
  }
}

function storageGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function storageSet(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage disabled: the guard or the throttle simply does not persist.
  }
}

/** Reloads the page unless a guarded reload happened within the last 10 s (product §4). */
export function reloadOnce(): boolean {
  const now = Date.now();
  if (
    !isReloadAllowed(
      storageGet(() => window.sessionStorage, STORAGE_KEY_RELOADED_AT),
      now,
    )
  )
    return false;
  storageSet(() => window.sessionStorage, STORAGE_KEY_RELOADED_AT, String(now));
  window.location.reload();
  return true;
}

/**
 * Browser-only behaviour of product §4: the status call at most once per 24 hours, the page-view
 * event 500 ms after each page change, and a guarded reload when a new build's files replace
 * the ones this page was loaded with.
 */
export function ClientEffects({ root }: { root: RootData | undefined }) {
  const location = useLocation();
  const scheduler = useRef<PageViewScheduler | undefined>(undefined);

  useEffect(() => {
    if (!root || root.isCrawler) return;
    const now = Date.now();
    if (
      !isStatusDue(
        storageGet(() => window.localStorage, STORAGE_KEY_STATUS_CHECKED_AT),
        now,
      )
    )
      return;
    storageSet(() => window.localStorage, STORAGE_KEY_STATUS_CHECKED_AT, String(now));
    browserApi(root)
      .get('/web/status', {}, { schema: WebStatusResponseSchema })
      .catch(() => undefined); // disabled mode: the status is a hint, never an error page
  }, [root]);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadOnce()) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  useEffect(() => {
    scheduler.current ??= new PageViewScheduler(
      (path) => {
        window.dataLayer ??= [];
        window.dataLayer.push({ event: 'page_view', page_path: path, page_title: document.title });
      },
      {
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (h) => window.clearTimeout(h as number),
      },
    );
    scheduler.current.pageChanged(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  useEffect(() => () => scheduler.current?.cancel(), []);

  return null;
}
