import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { ReadingProgressBar, useContinueLabel } from '#app/features/catalogue/continue-reading.tsx';
import { type ContinueReading, continueReading } from '#app/features/catalogue/reading-history.ts';
import { latestLocalProgress } from '#app/features/catalogue/reading-progress.ts';
import type { TitlePageData } from './title-page.ts';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The chapter "continue" opens: the one being read, or the next one once it was finished. */
export function continueTargetId(reading: ContinueReading, episodeIds: readonly number[]): number {
  if (reading.action.kind !== 'next') return reading.episodeId;
  return episodeIds[episodeIds.indexOf(reading.episodeId) + 1] ?? reading.episodeId;
}

/**
 * The title page's main button: "Continue chapter N" once the reader has started (a logged-in
 * reader's place comes from the API, every device of the account; a guest's from this browser once
 * the page is in it), with the chapter and how far into it; `fallback` (read chapter 1) before.
 */
export function ContinueButton({
  title,
  className,
  fallback,
  pending = false,
}: {
  title: TitlePageData;
  className: string;
  fallback?: ReactNode;
  /** A member shell before the reader's answer (ADR 048): the fallback keeps its place, unseen. */
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const { isLoggedIn } = useLoginState();
  const label = useContinueLabel();
  const [local, setLocal] = useState<ContinueReading | undefined>(undefined);
  useEffect(() => {
    if (isLoggedIn) return;
    const place = latestLocalProgress(localStorageOrUndefined(), title.id);
    setLocal(place ? continueReading({ ...place, finished: false }, title.episodeIds) : undefined);
  }, [isLoggedIn, title.id, title.episodeIds]);
  const reading = (isLoggedIn ? title.continueReading : undefined) ?? local;
  if (pending) {
    return (
      <div className="invisible" aria-hidden="true" data-personal="pending">
        {fallback}
      </div>
    );
  }
  if (!reading) return <>{fallback}</>;
  const episodeName = title.episodes.find((episode) => episode.id === reading.episodeId)?.name;
  const target = title.episodes.find((episode) => episode.id === continueTargetId(reading, title.episodeIds));
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto">
      <Link to={reading.href} className={className} data-testid="continue-reading">
        {target && reading.action.kind !== 'again'
          ? t('catalogue.history.continue_chapter', { index: target.index })
          : label(reading.action)}
      </Link>
      {episodeName ? (
        <div className="w-full max-w-64 text-xs text-zinc-300" data-testid="continue-progress">
          <p className="mb-1 truncate">{episodeName}</p>
          <ReadingProgressBar reading={reading} tone="dark" />
        </div>
      ) : null}
    </div>
  );
}
