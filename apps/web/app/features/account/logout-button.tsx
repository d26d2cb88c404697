import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { LOGOUT_ACTION_PATH } from './account-paths.ts';

/** Logs out: the login state turns false at once, whatever the call answers (product §4). */
export function LogoutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { setLoggedIn } = useLoginState();
  return (
    <Form method="post" action={LOGOUT_ACTION_PATH} onSubmit={() => setLoggedIn(false)}>
      <button
        type="submit"
        data-testid="logout"
        className={
          className ??
          'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-bold text-red-700 ring-1 ring-red-200 transition hover:bg-red-50'
        }
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path
            d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t('settings.logout')}
      </button>
    </Form>
  );
}
