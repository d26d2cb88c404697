import { responseCodeMessageKey } from '@manga/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useLocation } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { withDialog } from '#app/features/account/account-dialog.tsx';
import { FOLLOW_INTENT_FIELD, type FollowActionResult, FollowIntent } from './follow.ts';
import { readGuestFollows, withGuestFollow, writeGuestFollows } from './guest-follows.ts';

const base =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-bold ring-1 transition disabled:cursor-wait';
const idle = `${base} bg-white/10 text-white ring-white/30 hover:bg-white/20`;
const active = `${base} bg-rose-600 text-white ring-rose-500 hover:bg-rose-700`;

/**
 * A visitor's follow, kept in this browser until they log in or sign up (guest-follows.ts). Without
 * JavaScript (or before it runs) the button asks them to log in.
 */
function GuestFollowButton({ titleId }: { titleId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [following, setFollowing] = useState<boolean | undefined>(undefined);
  useEffect(() => setFollowing(readGuestFollows().includes(titleId)), [titleId]);
  if (following === undefined) {
    return (
      <Link
        to={withDialog(location.pathname, location.search, 'login')}
        preventScrollReset
        className={idle}
        data-testid="follow-login"
      >
        <Icon name="heart" className="size-4" />
        {t('follow.follow')}
      </Link>
    );
  }
  const toggle = () => {
    const next = !following;
    writeGuestFollows(withGuestFollow(readGuestFollows(), titleId, next));
    setFollowing(next);
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        aria-pressed={following}
        onClick={toggle}
        className={following ? active : idle}
        data-testid="follow-button"
      >
        <Icon name="heart" className="size-4" filled={following} />
        {following ? t('follow.following') : t('follow.follow')}
      </button>
      {following ? (
        <p className="max-w-xs text-xs text-zinc-300" data-testid="follow-guest-note">
          {t('follow.guest_note')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Follow or unfollow the title (ADR 017): a form that works without JavaScript, shown at once as
 * done while the call runs; a failure says why beside the button.
 */
export function FollowButton({ titleId, following }: { titleId: number; following: boolean | undefined }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useLoginState();
  const fetcher = useFetcher<FollowActionResult>();
  if (!isLoggedIn) return <GuestFollowButton titleId={titleId} />;
  if (following === undefined) {
    // A member shell before the reader's answer (ADR 048): the button's place, neither state.
    return (
      <div className="flex flex-col items-start gap-1" data-personal="pending">
        <button type="button" disabled aria-busy="true" className={`${idle} invisible`}>
          <Icon name="heart" className="size-4" />
          {t('follow.follow')}
        </button>
      </div>
    );
  }
  const pending = fetcher.formData?.get(FOLLOW_INTENT_FIELD);
  const result = fetcher.data;
  const shown =
    pending !== undefined && pending !== null
      ? pending === FollowIntent.Follow
      : result?.status === 'done'
        ? result.following
        : following;
  return (
    <fetcher.Form method="post" className="flex flex-col items-start gap-1">
      <input type="hidden" name={FOLLOW_INTENT_FIELD} value={shown ? FollowIntent.Unfollow : FollowIntent.Follow} />
      <button
        type="submit"
        aria-pressed={shown}
        className={shown ? active : idle}
        disabled={fetcher.state !== 'idle'}
        data-testid="follow-button"
      >
        <Icon name="heart" className="size-4" filled={shown} />
        {shown ? t('follow.following') : t('follow.follow')}
      </button>
      {result?.status === 'failed' && fetcher.state === 'idle' ? (
        <p role="alert" className="max-w-xs text-xs text-rose-100">
          {t(responseCodeMessageKey(result.code))}{' '}
          <span className="text-[11px] text-zinc-300">{t('common.error_code', { code: result.code })}</span>
        </p>
      ) : null}
    </fetcher.Form>
  );
}
