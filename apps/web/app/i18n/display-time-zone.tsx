import { CookieName } from '@manga/contracts';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { prefixed } from '#app/visitor/cookies.ts';
import { parseTimeZone, TIME_ZONE_COOKIE_TTL_SECONDS } from './time-zone.ts';

// The zone times are shown in (i18n/time-zone.ts): the server's (the cookie, or the region's usual
// zone) for the first render, so that hydration matches; then the browser's own, remembered in the
// cookie for the next server render.

const DisplayTimeZoneContext = createContext<string | undefined>(undefined);

/** The browser's zone, or undefined where Intl does not say. */
function browserTimeZone(): string | undefined {
  try {
    return parseTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return undefined;
  }
}

export function DisplayTimeZoneProvider({
  serverTimeZone,
  cookiePrefix,
  secure,
  children,
}: {
  serverTimeZone: string;
  cookiePrefix: string;
  secure: boolean;
  children: ReactNode;
}) {
  const [zone, setZone] = useState(serverTimeZone);
  useEffect(() => {
    const own = browserTimeZone();
    if (!own) return;
    setZone(own);
    if (own === serverTimeZone) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; one cookie, written once
    document.cookie = [
      `${prefixed(cookiePrefix, CookieName.TimeZone)}=${encodeURIComponent(own)}`,
      'Path=/',
      `Max-Age=${TIME_ZONE_COOKIE_TTL_SECONDS}`,
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }, [serverTimeZone, cookiePrefix, secure]);
  return <DisplayTimeZoneContext.Provider value={zone}>{children}</DisplayTimeZoneContext.Provider>;
}

/** The zone to show times in; undefined outside the provider (Intl then uses the runtime's). */
export function useDisplayTimeZone(): string | undefined {
  return useContext(DisplayTimeZoneContext);
}
