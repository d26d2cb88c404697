import { useEffect, useState } from 'react';
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

/**
 * "Continue from page N" on the title page: a logged-in reader's place comes from the API (every
 * device of the account), a guest's from this browser once the page is in it.
 */
export function ContinueButton({ title, className }: { title: TitlePageData; className: string }) {
  const { isLoggedIn } = useLoginState();
  const label = useContinueLabel();
  const [local, setLocal] = useState<ContinueReading | undefined>(undefined);
  useEffect(() => {
    if (isLoggedIn) return;
    const place = latestLocalProgress(localStorageOrUndefined(), title.id);
    setLocal(place ? continueReading({ ...place, finished: false }, title.episodeIds) : undefined);
  }, [isLoggedIn, title.id, title.episodeIds]);
  const reading = (isLoggedIn ? title.continueReading : undefined) ?? local;
  if (!reading) return null;
  const episodeName = title.episodes.find((episode) => episode.id === reading.episodeId)?.name;
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto">
      <Link to={reading.href} className={className} data-testid="continue-reading">
        {label(reading.action)}
      </Link>
      {episodeName ? (
        <div className="w-full max-w-64 text-xs text-zinc-300">
          <p className="mb-1 truncate">{episodeName}</p>
          <ReadingProgressBar reading={reading} tone="dark" />
        </div>
      ) : null}
    </div>
  );
}
