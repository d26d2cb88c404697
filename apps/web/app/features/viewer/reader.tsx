import type { ScrambleSeed } from '@manga/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { EpisodeComments } from '#app/features/comments/episode-comments.tsx';
import { descramblePlan, drawDescrambled } from './descramble.ts';
import type { AdjacentChapter, ReadyViewer, ViewerBase, ViewerData } from './viewer.ts';

/**
 * Placeholder ratio (height / width) until a page has loaded: the API does not send page sizes; the
 * demo pages and most manga pages are about 1 : 1.42. After the first page loads, its ratio is used.
 */
const DEFAULT_PAGE_RATIO = 1088 / 768;
/** Pages start loading this far ahead of the viewport. */
const PRELOAD_MARGIN = '150% 0px';

interface PageProps {
  src: string;
  number: number;
  total: number;
  episode: { titleId: number; episodeId: number; scrambleSeed: ScrambleSeed; scrambleVer: number | null };
  ratio: number;
  onSize: (width: number, height: number) => void;
}

type PageState = 'waiting' | 'loading' | 'drawn' | 'failed';

/** One page on a canvas: loaded as it nears the viewport, then drawn with its 16 tiles put back. */
function ReaderPage({ src, number, total, episode, ratio, onSize }: PageProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<PageState>('waiting');
  const [size, setSize] = useState<{ width: number; height: number } | undefined>(undefined);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    const load = () => {
      setState('loading');
      const image = new Image();
      image.decoding = 'async';
      image.onload = () => {
        if (cancelled) return;
        const width = image.naturalWidth;
        const height = image.naturalHeight;
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d');
        if (!context) {
          setState('failed');
          return;
        }
        drawDescrambled(context, image, width, height, descramblePlan(episode, width, height));
        setSize({ width, height });
        onSize(width, height);
        setState('drawn');
      };
      image.onerror = () => {
        if (!cancelled) setState('failed');
      };
      image.src = src;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(canvas);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [src, episode, onSize]);

  const label = t('catalogue.reader.page_label', { number, total });
  const aspect = size ? `${size.width} / ${size.height}` : `1 / ${ratio}`;
  return (
    <li
      className="relative w-full bg-white"
      style={{ aspectRatio: aspect }}
      data-testid="reader-page"
      data-state={state}
    >
      <canvas ref={canvasRef} role="img" aria-label={label} className="block size-full" />
      {state !== 'drawn' ? (
        <div className="absolute inset-0 grid place-items-center bg-zinc-900 text-sm text-zinc-500">
          {state === 'failed' ? (
            t('catalogue.reader.page_failed', { number })
          ) : (
            <span className="flex flex-col items-center gap-3">
              <span
                className="size-7 animate-spin rounded-full border-2 border-zinc-700 border-t-zinc-300"
                aria-hidden="true"
              />
              {label}
            </span>
          )}
        </div>
      ) : null}
    </li>
  );
}

function ReaderBar({
  titleHref,
  titleName,
  episodeName,
}: {
  titleHref: string;
  titleName: string;
  episodeName: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-white/10 bg-ink/95 px-3 backdrop-blur sm:px-5">
      <Link
        to={titleHref}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-zinc-200 transition hover:bg-white/10"
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
        <span className="sr-only sm:not-sr-only">{t('episode.viewer.back_to_title')}</span>
      </Link>
      <h1 className="min-w-0 flex-1 text-center leading-tight">
        <span className="block truncate text-sm font-bold sm:text-base">{episodeName}</span>
        <span className="block truncate text-xs text-zinc-400">{titleName}</span>
      </h1>
      <Link to="/" aria-label={t('episode.viewer.last_page.go_home')} className="shrink-0 rounded-md p-1">
        <BrandMark className="size-7" />
      </Link>
    </header>
  );
}

/**
 * The viewer's window on ink: the bar back to the title, or when embedded in another site only a
 * heading for assistive technology, then the content.
 */
