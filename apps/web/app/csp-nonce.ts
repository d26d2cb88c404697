import { createContext, useContext } from 'react';

/**
 * This page's Content-Security-Policy nonce (ADR 015), for the few inline scripts our own components
 * render on the server (the reader's boot page, ADR 016). The server entry provides it; in the
 * browser it is undefined: the nonce only matters to the HTML the server sent, and scripts that
 * React inserts later never run.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
