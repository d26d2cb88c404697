// One event tells every mounted view that the downloads changed (a download ended, a logout removed
// them all, another tab deleted one): each lists them again.

export const DOWNLOADS_CHANGED = 'manga:downloads-changed';

export function announceDownloadsChanged(): void {
  window.dispatchEvent(new Event(DOWNLOADS_CHANGED));
  try {
    // Other tabs of the site hear it through storage events.
    window.localStorage.setItem(DOWNLOADS_CHANGED, String(Date.now()));
  } catch {
    // Storage disabled: this tab still knows.
  }
}

/** Calls `listener` whenever the downloads change, here or in another tab; returns the unsubscribe. */
export function onDownloadsChanged(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DOWNLOADS_CHANGED) listener();
  };
  window.addEventListener(DOWNLOADS_CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(DOWNLOADS_CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}
