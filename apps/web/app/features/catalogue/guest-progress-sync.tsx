import { recordViewerProgress, responseCodeOf } from '@manga/api-client';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import type { RootData } from '#app/root-data.ts';
import { carryGuestProgress, pendingGuestProgress } from './guest-progress.ts';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Once the visitor is logged in (a login or a finished sign-up), the chapters they read as a guest
 * go to their account (guest-progress.ts), and the page reloads its data when the account took any
 * (the title page's "Continue" and read marks, My page's history).
 */
export function GuestProgressSync({ root }: { root: RootData | undefined }) {
  const { isLoggedIn } = useLoginState();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!isLoggedIn || !root) return;
    const storage = localStorageOrUndefined();
    if (pendingGuestProgress(storage).length === 0) return;
    let cancelled = false;
    (async () => {
      const api = browserApi(root);
      const taken = await carryGuestProgress(
        storage,
        (progress) => recordViewerProgress(api, progress),
        (error) => responseCodeOf(error),
      );
      if (taken > 0 && !cancelled) await revalidate();
    })();
    return () => {
      cancelled = true;
    };
  }, [isLoggedIn, root, revalidate]);
  return null;
}
