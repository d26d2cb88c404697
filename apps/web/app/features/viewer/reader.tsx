import { getWebViewer } from '@manga/api-client';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';
import { useRootData } from '#app/root-data.ts';
import { BootPageLayer, FIRST_PAGE_MARK } from './boot-page.tsx';
import { LastPage } from './last-page.tsx';
import { useLastPageInfo, useNextChapterWarmUp } from './next-chapter.ts';
import { PageImages } from './page-images.ts';
import { PagedStage, type StageGeometry } from './paged-stage.tsx';
import {
  type ConnectionHints,
  nearsTheEnd,
  nextChapterPagesAhead,
  pagesAhead,
  pagesToPrepare,
} from './preload-policy.ts';
import { ReaderControls, ToolButton } from './reader-controls.tsx';
import { useReadingSession } from './reading-session.ts';
import { ScrollStage } from './scroll-stage.tsx';
import { fitsTwoPages, layoutViews, viewIndexOfPage } from './spread-layout.ts';
import type { ReadyViewerData } from './viewer.ts';
import { ViewerTopBar } from './viewer-frame.tsx';
import {
  DEFAULT_VIEWER_SETTINGS,
  readFullscreen,
  readShifted,
  readViewerSettings,
  type ViewerSettings,
  writeFullscreen,
  writeShifted,
  writeViewerSettings,
} from './viewer-settings.ts';
import { isZoomed, NO_ZOOM, type ZoomState, zoomAt, zoomStep } from './zoom.ts';

/** Performance marks the benchmark reads (`npm run bench:viewer`); FIRST_PAGE_MARK is the boot page's. */
export const TURN_START_MARK = 'manga:turn-start';
export const TURN_MEASURE = 'manga:page-turn';
export const TURN_FRAME_MEASURE = 'manga:page-turn-frame';

function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

function connectionHints(): ConnectionHints | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return connection
    ? { saveData: connection.saveData, effectiveType: connection.effectiveType, downlink: connection.downlink }
    : undefined;
}

