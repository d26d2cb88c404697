import { useCallback, useState } from 'react';

/** The thumbnail's box in CSS pixels: the row reserves it before the image arrives (no layout shift). */
export const EPISODE_THUMBNAIL_PX = 56;

/**
 * A chapter's thumbnail in the chapter list (ADR 060): lazy, its box fixed by width and height. An
 * image that fails, even before the scripts ran, falls back to the title's cover, then to a plain
 * tile: never a broken image.
 */
export function EpisodeThumbnail({ src, fallback, index }: { src: string; fallback: string; index: number }) {
  const candidates = [src, fallback].filter((url, at, all) => url && all.indexOf(url) === at);
  const [failed, setFailed] = useState(0);
  const shown = candidates[failed];
  const onError = useCallback(() => setFailed((count) => count + 1), []);
  // An error before hydration fired no React handler: look at the image once it is ours.
  const checkLoaded = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0 && image.currentSrc) onError();
    },
    [onError],
  );
  return (
    <span className="relative block size-14 shrink-0 overflow-hidden rounded-lg bg-zinc-200 ring-1 ring-zinc-200 sm:size-16">
      {shown ? (
        <img
          key={shown}
          ref={checkLoaded}
          src={shown}
          alt=""
          width={EPISODE_THUMBNAIL_PX}
          height={EPISODE_THUMBNAIL_PX}
          loading="lazy"
          decoding="async"
          onError={onError}
          data-testid="episode-thumbnail"
          className="size-full object-cover"
        />
      ) : null}
      <span className="absolute bottom-0 left-0 min-w-6 rounded-tr-md bg-ink/80 px-1 text-center text-[11px] leading-5 font-black text-white tabular-nums">
        {index}
      </span>
    </span>
  );
}
