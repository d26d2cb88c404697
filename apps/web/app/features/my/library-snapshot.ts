import { useEffect } from 'react';
import { useLoginState } from '#app/client/login-state.tsx';
import { offlineSupported, saveLibrary } from '#app/features/offline/offline-store.ts';
import type { MyPageData } from './my-page.ts';

/**
 * Keeps the reader's library as /my shows it (followed, purchased, recently read) for the offline
 * page (ADR 052), under their account: removed with their downloads at logout.
 */
export function useLibrarySnapshot(page: Partial<MyPageData>): void {
  const { account } = useLoginState();
  const userId = (account as { account?: { user_id?: number } } | undefined)?.account?.user_id;
  const { followed, purchased, continueReading } = page;
  useEffect(() => {
    if (userId === undefined || !offlineSupported()) return;
    if (followed?.status !== 'ready' || purchased?.status !== 'ready' || continueReading?.status !== 'ready') return;
    saveLibrary({
      userId,
      savedAt: Date.now(),
      followed: followed.value.titles.map((title) => ({ id: title.id, name: title.name, href: title.href })),
      purchased: purchased.value.titles.map((title) => ({ id: title.id, name: title.name, href: title.href })),
      history: continueReading.value.map((entry) => ({
        id: entry.titleId,
        name: entry.titleName,
        href: entry.titleHref,
        episodeName: entry.episodeName,
      })),
    }).catch((error: unknown) => console.warn('The library could not be kept for offline use', error));
  }, [userId, followed, purchased, continueReading]);
}
