import { type ApiAnswer, responseCodeOf } from '@manga/api-client';
import { STORAGE_KEY_IS_LOGGED_IN } from '@manga/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { RootData } from '#app/root-data.ts';
import { browserApi } from './browser-api.ts';

// Login state (product §4): the server knows it from the uwt cookie and hands it over on the first
// render; the client keeps it in local storage under `isLoggedIn` and follows other tabs through
// `storage` events. On a change to true the account data loads; on false nothing more happens.

/** The stored form of the flag. */
export function storedLoginValue(isLoggedIn: boolean): string {
  return isLoggedIn ? 'true' : 'false';
}

/** The flag from its stored form; undefined when absent or unreadable. */
export function parseStoredLogin(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

export interface LoginState {
  isLoggedIn: boolean;
  /** GET /account's answer once loaded after a change to logged in. */
  account: ApiAnswer | undefined;
  /** Login success and sign-up set true; logout sets false, even when the logout call fails. */
  setLoggedIn(value: boolean): void;
}

const LoginStateContext = createContext<LoginState>({
  isLoggedIn: false,
  account: undefined,
  setLoggedIn: () => undefined,
});

function writeStorage(value: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY_IS_LOGGED_IN, storedLoginValue(value));
  } catch {
    // Storage can be disabled (private mode); the in-memory state still works.
  }
}

export function LoginStateProvider({ root, children }: { root: RootData | undefined; children: ReactNode }) {
  const serverLoggedIn = root?.isLoggedIn ?? false;
  const [isLoggedIn, setIsLoggedIn] = useState(serverLoggedIn);
  const [account, setAccount] = useState<ApiAnswer | undefined>(undefined);
  const previous = useRef(serverLoggedIn);
  const rootRef = useRef(root);
  rootRef.current = root;

  // First render, and each time the server tells again: the server's word goes to storage. The
  // offline page's server knew no session (ADR 052): there the browser's own flag stands.
  // An error screen without the root's data knows no more (a page that failed offline, for one).
  const offlineShell = root === undefined || root.offlineShell;
  useEffect(() => {
    if (offlineShell) {
      let stored: boolean | undefined;
      try {
        stored = parseStoredLogin(window.localStorage.getItem(STORAGE_KEY_IS_LOGGED_IN));
      } catch {
        stored = undefined;
      }
      setIsLoggedIn(stored ?? false);
      return;
    }
    writeStorage(serverLoggedIn);
    setIsLoggedIn(serverLoggedIn);
  }, [serverLoggedIn, offlineShell]);

  // Other tabs.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY_IS_LOGGED_IN) return;
      const value = parseStoredLogin(event.newValue);
      if (value !== undefined) setIsLoggedIn(value);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A change to true loads the account; a change to false only forgets it.
  useEffect(() => {
    const was = previous.current;
    previous.current = isLoggedIn;
    if (!isLoggedIn) {
      setAccount(undefined);
      return;
    }
    if (was && account !== undefined) return;
    const current = rootRef.current;
    if (!current) return;
    let cancelled = false;
    browserApi(current)
      .get('/account')
      .then((answer) => {
        if (!cancelled) setAccount(answer);
      })
      .catch((error: unknown) => {
        console.warn(`Account data could not be loaded (${responseCodeOf(error)})`);
      });
    return () => {
      cancelled = true;
    };
  }, [isLoggedIn, account]);

  const setLoggedIn = useCallback((value: boolean) => {
    writeStorage(value);
    setIsLoggedIn(value);
  }, []);

  const state = useMemo(() => ({ isLoggedIn, account, setLoggedIn }), [isLoggedIn, account, setLoggedIn]);
  return <LoginStateContext.Provider value={state}>{children}</LoginStateContext.Provider>;
}

export function useLoginState(): LoginState {
  return useContext(LoginStateContext);
}
