import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';

/** The viewer's frame (SPEC §2: no site layout): a top bar back to the title, and the reading area. */
export function ViewerFrame({
  titleId,
  episodeId,
  heading,
  showBar = true,
}: {
  titleId: string;
  episodeId: string;
  heading: string;
  showBar?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-ink text-white">
      {showBar ? (
        <header className="flex h-14 items-center gap-3 border-b border-white/10 px-3 sm:px-5">
          <Link
            to={`/title/${titleId}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-zinc-200 transition hover:bg-white/10"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M15 5l-7 7 7 7" />
            </svg>
            {t('episode.viewer.back_to_title')}
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-center text-sm font-bold sm:text-base">{heading}</h1>
          <Link to="/" aria-label={t('episode.viewer.last_page.go_home')} className="rounded-md p-1">
            <BrandMark className="size-7" />
          </Link>
        </header>
      ) : (
        <h1 className="sr-only">{heading}</h1>
      )}
      <main className="flex flex-1 items-center justify-center px-6 py-16">
        <div className="flex max-w-sm flex-col items-center text-center">
          <div className="grid aspect-[5/7] w-40 place-items-center rounded-lg border border-dashed border-white/20 bg-white/5 sm:w-52">
            <svg
              viewBox="0 0 24 24"
              className="size-10 text-zinc-500"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              aria-hidden="true"
            >
              <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5z" />
              <path d="M4 11h7V4M11 11v9M11 14h9" />
            </svg>
          </div>
          <p className="mt-6 text-sm leading-relaxed text-zinc-400">{t('episode.viewer.frame_note')}</p>
          <p className="mt-2 font-mono text-xs text-zinc-600">
            {titleId} · {episodeId}
          </p>
        </div>
      </main>
    </div>
  );
}
