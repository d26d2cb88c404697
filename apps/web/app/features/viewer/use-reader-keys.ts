import { useEffect, useRef } from 'react';
import { isTypingTarget } from './reader-environment.ts';

export interface ReaderKeys {
  rtl: boolean;
  vertical: boolean;
  zoomed: boolean;
  fullscreen: boolean;
  menuOpen: boolean;
  turn: (step: 1 | -1) => void;
  goToView: (index: number) => void;
  /** The index of the last view (End). */
  lastView: number;
  zoomBy: (direction: 1 | -1) => void;
  resetZoom: () => void;
  toggleFullscreen: () => void;
  openMenu: (open: boolean) => void;
  openBookmark: () => void;
}

/**
 * The reader's keyboard (product §3): arrows follow the reading direction, space, Home/End, +/- zoom,
 * B bookmark, F full screen, Esc; Tab shows the menu. Keys typed into a field are the field's.
 */
export function useReaderKeys(keys: ReaderKeys): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
      const reader = latest.current;
      const onControl = event.target instanceof Element && event.target.closest('button, a') !== null;
      const key = event.key;
      if ((key === 'b' || key === 'B') && !event.ctrlKey) {
        event.preventDefault();
        reader.openBookmark();
        return;
      }
      if ((key === 'f' || key === 'F') && !event.ctrlKey) {
        event.preventDefault();
        reader.toggleFullscreen();
        return;
      }
      if (key === 'Escape') {
        if (reader.zoomed) reader.resetZoom();
        else if (reader.fullscreen && !document.fullscreenElement) reader.toggleFullscreen();
        else reader.openMenu(false);
        return;
      }
      if (key === 'Tab' && !reader.menuOpen) {
        reader.openMenu(true);
        return;
      }
      if (reader.vertical || event.ctrlKey) {
        if (event.ctrlKey && (key === '+' || key === '=' || key === '-') && !reader.vertical) {
          event.preventDefault();
          reader.zoomBy(key === '-' ? -1 : 1);
        }
        return;
      }
      const forward = reader.rtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = reader.rtl ? 'ArrowRight' : 'ArrowLeft';
      let handled = true;
      if (key === forward || key === 'PageDown' || (key === ' ' && !event.shiftKey && !onControl)) reader.turn(1);
      else if (key === backward || key === 'PageUp' || (key === ' ' && event.shiftKey && !onControl)) reader.turn(-1);
      else if (key === 'Home') reader.goToView(0);
      else if (key === 'End') reader.goToView(reader.lastView);
      else if (key === '+' || key === '=') reader.zoomBy(1);
      else if (key === '-') reader.zoomBy(-1);
      else handled = false;
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
