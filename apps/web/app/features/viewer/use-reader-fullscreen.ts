import { useCallback, useEffect, useRef, useState } from 'react';
import { storageOf } from './reader-environment.ts';
import { readFullscreen, writeFullscreen } from './viewer-settings.ts';

/**
 * Full screen (product §3): the Fullscreen API where there is one, else the reader alone in the
 * window; kept for the session. `onEnter` runs when it turns on (the reader hides its menu).
 */
export function useReaderFullscreen(onEnter: () => void) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // Read once mounted: the server renders it off.
  useEffect(() => {
    setFullscreen(readFullscreen(storageOf('sessionStorage')));
  }, []);
  const enter = useRef(onEnter);
  enter.current = onEnter;
  const toggleFullscreen = useCallback(() => {
    const on = !fullscreen;
    setFullscreen(on);
    writeFullscreen(storageOf('sessionStorage'), on);
    if (on) {
      rootRef.current?.requestFullscreen?.().catch(() => undefined);
      enter.current();
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
  return { rootRef, fullscreen, toggleFullscreen };
}
