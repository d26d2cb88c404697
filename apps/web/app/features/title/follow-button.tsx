import { responseCodeMessageKey } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useLocation } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { withDialog } from '#app/features/account/account-dialog.tsx';
import { FOLLOW_INTENT_FIELD, type FollowActionResult, FollowIntent } from './follow.ts';

const base =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-bold ring-1 transition disabled:cursor-wait';
const idle = `${base} bg-white/10 text-white ring-white/30 hover:bg-white/20`;
const active = `${base} bg-rose-600 text-white ring-rose-500 hover:bg-rose-700`;

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Follow or unfollow the title (ADR 017): a form that works without JavaScript, shown at once as
 * done while the call runs; a failure says why beside the button. Visitors are asked to log in.
 */
export function FollowButton({ following }: { following: boolean }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useLoginState();
  const location = useLocation();
  const fetcher = useFetcher<FollowActionResult>();
  if (!isLoggedIn) {
    return (
      <Link
        to={withDialog(location.pathname, location.search, 'login')}
        preventScrollReset
        className={idle}
        data-testid="follow-login"
      >
        <HeartIcon filled={false} />
        {t('follow.follow')}
      </Link>
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
        <HeartIcon filled={shown} />
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
