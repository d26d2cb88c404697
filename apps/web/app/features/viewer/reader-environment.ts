import { useEffect, useState } from 'react';
import type { ConnectionHints } from './preload-policy.ts';

// What the reader reads of the browser: storage, the connection, the window's size, the focus.

export function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

export function connectionHints(): ConnectionHints | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return connection
    ? { saveData: connection.saveData, effectiveType: connection.effectiveType, downlink: connection.downlink }
    : undefined;
}

/** The window's size once mounted (spreads need it); undefined while rendering on the server. */
export function useWindowSize(): { width: number; height: number } | undefined {
  const [size, setSize] = useState<{ width: number; height: number } | undefined>(undefined);
  useEffect(() => {
    const measure = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return size;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}
