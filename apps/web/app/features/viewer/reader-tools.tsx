import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '#app/components/ui/icon.tsx';
import { DataSaverButton, type DataSaverState } from './data-saver.tsx';
import { ToolButton } from './reader-controls.tsx';
import type { ViewerSettings } from './viewer-settings.ts';

export interface ReaderToolsProps {
  /** The chapter is drawn for scrolling (no paged mode to switch to). */
  verticalOnly: boolean;
  vertical: boolean;
  settings: ViewerSettings;
  onSettings: (change: Partial<ViewerSettings>) => void;
  /** Spreads shifted by a page, and whether spreads are shown at all (else the shift does nothing). */
  shift: { pressed: boolean; enabled: boolean; onToggle: () => void };
  /** The phone split, offered on a phone held upright. */
  split: { offered: boolean; onToggle: () => void };
  onThumbnails: () => void;
  zoomed: boolean;
  onZoom: (direction: 1 | -1) => void;
  /** Bookmarks and private reading, for a logged-in reader (ADR 044). */
  member?: {
    bookmarkDisabled: boolean;
    onBookmark: () => void;
    privateOn: boolean;
    onPrivate: () => void;
  };
  dataSaver: DataSaverState;
  fullscreen: boolean;
  onFullscreen: () => void;
}

/**
 * The reader's tools (ADR 060). On a phone the ones used while reading stay in the row (mode, split
 * or fit, thumbnails, bookmark) and the rest open under "More", so that the row fits 390 px; from
 * sm up every tool is in the row. One set of buttons either way: CSS moves the rest.
 */
export function ReaderTools(props: ReaderToolsProps) {
  const { t } = useTranslation();
  const { vertical, settings, onSettings, member } = props;
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const moreButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // A tap elsewhere closes it.
  useEffect(() => {
    if (!moreOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (panel.current?.contains(target) || moreButton.current?.contains(target))) return;
      setMoreOpen(false);
    };
    // Escape closes it first (captured before the reader's own Escape, which hides the whole menu).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setMoreOpen(false);
      moreButton.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [moreOpen]);

  const more = t('phone.viewer.more_tools');
  return (
    <div className="flex min-w-0 items-center justify-center gap-0.5 sm:gap-1" data-testid="reader-tools">
      {props.verticalOnly ? null : (
        <ToolButton
          icon={vertical ? 'paged' : 'vertical'}
          label={vertical ? t('episode.viewer.tools.paged') : t('episode.viewer.tools.vertical')}
          onClick={() => onSettings({ isVertical: !settings.isVertical })}
          testId="mode-toggle"
        />
      )}
      {vertical ? (
        <ToolButton
          icon="expand"
          label={t('episode.viewer.tools.expand')}
          pressed={settings.isExpand}
          onClick={() => onSettings({ isExpand: !settings.isExpand })}
          testId="expand-toggle"
        />
      ) : null}
      {props.split.offered && !vertical ? (
        <ToolButton
          icon="split"
          label={t('reader_comfort.split.toggle')}
          pressed={settings.isSplitSpreads}
          onClick={props.split.onToggle}
          testId="split-toggle"
        />
      ) : null}
      <ToolButton
        icon="thumbnails"
        label={t('episode.viewer.tools.thumbnails')}
        pressed={settings.isSliderMenuMode}
        onClick={props.onThumbnails}
        testId="thumbnails-toggle"
      />
      {member ? (
        <ToolButton
          icon="bookmark"
          label={t('reader_features.bookmark.button')}
          disabled={member.bookmarkDisabled}
          onClick={member.onBookmark}
          testId="bookmark-button"
        />
      ) : null}
      <button
        ref={moreButton}
        type="button"
        aria-expanded={moreOpen}
        aria-controls={moreId}
        aria-label={more}
        title={more}
        onClick={() => setMoreOpen((open) => !open)}
        data-testid="reader-tools-more"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white aria-expanded:bg-white/15 aria-expanded:text-white sm:hidden"
      >
        <Icon name="more" />
      </button>
      {/* On a phone a panel over the row, shown while "More" is open; from sm up, part of the row. */}
      <div
        ref={panel}
        id={moreId}
        data-testid="reader-tools-rest"
        data-open={moreOpen ? 'true' : 'false'}
        className={`flex items-center gap-0.5 sm:gap-1 max-sm:absolute max-sm:right-2 max-sm:bottom-full max-sm:z-10 max-sm:mb-2 max-sm:w-64 max-sm:flex-col max-sm:items-stretch max-sm:rounded-2xl max-sm:bg-zinc-900 max-sm:p-2 max-sm:shadow-2xl max-sm:ring-1 max-sm:ring-white/15 ${moreOpen ? '' : 'max-sm:hidden'}`}
      >
        {vertical ? null : (
          <>
            <ToolButton
              icon="shift"
              label={t('episode.viewer.tools.shift')}
              pressed={props.shift.pressed}
              disabled={!props.shift.enabled}
              onClick={props.shift.onToggle}
              testId="shift-toggle"
              labelled
            />
            <ToolButton
              icon="zoomOut"
              label={t('episode.viewer.tools.zoom_out')}
              disabled={!props.zoomed}
              onClick={() => props.onZoom(-1)}
              testId="zoom-out"
              labelled
            />
            <ToolButton
              icon="zoomIn"
              label={t('episode.viewer.tools.zoom_in')}
              onClick={() => props.onZoom(1)}
              testId="zoom-in"
              labelled
            />
          </>
        )}
        {member ? (
          <ToolButton
            icon="incognito"
            label={t('reader_features.private.switch')}
            pressed={member.privateOn}
            onClick={member.onPrivate}
            testId="private-reading-toggle"
            labelled
          />
        ) : null}
        <DataSaverButton state={props.dataSaver} labelled />
        <ToolButton
          icon={props.fullscreen ? 'fullscreenExit' : 'fullscreen'}
          label={props.fullscreen ? t('episode.viewer.tools.fullscreen_exit') : t('episode.viewer.tools.fullscreen')}
          pressed={props.fullscreen}
          onClick={props.onFullscreen}
          testId="fullscreen-toggle"
          labelled
        />
      </div>
    </div>
  );
}
