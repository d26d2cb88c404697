import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageImageState, PageImages } from './page-images.ts';

/** The loading state of one page, re-rendered when it changes. */
export function usePageImage(images: PageImages, index: number): PageImageState {
  return useSyncExternalStore(
    (listener) => images.subscribe(listener),
    () => images.state(index),
    () => images.state(index),
  );
}

export interface PageCanvasProps {
  images: PageImages;
  /** 0-based. */
  index: number;
  total: number;
  /** Draw the page (false leaves the canvas empty to spare memory, e.g. far away in scroll mode). */
  draw?: boolean;
  /** Called once the page is on the canvas (performance marks). */
  onDrawn?: (index: number) => void;
  className?: string;
}

/**
 * One page on a canvas of its natural size, drawn in a layout effect, so it shows in the same frame
 * as the page turn that asked for it. Until then a spinner; after a failure, a retry button.
 */
export function PageCanvas({ images, index, total, draw = true, onDrawn, className = '' }: PageCanvasProps) {
  const { t } = useTranslation();
  const state = usePageImage(images, index);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawn = state.status === 'ready' && draw;

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (state.status !== 'ready' || !draw) {
      if (!draw && canvas.width > 0) canvas.width = 0;
      return;
    }
    canvas.width = state.width;
    canvas.height = state.height;
    canvas.getContext('2d')?.drawImage(state.image, 0, 0);
    onDrawn?.(index);
  }, [state, draw, index, onDrawn]);

  const label = t('episode.viewer.page_label', { number: index + 1, total });
  return (
    <div
      className={`relative overflow-hidden bg-white ${className}`}
      data-testid="reader-page"
      data-page={index + 1}
      data-state={drawn ? 'drawn' : state.status === 'failed' ? 'failed' : 'loading'}
    >
      <canvas ref={canvasRef} role="img" aria-label={label} className="block size-full" />
      {drawn ? null : (
        <div className="absolute inset-0 grid place-items-center bg-zinc-900 px-4 text-center text-sm text-zinc-400">
          {state.status === 'failed' ? (
            <div role="alert" className="flex flex-col items-center gap-3">
              <p>{t('episode.viewer.page_failed', { number: index + 1 })}</p>
              <button
                type="button"
                onClick={() => images.retry(index)}
                className="inline-flex h-10 items-center rounded-full bg-white px-5 text-sm font-bold text-ink transition hover:bg-zinc-200"
              >
                {t('episode.viewer.retry')}
              </button>
            </div>
          ) : (
            <span className="flex flex-col items-center gap-3">
              <span
                className="size-7 rounded-full border-2 border-zinc-700 border-t-zinc-300 motion-safe:animate-spin"
                aria-hidden="true"
              />
              <span className="sr-only">{label}</span>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
