import {
  type ApiClient,
  finishViewerEpisode,
  reachViewerLastPage,
  recordViewerProgress,
  responseCodeOf,
} from '@manga/api-client';
import { useEffect, useRef } from 'react';
import { writeLocalProgress } from '#app/features/catalogue/reading-progress.ts';
import { isNetworkFailure, queueProgressOfDownload } from '#app/features/offline/offline-store.ts';
import type { ReadyViewerData } from './viewer.ts';

// What the reader tells as it reads (product §7, ADR 016): the page reached (kept in the browser at
// once; for a logged-in reader also POSTed, debounced, and sent with `keepalive` when the page goes
// away), GET /episode/viewer/lastpage when the last page shows and GET /episode/viewer/finish when
// the reader moves past it. None of these calls is awaited by anything that draws: images never wait.

/** Quiet time after the last page turn before the page reached is sent. */
export const PROGRESS_DEBOUNCE_MS = 1_500;

export interface ReadingPosition {
  /** 1-based page reached (the last one on screen). */
  page: number;
  /** The last page is on screen. */
  lastPageShown: boolean;
  /** The reader moved past the last page (the end screen). */
  finished: boolean;
  /** How the reader reads, for GET /episode/viewer/lastpage. */
  vertical: boolean;
  rtl: boolean;
}

function warnOnFailure(call: string) {
  return (error: unknown) => {
    console.warn(`${call} failed with ${responseCodeOf(error)}; reading goes on`);
  };
}

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** A page the API could not be told about for lack of a network: queued when the chapter is downloaded (ADR 052). */
function progressFailed(episodeId: number, page: number) {
  const warn = warnOnFailure('POST /episode/viewer/progress');
  return (error: unknown) => {
    if (!isNetworkFailure(error)) return warn(error);
    queueProgressOfDownload(episodeId, page)
      .then((queued) => {
        if (!queued) warn(error);
      })
      .catch(() => warn(error));
  };
}

/** Reports the reader's position: local progress, the debounced progress call, lastpage and finish. */
export function useReadingSession(
  viewer: ReadyViewerData,
  position: ReadingPosition,
  api: ApiClient | undefined,
  isLoggedIn: boolean,
  /** Private reading (ADR 044): nothing is kept in the browser either (the API records nothing). */
  privateReading = false,
): void {
  const { episodeId, titleId } = viewer;
  const pageCount = viewer.pages.length;
  const sent = useRef<{ page: number; lastPage: boolean; finished: boolean }>({
    page: 0,
    lastPage: false,
    finished: false,
  });
  const pending = useRef<number | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The page reached: in the browser at once, to the API after a quiet moment.
  useEffect(() => {
    if (privateReading) return;
    writeLocalProgress(localStorageOrUndefined(), {
      titleId,
      episodeId,
      page: position.page,
      pageCount,
      at: Date.now(),
      // A guest's chapter goes to the account at the next login (catalogue/guest-progress.ts).
      ...(isLoggedIn ? {} : { guest: true as const }),
    });
    if (!api || !isLoggedIn || position.page === sent.current.page) return;
    pending.current = position.page;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const page = pending.current;
      pending.current = undefined;
      if (page === undefined) return;
      sent.current.page = page;
      recordViewerProgress(api, { episode_id: episodeId, page }).catch(progressFailed(episodeId, page));
    }, PROGRESS_DEBOUNCE_MS);
  }, [api, isLoggedIn, titleId, episodeId, pageCount, position.page, privateReading]);

  // Leaving (another tab, closing, navigating away): send what is pending, outliving the page.
  useEffect(() => {
    if (!api || !isLoggedIn) return;
    const flush = () => {
      const page = pending.current;
      if (page === undefined) return;
      pending.current = undefined;
      clearTimeout(timer.current);
      sent.current.page = page;
      recordViewerProgress(api, { episode_id: episodeId, page }, { keepalive: true }).catch(
        progressFailed(episodeId, page),
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [api, isLoggedIn, episodeId]);

  useEffect(() => {
    if (!api || !position.lastPageShown || sent.current.lastPage) return;
    sent.current.lastPage = true;
    reachViewerLastPage(api, {
      episode_id: episodeId,
      viewer_scroll: position.vertical ? 1 : 0,
      viewing_direction: position.vertical ? 3 : position.rtl ? 1 : 2,
    }).catch(warnOnFailure('GET /episode/viewer/lastpage'));
  }, [api, episodeId, position.lastPageShown, position.vertical, position.rtl]);

  useEffect(() => {
    if (!api || !position.finished || sent.current.finished) return;
    sent.current.finished = true;
    finishViewerEpisode(api, { episode_id: episodeId }).catch(warnOnFailure('GET /episode/viewer/finish'));
  }, [api, episodeId, position.finished]);
}
