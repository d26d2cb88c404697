import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '#app/components/ui/icon.tsx';
import { usePageImage } from './page-canvas.tsx';
import type { PageImages } from './page-images.ts';
import type { AdjacentChapter } from './viewer.ts';

const toolButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white disabled:pointer-events-none disabled:text-zinc-400 aria-pressed:bg-white/15 aria-pressed:text-white';

/** A tool in the phone's "More" panel: a full-width row with its words. */
export const labelledTool =
  'max-sm:w-full max-sm:justify-start max-sm:gap-3 max-sm:rounded-xl max-sm:px-3 max-sm:text-left';

export function ToolButton({
  icon,
  label,
  onClick,
  pressed,
  disabled,
  testId,
  labelled = false,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
  testId?: string;
  /** In the phone's "More" panel: its words beside the icon there (ADR 060). */
  labelled?: boolean;
}) {
  return (
    <button
      type="button"
      className={labelled ? `${toolButton} ${labelledTool}` : toolButton}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon name={icon} />
      {labelled ? <span className="text-sm font-semibold sm:hidden">{label}</span> : null}
    </button>
  );
}

/** Previous or next chapter, or a dimmed button when there is none. */
function ChapterButton({
  chapter,
  direction,
  side,
}: {
  chapter: AdjacentChapter | undefined;
  direction: 'previous' | 'next';
  /** Where it sits: its arrows point that way (the next chapter is on the left in right-to-left reading). */
  side: 'left' | 'right';
}) {
  const { t } = useTranslation();
  const label = t(`episode.viewer.${direction}_chapter`);
  const icon = side === 'right' ? 'chapterNext' : 'chapterPrevious';
  if (!chapter) {
    // Dimmed, with its reason in a tooltip that has room and contrast (and in words for screen readers).
    const reason = t(`episode.viewer.no_${direction}`);
    return (
      <span className="group relative inline-flex" data-testid={`no-${direction}-chapter`}>
        <span className={`${toolButton} text-zinc-500`} aria-hidden="true">
          <Icon name={icon} />
        </span>
        <span className="sr-only">{reason}</span>
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute bottom-full z-10 mb-2 ${side === 'left' ? 'left-0' : 'right-0'} rounded-lg bg-white px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-ink opacity-0 shadow-lg transition group-hover:opacity-100`}
        >
          {reason}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={chapter.href}
      rel={direction === 'next' ? 'next' : 'prev'}
      className={toolButton}
      aria-label={label}
      title={label}
      data-testid={`${direction}-chapter-button`}
    >
      <Icon name={icon} />
    </Link>
  );
}

/** One cheap thumbnail: the page's decoded bitmap drawn small, loaded only while the strip shows it. */
function Thumbnail({
  images,
  index,
  current,
  onPick,
}: {
  images: PageImages;
  index: number;
  current: boolean;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  const state = usePageImage(images, index);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || state.status !== 'ready') return;
    canvas.width = 96;
    canvas.height = Math.round((96 * state.height) / state.width);
    canvas.getContext('2d')?.drawImage(state.image, 0, 0, canvas.width, canvas.height);
  }, [state]);
  return (
    <button
      type="button"
      onClick={() => onPick(index)}
      aria-label={t('episode.viewer.go_to_page', { number: index + 1 })}
      aria-current={current ? 'page' : undefined}
      data-testid="reader-thumbnail"
      className={`relative h-24 w-17 shrink-0 overflow-hidden rounded-md bg-zinc-800 ring-2 transition ${current ? 'ring-brand-400' : 'ring-transparent hover:ring-white/40'}`}
    >
      <canvas ref={canvasRef} className="size-full object-cover" />
      <span className="absolute inset-x-0 bottom-0 bg-black/60 text-center text-[11px] font-bold tabular-nums">
        {index + 1}
      </span>
    </button>
  );
}

/** 1, 2, … total. */
function pageNumbers(total: number): number[] {
  return Array.from({ length: total }, (_, index) => index + 1);
}

/** The strip of page thumbnails (isSliderMenuMode): pages load as they scroll into the strip. */
function ThumbnailStrip({
  images,
  total,
  currentPages,
  rtl,
  onPick,
  onWanted,
}: {
  images: PageImages;
  total: number;
  currentPages: readonly number[];
  rtl: boolean;
  onPick: (index: number) => void;
  /** The pages the strip shows now, to be loaded at low priority. */
  onWanted: (indexes: number[]) => void;
}) {
  const { t } = useTranslation();
  const stripRef = useRef<HTMLOListElement>(null);
  const visible = useRef(new Set<number>());
  const latest = useRef(onWanted);
  latest.current = onWanted;
  const first = Math.min(...currentPages);

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    strip.querySelector<HTMLElement>(`[data-index="${first}"]`)?.scrollIntoView({ inline: 'center', block: 'nearest' });
  }, [first]);

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.index);
          if (entry.isIntersecting) visible.current.add(index);
          else visible.current.delete(index);
        }
        latest.current([...visible.current].sort((a, b) => a - b));
      },
      { root: strip, rootMargin: '0px 200px' },
    );
    for (const item of strip.querySelectorAll('[data-index]')) observer.observe(item);
    return () => observer.disconnect();
  }, []);

  return (
    <ol
      ref={stripRef}
      aria-label={t('episode.viewer.thumbnails')}
      dir={rtl ? 'rtl' : 'ltr'}
      className="flex gap-2 overflow-x-auto px-3 pt-3 pb-1 [scrollbar-width:thin]"
    >
      {pageNumbers(total).map((number) => (
        <li key={number} data-index={number - 1}>
          <Thumbnail images={images} index={number - 1} current={currentPages.includes(number - 1)} onPick={onPick} />
        </li>
      ))}
    </ol>
  );
}

export interface ReaderControlsProps {
  images: PageImages;
  total: number;
  /** 0-based pages on screen. */
  currentPages: readonly number[];
  atEnd: boolean;
  rtl: boolean;
  vertical: boolean;
  previous: AdjacentChapter | undefined;
  next: AdjacentChapter | undefined;
  showThumbnails: boolean;
  onGoToPage: (index: number) => void;
  onTurn: (step: 1 | -1) => void;
  onThumbnailsWanted: (indexes: number[]) => void;
  tools: ReactNode;
}

/**
 * The bottom menu: page turns, the page slider (in the reading direction) with the page counter,
 * the thumbnails, the chapters before and after, and the reader's tools.
 */
export function ReaderControls(props: ReaderControlsProps) {
  const { t } = useTranslation();
  const { total, currentPages, atEnd, rtl, vertical, previous, next } = props;
  const shown = currentPages.map((index) => index + 1);
  const first = Math.min(...shown);
  const last = Math.max(...shown);
  const counter = atEnd
    ? t('episode.viewer.end.counter')
    : first === last
      ? `${first} / ${total}`
      : `${first}–${last} / ${total}`;
  const forwardLeft = rtl && !vertical;
  const pageButton = (step: 1 | -1) => (
    <ToolButton
      icon={(step === 1) === forwardLeft ? 'chevronLeft' : 'chevronRight'}
      label={t(step === 1 ? 'episode.viewer.next_page' : 'episode.viewer.previous_page')}
      onClick={() => props.onTurn(step)}
      disabled={step === 1 ? atEnd : first <= 1 && !atEnd}
      testId={step === 1 ? 'next-page-button' : 'previous-page-button'}
    />
  );
  const chapters = [
    <ChapterButton key="previous" chapter={previous} direction="previous" side={forwardLeft ? 'right' : 'left'} />,
    <ChapterButton key="next" chapter={next} direction="next" side={forwardLeft ? 'left' : 'right'} />,
  ];
  return (
    <div className="pb-[env(safe-area-inset-bottom)]">
      {props.showThumbnails ? (
        <ThumbnailStrip
          images={props.images}
          total={total}
          currentPages={currentPages}
          rtl={rtl && !vertical}
          onPick={props.onGoToPage}
          onWanted={props.onThumbnailsWanted}
        />
      ) : null}
      <div className="flex items-center gap-1 px-2 pt-2 sm:gap-2 sm:px-4">
        {forwardLeft ? pageButton(1) : pageButton(-1)}
        <label className="flex min-w-0 flex-1 items-center gap-3">
          <span className="sr-only">{t('episode.viewer.slider')}</span>
          <input
            type="range"
            min={1}
            max={total}
            step={1}
            value={atEnd ? total : first}
            dir={forwardLeft ? 'rtl' : 'ltr'}
            aria-valuetext={t('episode.viewer.page_label', { number: first, total })}
            onChange={(event) => props.onGoToPage(Number(event.currentTarget.value) - 1)}
            data-testid="page-slider"
            className="h-11 min-w-0 flex-1 cursor-pointer accent-brand-500"
          />
        </label>
        <span
          className="min-w-[4.5rem] shrink-0 text-center text-sm font-bold text-zinc-200 tabular-nums"
          data-testid="page-counter"
        >
          {counter}
        </span>
        {forwardLeft ? pageButton(-1) : pageButton(1)}
      </div>
      <div
        className="relative flex items-center justify-between gap-1 px-2 pb-2 sm:px-4"
        data-testid="reader-tools-row"
      >
        {forwardLeft ? chapters[1] : chapters[0]}
        {props.tools}
        {forwardLeft ? chapters[0] : chapters[1]}
      </div>
    </div>
  );
}