function ReaderWindow({ viewer, bar, children }: { viewer: ViewerBase; bar: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-ink text-white">
      {bar ? (
        <ReaderBar titleHref={viewer.titleHref} titleName={viewer.titleName} episodeName={viewer.episodeName} />
      ) : (
        <h1 className="sr-only">{`${viewer.episodeName} – ${viewer.titleName}`}</h1>
      )}
      {children}
    </div>
  );
}

/** The line under a chapter link: what the API's badge says about that chapter. */
const CHAPTER_ACCESS_LABELS: Readonly<Record<AdjacentChapter['access'], string>> = {
  free: 'catalogue.badge.free',
  purchased: 'catalogue.badge.purchased',
  rented: 'catalogue.badge.rented_plain',
  paid: 'catalogue.reader.needs_unlock_short',
};

function ChapterLink({ chapter, direction }: { chapter: AdjacentChapter | undefined; direction: 'previous' | 'next' }) {
  const { t } = useTranslation();
  const label = t(`catalogue.reader.${direction}`);
  if (!chapter) {
    return (
      <span className="flex h-14 flex-1 items-center justify-center rounded-xl bg-white/5 text-sm font-bold text-zinc-600">
        {t(`catalogue.reader.no_${direction}`)}
      </span>
    );
  }
  return (
    <Link
      to={chapter.href}
      rel={direction === 'next' ? 'next' : 'prev'}
      className={`flex h-14 flex-1 flex-col items-center justify-center rounded-xl text-sm font-bold transition ${
        direction === 'next' ? 'bg-brand-500 text-white hover:bg-brand-600' : 'bg-white/10 text-white hover:bg-white/20'
      }`}
    >
      {label}
      <span className="text-[11px] font-semibold opacity-80">{t(CHAPTER_ACCESS_LABELS[chapter.access])}</span>
    </Link>
  );
}

/** The basic reader: the episode's pages top to bottom, unscrambled on canvases, then the next chapter. */
function Reader({ bar, ...props }: ReadyViewer & { bar: boolean }) {
  const { t } = useTranslation();
  const { titleId, episodeId, scrambleSeed, scrambleVer } = props;
  const [episode] = useState(() => ({ titleId, episodeId, scrambleSeed, scrambleVer }));
  const [ratio, setRatio] = useState(DEFAULT_PAGE_RATIO);
  const onSize = useCallback((width: number, height: number) => setRatio(height / width), []);
  return (
    <ReaderWindow viewer={props} bar={bar}>
      <main className="flex-1">
        <noscript>
          <p className="mx-auto my-6 max-w-md rounded-xl bg-amber-100 px-5 py-4 text-center text-sm font-semibold text-amber-900">
            {t('catalogue.reader.needs_javascript')}
          </p>
        </noscript>
        <ol
          aria-label={t('catalogue.reader.pages', { count: props.pages.length })}
          className="mx-auto flex max-w-[768px] flex-col gap-1 sm:gap-2"
        >
          {props.pages.map((src, index) => (
            <ReaderPage
              key={src}
              src={src}
              number={index + 1}
              total={props.pages.length}
              episode={episode}
              ratio={ratio}
              onSize={onSize}
            />
          ))}
        </ol>
        <nav aria-label={t('catalogue.reader.chapters')} className="mx-auto max-w-[768px] px-4 py-10">
          <p className="mb-4 text-center text-sm text-zinc-400">
            {t('catalogue.reader.end_of', { name: props.episodeName })}
          </p>
          <div className="flex gap-3">
            <ChapterLink chapter={props.previous} direction="previous" />
            <ChapterLink chapter={props.next} direction="next" />
          </div>
          <Link
            to={props.titleHref}
            className="mt-4 flex h-11 items-center justify-center rounded-xl text-sm font-bold text-zinc-300 ring-1 ring-white/15 transition hover:bg-white/5"
          >
            {t('episode.viewer.back_to_title')}
          </Link>
        </nav>
        {/* Comments (ADR 013), not in a viewer embedded in another site. At the merge with the new
            viewer this moves into its last page's extras slot. */}
        {bar ? (
          <div className="mx-auto max-w-[768px] px-3 pb-12 sm:px-4">
            <EpisodeComments episodeId={props.episodeId} />
          </div>
        ) : null}
      </main>
    </ReaderWindow>
  );
}