/** The window's size once mounted (spreads need it); undefined while rendering on the server. */
function useWindowSize(): { width: number; height: number } | undefined {
  const [size, setSize] = useState<{ width: number; height: number } | undefined>(undefined);
  useEffect(() => {
    const measure = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return size;
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export interface ReaderProps {
  viewer: ReadyViewerData;
  /** Blocks added at the end of the chapter by other features (the comments), after the reader's own. */
  lastPageExtras?: ReactNode;
  /** The id of an element in `lastPageExtras`: a link to it (`#id`) opens the reader on its last page. */
  lastPageAnchor?: string;
}

/**
 * The reader (SPEC §2–4, ADR 016): pages in the reading direction, two-page spreads from stored
 * sizes (wide pages alone, a per-episode shift), or vertical scrolling; zoom, full screen, a page
 * slider with thumbnails, keyboard, tap zones and swipes; the last page with the next chapter.
 */
export function Reader({ viewer, lastPageExtras, lastPageAnchor }: ReaderProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn } = useLoginState();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const apiPrefix = root?.apiPrefix ?? '/api';
  const total = viewer.pages.length;
  const rtlEpisode = viewer.direction === 'rtl';

  // The first page's bytes start downloading with the HTML, before the script runs.
  const firstUrl = viewer.pages[viewer.startPage - 1]?.url;
  if (firstUrl) preload(firstUrl, { as: 'image', crossOrigin: 'anonymous', fetchPriority: 'high' });

  const [images] = useState(
    () =>
      new PageImages({
        episode: {
          titleId: viewer.titleId,
          episodeId: viewer.episodeId,
          scrambleSeed: viewer.scrambleSeed,
          scrambleVer: viewer.scrambleVer,
        },
        pages: viewer.pages,
        refreshUrls: async () => {
          if (!api) throw new Error('no API client');
          const fresh = await getWebViewer(api, { episode_id: viewer.episodeId, prefetch: 1 });
          return fresh.page_list.map((url) => imageUrlThrough(apiPrefix, url));
        },
      }),
  );
  useEffect(() => () => images.dispose(), [images]);

  // Settings (SPEC §3), read once mounted: the server renders the defaults.
  const [settings, setSettings] = useState<ViewerSettings>(DEFAULT_VIEWER_SETTINGS);
  const [shifted, setShifted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [hints, setHints] = useState<ConnectionHints | undefined>(undefined);
  useEffect(() => {
    setHints(connectionHints());
    setSettings(readViewerSettings(storageOf('localStorage')));
    setShifted(readShifted(storageOf('localStorage'), viewer.episodeId));
    setFullscreen(readFullscreen(storageOf('sessionStorage')));
  }, [viewer.episodeId]);
  const changeSettings = (change: Partial<ViewerSettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    writeViewerSettings(storageOf('localStorage'), next);
  };

  const vertical = viewer.direction === 'vertical' || settings.isVertical;
  const rtl = rtlEpisode && !vertical;
  const windowSize = useWindowSize();
  const spreads = !vertical && windowSize !== undefined && fitsTwoPages(windowSize.width, windowSize.height);
  const views = useMemo(() => layoutViews(viewer.pages, { spreads, shifted }), [viewer.pages, spreads, shifted]);

  const [page, setPage] = useState(viewer.startPage - 1);
  const [atEnd, setAtEnd] = useState(false);
  const [menuOpen, setMenuOpen] = useState(true);
  const [zoom, setZoom] = useState<ZoomState>(NO_ZOOM);
  const [thumbnailPages, setThumbnailPages] = useState<number[]>([]);
  const geometry = useRef<StageGeometry | undefined>(undefined);
  const viewIndex = viewIndexOfPage(views, page);
  const view = views[viewIndex];
  const currentPages = useMemo(() => (vertical ? [page] : [...(view ?? [page])]), [vertical, page, view]);
  const lastShown = Math.max(...currentPages);

  const goToView = useCallback(
    (index: number) => {
      if (index < 0) return;
      performance.mark(TURN_START_MARK);
      setZoom(NO_ZOOM);
      if (index >= views.length) {
        setAtEnd(true);
        return;
      }
      setAtEnd(false);
      setPage((views[index] ?? [0])[0] as number);
    },
    [views],
  );

  const turn = useCallback(
    (step: 1 | -1) => {
      if (vertical) {
        window.scrollBy({ top: step * window.innerHeight * 0.9, behavior: 'instant' });
        return;
      }
      if (atEnd) {
        if (step === -1) goToView(views.length - 1);
        return;
      }
      setMenuOpen(false);
      goToView(viewIndex + step);
    },
    [vertical, atEnd, goToView, views.length, viewIndex],
  );

  const goToPage = useCallback(
    (index: number) => {
      const target = Math.min(total - 1, Math.max(0, index));
      if (vertical) {
        document.querySelector(`[data-index="${target}"]`)?.scrollIntoView({ block: 'start', behavior: 'instant' });
        setPage(target);
        return;
      }
      goToView(viewIndexOfPage(views, target));
    },
    [total, vertical, goToView, views],
  );

  // Preload around the reader: shown pages first, then ahead, a few behind; release the rest.
  useEffect(() => {
    const order = pagesToPrepare(currentPages, total, pagesAhead(hints));
    images.prepare([...order, ...thumbnailPages], new Set([...order, ...thumbnailPages]));
  }, [images, currentPages, total, thumbnailPages, hints]);

  const [endSeen, setEndSeen] = useState(false);
  const endNear = atEnd || endSeen || nearsTheEnd(lastShown, total, pagesAhead(hints));
  const info = useLastPageInfo(api, viewer, endNear, { apiPrefix, timeZone: root?.wireTimeZone ?? 'Asia/Tokyo' });
  useNextChapterWarmUp(api, viewer, endNear, { pageCount: nextChapterPagesAhead(hints), apiPrefix });

  // A link to the last page's extras (the way back to the comments after logging in) opens the
  // chapter at its end: paged, the last page; vertical, scrolled down to them.
  const [anchorTarget, setAnchorTarget] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!lastPageAnchor || window.location.hash !== `#${lastPageAnchor}`) return;
    const opensVertical = viewer.direction === 'vertical' || readViewerSettings(storageOf('localStorage')).isVertical;
    if (!opensVertical) setAtEnd(true);
    setAnchorTarget(lastPageAnchor);
  }, [lastPageAnchor, viewer.direction]);
  useEffect(() => {
    if (!anchorTarget || (!vertical && !atEnd)) return;
    const target = document.getElementById(anchorTarget);
    if (!target) return;
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    if (vertical) setPage(total - 1);
    // The next chapter and similar titles above it arrive later and push it down: scroll again then.
    if (info) setAnchorTarget(undefined);
  }, [anchorTarget, vertical, atEnd, info, total]);

  useReadingSession(
    viewer,
    {
      page: atEnd ? total : lastShown + 1,
      lastPageShown: atEnd || lastShown === total - 1,
      finished: vertical ? endSeen : atEnd,
      vertical,
      rtl,
    },
    api,
    isLoggedIn,
  );

  // Performance marks: the first page on screen, and each page turn: the work until the view's
  // pages are on their canvases (TURN_MEASURE), and until the frame that shows them (TURN_FRAME_MEASURE).
  const firstPainted = useRef(false);
  const currentRef = useRef(currentPages);
  currentRef.current = currentPages;
  const measureTurn = useCallback(() => {
    const start = performance.getEntriesByName(TURN_START_MARK, 'mark').at(-1)?.startTime;
    if (start === undefined) return;
    if (!currentRef.current.every((index) => images.state(index).status === 'ready')) return;
    performance.measure(TURN_MEASURE, { start });
    performance.clearMarks(TURN_START_MARK);
    requestAnimationFrame(() => performance.measure(TURN_FRAME_MEASURE, { start }));
  }, [images]);
  // After every commit of the reader (children's layout effects, which draw, have run by then).
  useLayoutEffect(() => {
    measureTurn();
  });
  const [booted, setBooted] = useState(false);
  const onDrawn = useCallback(
    (index: number) => {
      measureTurn();
      if (firstPainted.current || !currentRef.current.includes(index)) return;
      firstPainted.current = true;
      // The reader's own page is on screen: the boot page (drawn before the scripts ran) can go.
      setBooted(true);
      requestAnimationFrame(() => {
        if (performance.getEntriesByName(FIRST_PAGE_MARK).length === 0) performance.mark(FIRST_PAGE_MARK);
      });
    },
    [measureTurn],
  );

  // Full screen: the Fullscreen API where there is one, else the reader alone in the window.
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleFullscreen = useCallback(() => {
    const on = !fullscreen;
    setFullscreen(on);
    writeFullscreen(storageOf('sessionStorage'), on);
    if (on) {
      rootRef.current?.requestFullscreen?.().catch(() => undefined);
      setMenuOpen(false);
    } else if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  }, [fullscreen]);
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement && fullscreen) {
        setFullscreen(false);
        writeFullscreen(storageOf('sessionStorage'), false);
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [fullscreen]);

  const zoomBy = useCallback((direction: 1 | -1) => {
    const shape = geometry.current;
    if (!shape) return;
    setZoom((current) => zoomAt(current, zoomStep(current.scale, direction), { x: 0, y: 0 }, shape.view, shape.stage));
  }, []);

  // Keyboard: arrows follow the reading direction, space, Home/End, +/- zoom, F full screen, Esc.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
      const onControl = event.target instanceof Element && event.target.closest('button, a') !== null;
      const key = event.key;
      if ((key === 'f' || key === 'F') && !event.ctrlKey) {
        event.preventDefault();
        toggleFullscreen();
        return;
      }
      if (key === 'Escape') {
        if (isZoomed(zoom)) setZoom(NO_ZOOM);
        else if (fullscreen && !document.fullscreenElement) toggleFullscreen();
        else setMenuOpen(false);
        return;
      }
      if (key === 'Tab' && !menuOpen) {
        setMenuOpen(true);
        return;
      }
      if (vertical || event.ctrlKey) {
        if (event.ctrlKey && (key === '+' || key === '=' || key === '-') && !vertical) {
          event.preventDefault();
          zoomBy(key === '-' ? -1 : 1);
        }
        return;
      }
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
      let handled = true;
      if (key === forward || key === 'PageDown' || (key === ' ' && !event.shiftKey && !onControl)) turn(1);
      else if (key === backward || key === 'PageUp' || (key === ' ' && event.shiftKey && !onControl)) turn(-1);
      else if (key === 'Home') goToView(0);
      else if (key === 'End') goToView(views.length - 1);
      else if (key === '+' || key === '=') zoomBy(1);
      else if (key === '-') zoomBy(-1);
      else handled = false;
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rtl, vertical, turn, goToView, views.length, zoom, zoomBy, fullscreen, menuOpen, toggleFullscreen]);

  const announce = atEnd
    ? t('episode.viewer.end.announce', { name: viewer.episodeName })
    : currentPages.length > 1
      ? t('episode.viewer.pages_label', { first: currentPages[0]! + 1, last: currentPages[1]! + 1, total })
      : t('episode.viewer.page_label', { number: page + 1, total });

  const endPanel = (
    <LastPage
      viewer={viewer}
      info={info}
      extras={lastPageExtras}
      onBack={vertical ? undefined : () => goToView(views.length - 1)}
    />
  );

  const tools = (
    <>
      {viewer.direction !== 'vertical' ? (
        <ToolButton
          icon={vertical ? 'paged' : 'vertical'}
          label={vertical ? t('episode.viewer.tools.paged') : t('episode.viewer.tools.vertical')}
          onClick={() => changeSettings({ isVertical: !settings.isVertical })}
          testId="mode-toggle"
        />
      ) : null}
      {vertical ? (
        <ToolButton
          icon="expand"
          label={t('episode.viewer.tools.expand')}
          pressed={settings.isExpand}
          onClick={() => changeSettings({ isExpand: !settings.isExpand })}
          testId="expand-toggle"
        />
      ) : (
        <ToolButton
          icon="shift"
          label={t('episode.viewer.tools.shift')}
          pressed={shifted}
          disabled={!spreads}
          onClick={() => {
            setShifted(!shifted);
            writeShifted(storageOf('localStorage'), viewer.episodeId, !shifted);
          }}
          testId="shift-toggle"
        />
      )}
      <ToolButton
        icon="thumbnails"
        label={t('episode.viewer.tools.thumbnails')}
        pressed={settings.isSliderMenuMode}
        onClick={() => {
          if (settings.isSliderMenuMode) setThumbnailPages([]);
          changeSettings({ isSliderMenuMode: !settings.isSliderMenuMode });
        }}
        testId="thumbnails-toggle"
      />
      {vertical ? null : (
        <>
          <ToolButton
            icon="zoomOut"
            label={t('episode.viewer.tools.zoom_out')}
            disabled={!isZoomed(zoom)}
            onClick={() => zoomBy(-1)}
            testId="zoom-out"
          />
          <ToolButton
            icon="zoomIn"
            label={t('episode.viewer.tools.zoom_in')}
            onClick={() => zoomBy(1)}
            testId="zoom-in"
          />
        </>
      )}
      <ToolButton
        icon={fullscreen ? 'fullscreenExit' : 'fullscreen'}
        label={fullscreen ? t('episode.viewer.tools.fullscreen_exit') : t('episode.viewer.tools.fullscreen')}
        pressed={fullscreen}
        onClick={toggleFullscreen}
        testId="fullscreen-toggle"
      />
    </>
  );

  const menuVisible = menuOpen && !atEnd;
  const overlay =
    'fixed inset-x-0 z-30 bg-ink/90 text-white backdrop-blur motion-safe:transition-transform motion-safe:duration-200';
  return (
    <div
      ref={rootRef}
      className={`bg-ink text-white ${vertical ? 'min-h-dvh' : 'fixed inset-0 overflow-hidden'}`}
      data-testid="reader"
      data-mode={vertical ? 'vertical' : 'paged'}
      data-direction={viewer.direction}
      data-spreads={spreads ? 'on' : 'off'}
      data-fullscreen={fullscreen ? 'on' : 'off'}
    >
      {viewer.mode === 'embed' ? <h1 className="sr-only">{`${viewer.episodeName} – ${viewer.titleName}`}</h1> : null}
      <p className="sr-only" aria-live="polite" data-testid="reader-announcer">
        {announce}
      </p>
      <noscript>
        <p className="relative z-40 mx-auto mt-20 max-w-md rounded-xl bg-amber-100 px-5 py-4 text-center text-sm font-semibold text-amber-900">
          {t('episode.viewer.needs_javascript')}
        </p>
      </noscript>

      <main aria-label={t('episode.viewer.pages', { count: total })}>
        {viewer.boot && !booted && !vertical && !atEnd ? <BootPageLayer boot={viewer.boot} /> : null}
        {vertical ? (
          <ScrollStage
            images={images}
            pages={viewer.pages}
            current={page}
            startPage={viewer.startPage - 1}
            expand={settings.isExpand}
            onPageChange={setPage}
            onEndVisible={() => setEndSeen(true)}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            onDrawn={onDrawn}
            endPanel={endPanel}
          />
        ) : (
          <PagedStage
            images={images}
            pages={viewer.pages}
            views={views}
            viewIndex={viewIndex}
            atEnd={atEnd}
            rtl={rtl}
            zoom={zoom}
            onZoom={setZoom}
            onTurn={turn}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            onDrawn={onDrawn}
            geometry={geometry}
            endPanel={endPanel}
          />
        )}
      </main>

      {viewer.mode === 'embed' ? null : (
        <header
          className={`${overlay} top-0 border-b border-white/10 ${menuVisible || atEnd ? '' : '-translate-y-full'}`}
          inert={!(menuVisible || atEnd)}
          data-testid="reader-top-bar"
        >
          <ViewerTopBar viewer={viewer} />
        </header>
      )}
      <nav
        aria-label={t('episode.viewer.menu')}
        className={`${overlay} bottom-0 border-t border-white/10 ${menuVisible ? '' : 'translate-y-full'}`}
        inert={!menuVisible}
        data-testid="reader-menu"
        data-open={menuVisible ? 'true' : 'false'}
        data-no-gestures
      >
        <ReaderControls
          images={images}
          total={total}
          currentPages={currentPages}
          atEnd={atEnd}
          rtl={rtl}
          vertical={vertical}
          previous={viewer.previous}
          next={viewer.next}
          showThumbnails={settings.isSliderMenuMode && menuVisible}
          onGoToPage={goToPage}
          onTurn={turn}
          onThumbnailsWanted={setThumbnailPages}
          tools={tools}
        />
      </nav>
      {!menuVisible && !atEnd ? (
        <button
          type="button"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-40 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-bold focus:text-ink"
          onClick={() => setMenuOpen(true)}
        >
          {t('episode.viewer.show_menu')}
        </button>
      ) : null}
    </div>
  );
}
