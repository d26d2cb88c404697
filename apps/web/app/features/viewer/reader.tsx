import { getWebViewer } from '@manga/api-client';
import type { ImageQuality } from '@manga/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { usePrivateReading } from '#app/features/bookmarks/private-reading.ts';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';
import {
  readLocalProgress,
  resumePageOf,
  START_PAGE_PARAM,
  withStartPage,
} from '#app/features/catalogue/reading-progress.ts';
import { useRootData } from '#app/root-data.ts';
import { BootPageLayer } from './boot-page.tsx';
import { useDataSaver } from './data-saver.tsx';
import { LastPage } from './last-page.tsx';
import { useLastPageInfo, useNextChapterWarmUp } from './next-chapter.ts';
import { PageImages } from './page-images.ts';
import { PagedStage, type StageGeometry } from './paged-stage.tsx';
import { nearsTheEnd, nextChapterPagesAhead, pagesAhead, pagesToPrepare } from './preload-policy.ts';
import { ReaderAnnouncer } from './reader-announcer.tsx';
import { useReaderBookmarks } from './reader-bookmarks.tsx';
import { ReaderControls } from './reader-controls.tsx';
import { connectionHints, storageOf, useWindowSize } from './reader-environment.ts';
import { ReaderTools } from './reader-tools.tsx';
import { useReadingSession } from './reading-session.ts';
import { ResumeNotice } from './resume-notice.tsx';
import { ScrollStage } from './scroll-stage.tsx';
import { fitsTwoPages, isPhonePortrait, layoutViews, splitWidePages, viewIndexOfPage } from './spread-layout.ts';
import { TURN_START_MARK, useTurnMeasures } from './turn-measures.ts';
import { useReaderFullscreen } from './use-reader-fullscreen.ts';
import { useReaderKeys } from './use-reader-keys.ts';
import type { ReadyViewerData } from './viewer.ts';
import { ViewerTopBar } from './viewer-frame.tsx';
import {
  DEFAULT_VIEWER_SETTINGS,
  readShifted,
  readViewerSettings,
  type ViewerSettings,
  writeShifted,
  writeViewerSettings,
} from './viewer-settings.ts';
import { isZoomed, NO_ZOOM, type ZoomState, zoomAt, zoomStep } from './zoom.ts';

export interface ReaderProps {
  viewer: ReadyViewerData;
  /** Blocks added at the end of the chapter by other features (the comments), after the reader's own. */
  lastPageExtras?: ReactNode;
  /** The id of an element in `lastPageExtras`: a link to it (`#id`) opens the reader on its last page. */
  lastPageAnchor?: string;
  /** Buttons of other features in the top bar (downloading the chapter, ADR 052). */
  topBarExtras?: ReactNode;
  /**
   * An editor's preview (ADR 073): the chapter exactly as a reader sees it, with `notice` kept above
   * the reader's own bars, fresh URLs from the preview call, and nothing recorded or kept (no
   * progress, last page, finish, bookmarks, private reading, browser place or data saver switch).
   */
  preview?: ReaderPreview;
}

export interface ReaderPreview {
  /** Fresh signed URLs of the pages in a tier, and the tier served (the editors' preview call). */
  fetchPages: (quality: ImageQuality) => Promise<{ urls: string[]; quality: ImageQuality }>;
  /** Shown above the reader at all times: what this is and the way back. */
  notice: ReactNode;
}

/**
 * The reader (product §2–4, ADR 016): pages in the reading direction, two-page spreads from stored
 * sizes (wide pages alone, a per-episode shift), or vertical scrolling; zoom, full screen, a page
 * slider with thumbnails, keyboard, tap zones and swipes; the last page with the next chapter.
 */
