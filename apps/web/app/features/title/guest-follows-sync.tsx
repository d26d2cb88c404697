import { addFavoriteTitle, responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import type { RootData } from '#app/root-data.ts';
import { readGuestFollows, writeGuestFollows } from './guest-follows.ts';

/**
 * Once the visitor is logged in (a login or a finished sign-up), the titles they followed as a
 * guest are followed on their account, then forgotten by the browser, and the page reloads its
 * data (My page shows them at once). Titles that no longer exist are dropped; a failure keeps the
 * rest for the next time.
 */
export function GuestFollowsSync({ root }: { root: RootData | undefined }) {
  const { isLoggedIn } = useLoginState();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!isLoggedIn || !root) return;
    const pending = readGuestFollows();
    if (pending.length === 0) return;
    let cancelled = false;
    (async () => {
      const api = browserApi(root);
      let left = [...pending];
      for (const titleId of pending) {
        try {
          await addFavoriteTitle(api, { title_id: titleId });
        } catch (error) {
          const code = responseCodeOf(error);
          if (code !== ResponseCode.TitleNotFound && code !== ResponseCode.FavoriteLimitOver) {
            console.warn(`Following title ${titleId} after login failed (${code}); kept for next time`);
            continue;
          }
        }
        left = left.filter((id) => id !== titleId);
      }
      writeGuestFollows(left);
      if (!cancelled) await revalidate();
    })();
    return () => {
      cancelled = true;
    };
  }, [isLoggedIn, root, revalidate]);
  return null;
}
