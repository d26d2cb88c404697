import { LOADING_BAR_COLOR, LOADING_BAR_HEIGHT_PX } from '@manga/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { HIDDEN_FRAME, type LoadingBarFrame, LoadingBarTimeline } from '#app/client/loading-bar-timeline.ts';

/** The bar's colour when the page ends in an error. */
export const LOADING_BAR_ERROR_COLOR = '#e5484d';

/** Page-loading progress bar (product §9): brand blue, the error colour when the page failed. */
export function LoadingBar({ error, label }: { error: boolean; label: string }) {
  const navigation = useNavigation();
  const [frame, setFrame] = useState<LoadingBarFrame>(HIDDEN_FRAME);
  const timeline = useRef<LoadingBarTimeline | undefined>(undefined);
  const loading = navigation.state !== 'idle';

  useEffect(() => {
    timeline.current = new LoadingBarTimeline(setFrame, {
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    });
    return () => timeline.current?.dispose();
  }, []);

  useEffect(() => {
    if (loading) timeline.current?.start();
    else timeline.current?.finish();
  }, [loading]);

  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-hidden={!frame.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(frame.progress)}
      data-state={frame.visible ? 'visible' : 'hidden'}
      className="pointer-events-none fixed inset-x-0 top-0 z-50"
      style={{ height: LOADING_BAR_HEIGHT_PX }}
    >
      <div
        style={{
          height: '100%',
          width: `${frame.progress}%`,
          opacity: frame.visible ? 1 : 0,
          backgroundColor: error ? LOADING_BAR_ERROR_COLOR : LOADING_BAR_COLOR,
          boxShadow: `0 0 8px ${error ? LOADING_BAR_ERROR_COLOR : LOADING_BAR_COLOR}`,
          transition: `width ${frame.transitionMs}ms ease-out, opacity 300ms ease`,
        }}
      />
    </div>
  );
}