export function Reader({ viewer, lastPageExtras, lastPageAnchor, topBarExtras, preview }: ReaderProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn: signedIn } = useLoginState();
  // A preview is nobody's reading: nothing an account keeps is read or written.
  const isLoggedIn = signedIn && !preview;
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const apiPrefix = root?.apiPrefix ?? '/api';
  const total = viewer.pages.length;
  const rtlEpisode = viewer.direction === 'rtl';

  // The first page's bytes start downloading with the HTML, before the script runs.
  const firstUrl = viewer.pages[viewer.startPage - 1]?.url;
  if (firstUrl) preload(firstUrl, { as: 'image', crossOrigin: 'anonymous', fetchPriority: 'high' });

  const qualityRef = useRef(viewer.imageQuality);
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
          if (preview) return (await preview.fetchPages(qualityRef.current)).urls;
          if (!api) throw new Error('no API client');
          const fresh = await getWebViewer(api, {
            episode_id: viewer.episodeId,
            prefetch: 1,
            image_quality: qualityRef.current,
          });
          return fresh.page_list.map((url) => imageUrlThrough(apiPrefix, url));
        },
      }),
  );
  useEffect(() => () => images.dispose(), [images]);

  // The reader owns horizontal gestures (issue 24): a swipe past the last page, or sideways in
  // vertical mode, must not become the browser's overscroll navigation back in history.
  useEffect(() => {
    const style = document.documentElement.style;
    const before = style.overscrollBehaviorX;
    style.overscrollBehaviorX = 'none';
    return () => {
      style.overscrollBehaviorX = before;
    };
  }, []);

  // Settings (product §3), read once mounted: the server renders the defaults.
  const [settings, setSettings] = useState<ViewerSettings>(DEFAULT_VIEWER_SETTINGS);
  const [shifted, setShifted] = useState(false);
  const [hints, setHints] = useState<ReturnType<typeof connectionHints>>(undefined);
  useEffect(() => {
    setHints(connectionHints());
    setSettings(readViewerSettings(storageOf('localStorage')));
    setShifted(readShifted(storageOf('localStorage'), viewer.episodeId));
  }, [viewer.episodeId]);
  const changeSettings = (change: Partial<ViewerSettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    writeViewerSettings(storageOf('localStorage'), next);
  };

  const dataSaver = useDataSaver({
    api: preview ? undefined : api,
    fetchTier: preview?.fetchPages,
    viewer,
    images,
    qualityRef,
    hints,
    apiPrefix,
    cookiePrefix: root?.cookiePrefix ?? '',
    secureCookies: root?.secureCookies ?? true,
  });

  const vertical = viewer.direction === 'vertical' || settings.isVertical;
  const rtl = rtlEpisode && !vertical;
  const windowSize = useWindowSize();
  const spreads = !vertical && windowSize !== undefined && fitsTwoPages(windowSize.width, windowSize.height);
  // A phone held upright may show a spread as its two halves in reading order (issue 28, a setting).
  const phonePortrait = windowSize !== undefined && isPhonePortrait(windowSize.width, windowSize.height);
  const splitting = !vertical && !spreads && phonePortrait && settings.isSplitSpreads;
  const layout = useMemo(() => {
    const whole = layoutViews(viewer.pages, { spreads, shifted });
    return splitting
      ? splitWidePages(whole, viewer.pages, rtlEpisode)
      : { views: whole, halves: whole.map(() => undefined) };
  }, [viewer.pages, spreads, shifted, splitting, rtlEpisode]);
  const views = layout.views;
  // On a split page, whether the reader is on its second half (the views share the page).
  const [secondHalf, setSecondHalf] = useState(false);

  const [page, setPage] = useState(viewer.startPage - 1);
  // Where vertical mode opens (scrolled to once it mounts): the start page, or the place resumed.
  const [startIndex, setStartIndex] = useState(viewer.startPage - 1);
  // The page the chapter reopened on (the reader's place), with a way to start over until they turn.
  const [resumedAt, setResumedAt] = useState<number | undefined>(
    viewer.startFrom === 'resumed' ? viewer.startPage : undefined,
  );
  const [atEnd, setAtEnd] = useState(false);
  const [menuOpen, setMenuOpen] = useState(true);
  const [zoom, setZoom] = useState<ZoomState>(NO_ZOOM);
  const [thumbnailPages, setThumbnailPages] = useState<number[]>([]);
  const geometry = useRef<StageGeometry | undefined>(undefined);
  const firstViewOfPage = viewIndexOfPage(views, page);
  const viewIndex = firstViewOfPage + (secondHalf && layout.halves[firstViewOfPage] !== undefined ? 1 : 0);
  const half = layout.halves[viewIndex];
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
      const target = (views[index] ?? [0])[0] as number;
      setSecondHalf(index > 0 && layout.halves[index] !== undefined && (views[index - 1] ?? [])[0] === target);
      setPage(target);
    },
    [views, layout.halves],
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
  useNextChapterWarmUp(api, viewer, endNear, { firstPages: nextChapterPagesAhead(hints), apiPrefix });

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

  // A chapter opened without a page and without the account's place: this browser's place (a
  // guest's only record), read before the session below writes the first page over it.
  useEffect(() => {
    if (preview || viewer.startFrom !== 'first') return;
    const local = readLocalProgress(storageOf('localStorage')).find((entry) => entry.episodeId === viewer.episodeId);
    const resume = resumePageOf(local?.page, total);
    if (resume === undefined) return;
    setPage(resume - 1);
    setStartIndex(resume - 1);
    setResumedAt(resume);
  }, [preview, viewer.startFrom, viewer.episodeId, total]);

  // The page stays in the URL as the reader turns (replacing the entry, keeping the router's state),
  // so that a reload, Back and Forward come back to it.
  const urlPage = atEnd ? total : page + 1;
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    // A chapter opened on its first page keeps its plain URL until the reader turns.
    if (urlPage === 1 && !new URLSearchParams(window.location.search).has(START_PAGE_PARAM)) return;
    const next = withStartPage(here, urlPage);
    if (next !== here) window.history.replaceState(window.history.state, '', next);
  }, [urlPage]);
  // Any move from the page it reopened on ends the offer to start over.
  useEffect(() => {
    if (resumedAt !== undefined && (atEnd || page + 1 !== resumedAt)) setResumedAt(undefined);
  }, [resumedAt, atEnd, page]);

  // Bookmarks and private reading (ADR 044): both need an account.
  const privateReading = usePrivateReading(api, isLoggedIn);
  const bookmarks = useReaderBookmarks({
    api,
    isLoggedIn,
    episodeId: viewer.episodeId,
    page: atEnd ? undefined : lastShown + 1,
    privateOn: privateReading.on,
  });
  const openBookmark = bookmarks.open;

  useReadingSession(
    viewer,
    {
      page: atEnd ? total : lastShown + 1,
      lastPageShown: atEnd || lastShown === total - 1,
      finished: vertical ? endSeen : atEnd,
      vertical,
      rtl,
    },
    preview ? undefined : api,
    isLoggedIn,
    privateReading.on || preview !== undefined,
  );

  const { booted, onDrawn } = useTurnMeasures(images, currentPages);

  const { rootRef, fullscreen, toggleFullscreen } = useReaderFullscreen(() => setMenuOpen(false));

  const zoomBy = useCallback((direction: 1 | -1) => {
    const shape = geometry.current;
    if (!shape) return;
    setZoom((current) => zoomAt(current, zoomStep(current.scale, direction), { x: 0, y: 0 }, shape.view, shape.stage));
  }, []);

  useReaderKeys({
    rtl,
    vertical,
    zoomed: isZoomed(zoom),
    fullscreen,
    menuOpen,
    turn,
    goToView,
    lastView: views.length - 1,
    zoomBy,
    resetZoom: () => setZoom(NO_ZOOM),
    toggleFullscreen,
    openMenu: setMenuOpen,
    openBookmark,
  });

  const endPanel = (
    <LastPage
      viewer={viewer}
      info={info}
      extras={lastPageExtras}
      onBack={vertical ? undefined : () => goToView(views.length - 1)}
    />
  );

  const tools = (
    <ReaderTools
      verticalOnly={viewer.direction === 'vertical'}
      vertical={vertical}
      settings={settings}
      onSettings={changeSettings}
      shift={{
        pressed: shifted,
        enabled: spreads,
        onToggle: () => {
          setShifted(!shifted);
          writeShifted(storageOf('localStorage'), viewer.episodeId, !shifted);
        },
      }}
      split={{
        offered: phonePortrait,
        onToggle: () => {
          setSecondHalf(false);
          changeSettings({ isSplitSpreads: !settings.isSplitSpreads });
        },
      }}
      onThumbnails={() => {
        if (settings.isSliderMenuMode) setThumbnailPages([]);
        changeSettings({ isSliderMenuMode: !settings.isSliderMenuMode });
      }}
      zoomed={isZoomed(zoom)}
      onZoom={zoomBy}
      member={
        isLoggedIn
          ? {
              bookmarkDisabled: atEnd,
              onBookmark: openBookmark,
              privateOn: privateReading.on,
              onPrivate: () => void privateReading.toggle(),
            }
          : undefined
      }
      dataSaver={dataSaver}
      fullscreen={fullscreen}
      onFullscreen={toggleFullscreen}
    />
  );

  const menuVisible = menuOpen && !atEnd;
  const [noticeHeight, setNoticeHeight] = useState(0);
  const noticeObserver = useRef<ResizeObserver | undefined>(undefined);
  // The reader's top bar sits under the preview's notice, whose height changes as it opens.
  const noticeRef = useCallback((node: HTMLDivElement | null) => {
    noticeObserver.current?.disconnect();
    if (!node) return;
    const measure = () => setNoticeHeight(node.offsetHeight);
    measure();
    noticeObserver.current = new ResizeObserver(measure);
    noticeObserver.current.observe(node);
  }, []);
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
      <ReaderAnnouncer
        atEnd={atEnd}
        episodeName={viewer.episodeName}
        currentPages={currentPages}
        page={page}
        total={total}
        half={half}
      />
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
            startPage={startIndex}
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
            halves={layout.halves}
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

      {bookmarks.layer}
      {resumedAt !== undefined ? (
        <ResumeNotice
          page={resumedAt}
          onStartOver={() => {
            setResumedAt(undefined);
            goToPage(0);
          }}
        />
      ) : null}
      {preview ? (
        <div ref={noticeRef} className="fixed inset-x-0 top-0 z-40" data-testid="reader-preview-notice">
          {preview.notice}
        </div>
      ) : null}
      {viewer.mode === 'embed' ? null : (
        <header
          style={noticeHeight ? { top: noticeHeight } : undefined}
          className={`${overlay} top-0 border-b border-white/10 ${menuVisible || atEnd ? '' : '-translate-y-full'}`}
          inert={!(menuVisible || atEnd)}
          data-testid="reader-top-bar"
        >
          <ViewerTopBar viewer={viewer}>{topBarExtras}</ViewerTopBar>
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
