import { getAccountPoint, responseCodeOf } from '@manga/api-client';
import { parseWireDateTime } from '@manga/contracts';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '#app/client/browser-api.ts';
import {
  browserStorage,
  clearTicketBadge,
  decideTicketBadge,
  isBadgeClearedToday,
} from '#app/client/checked-tickets.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { useRootData } from '#app/root-data.ts';

// The header's premium-ticket near-expiry badge (product §4, §9; ADR 014): for a logged-in reader, once
// the account is known, GET /account/point gives the first ticket to expire; the contracts' rule
// decides once per day per user, and the checked-ticket list in local storage remembers it.
// Toggling the account menu clears it. Nothing is asked when today's decision is already "off".

/** The user id of GET /account's answer, as the login state holds it. */
function userIdOf(account: unknown): number | undefined {
  const id = (account as { account?: { user_id?: unknown } } | undefined)?.account?.user_id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

export function useTicketExpiryBadge(): { showBadge: boolean; clear(): void } {
  const root = useRootData();
  const { isLoggedIn, account } = useLoginState();
  const userId = isLoggedIn ? userIdOf(account) : undefined;
  const [showBadge, setShowBadge] = useState(false);
  const apiPrefix = root?.apiPrefix;
  const cookiePrefix = root?.cookiePrefix;
  const isCrawler = root?.isCrawler;
  const wireTimeZone = root?.wireTimeZone;

  useEffect(() => {
    setShowBadge(false);
    if (userId === undefined || apiPrefix === undefined || cookiePrefix === undefined || wireTimeZone === undefined) {
      return;
    }
    const storage = browserStorage();
    if (isBadgeClearedToday(storage, userId, new Date())) return;
    let cancelled = false;
    getAccountPoint(browserApi({ apiPrefix, cookiePrefix, isCrawler: isCrawler ?? false }))
      .then((answer) => {
        if (cancelled) return;
        const first = answer.ticket.detail_list[0];
        const firstExpiresAt = first ? (parseWireDateTime(first.expired, wireTimeZone)?.getTime() ?? null) : null;
        setShowBadge(decideTicketBadge(storage, { userId, firstExpiresAt, now: new Date() }));
      })
      .catch((error: unknown) => {
        console.warn(`The premium tickets could not be checked (${responseCodeOf(error)})`);
      });
    return () => {
      cancelled = true;
    };
  }, [userId, apiPrefix, cookiePrefix, isCrawler, wireTimeZone]);

  const clear = useCallback(() => {
    if (userId === undefined) return;
    clearTicketBadge(browserStorage(), userId, new Date());
    setShowBadge(false);
  }, [userId]);

  return { showBadge, clear };
}