/** A chapter that has to be bought or rented first (API 400 / 3105): its price, never a broken reader. */
function LockedChapter({ bar, ...viewer }: Extract<ViewerData, { state: 'locked' }> & { bar: boolean }) {
  const { t } = useTranslation();
  const { titleName, episodeName, titleHref, point, ticket, firstEpisodeHref } = viewer;
  return (
    <ReaderWindow viewer={viewer} bar={bar}>
      <main className="flex flex-1 items-center justify-center px-5 py-14">
        <section
          aria-labelledby="locked-heading"
          data-testid="locked-chapter"
          className="w-full max-w-md rounded-2xl bg-white p-7 text-center text-ink shadow-2xl"
        >
          <div
            className="mx-auto grid size-14 place-items-center rounded-full bg-amber-100 text-amber-600"
            aria-hidden="true"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <rect x="5" y="10" width="14" height="10" rx="2" />
              <path d="M8 10V7a4 4 0 0 1 8 0v3" />
            </svg>
          </div>
          <h2 id="locked-heading" className="mt-5 text-xl font-black tracking-tight">
            {t('catalogue.reader.locked_title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-500">
            {titleName} · {episodeName}
          </p>
          <p className="mt-5 inline-flex items-baseline gap-1.5 rounded-full bg-zinc-100 px-4 py-2">
            <span className="text-xs font-bold text-zinc-500">{t('catalogue.reader.price')}</span>
            <span className="text-lg font-black" data-testid="locked-price">
              {t('catalogue.badge.points', { count: point })}
            </span>
          </p>
          {ticket ? <p className="mt-3 text-sm text-zinc-600">{t('catalogue.reader.locked_ticket')}</p> : null}
          <p className="mt-4 text-sm leading-relaxed text-zinc-600">{t('catalogue.reader.locked_body')}</p>
          <div className="mt-6 flex flex-col gap-2">
            <Link
              to={titleHref}
              className="inline-flex h-11 items-center justify-center rounded-full bg-ink text-sm font-bold text-white transition hover:bg-zinc-800"
            >
              {t('episode.viewer.back_to_title')}
            </Link>
            {firstEpisodeHref ? (
              <Link
                to={firstEpisodeHref}
                className="inline-flex h-11 items-center justify-center rounded-full text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50"
              >
                {t('catalogue.read_first')}
              </Link>
            ) : null}
          </div>
        </section>
      </main>
    </ReaderWindow>
  );
}

/** An age-rated title the visitor is too young (or unknown age) for (API 2016). */
function RestrictedChapter({ bar, ...viewer }: Extract<ViewerData, { state: 'restricted' }> & { bar: boolean }) {
  const { t } = useTranslation();
  return (
    <ReaderWindow viewer={viewer} bar={bar}>
      <main className="flex flex-1 items-center justify-center px-5 py-14">
        <section role="alert" className="w-full max-w-md rounded-2xl bg-white p-7 text-center text-ink">
          <h2 className="text-xl font-black">{t('catalogue.reader.restricted_title')}</h2>
          <p className="mt-3 text-sm text-zinc-600">{t('catalogue.reader.restricted_body')}</p>
          <Link
            to={viewer.titleHref}
            className="mt-6 inline-flex h-11 items-center justify-center rounded-full bg-ink px-6 text-sm font-bold text-white"
          >
            {t('episode.viewer.back_to_title')}
          </Link>
        </section>
      </main>
    </ReaderWindow>
  );
}

/**
 * An episode in the viewer: the reader for a readable one, its price for a locked one, the age
 * notice for a restricted one. `bar` false is the embedded viewer (no way out of the frame).
 */
export function EpisodeViewer({ viewer, bar = true }: { viewer: ViewerData; bar?: boolean }) {
  switch (viewer.state) {
    case 'ready':
      return <Reader key={viewer.episodeId} {...viewer} bar={bar} />;
    case 'locked':
      return <LockedChapter {...viewer} bar={bar} />;
    case 'restricted':
      return <RestrictedChapter {...viewer} bar={bar} />;
  }
}
