import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { BrandMark } from './ui/brand-mark.tsx';

export type AccountDialogName = 'login' | 'signup';
export const DIALOG_PARAM = 'dialog';

export function dialogOf(search: string): AccountDialogName | undefined {
  const value = new URLSearchParams(search).get(DIALOG_PARAM);
  return value === 'login' || value === 'signup' ? value : undefined;
}

/** The current URL with the dialog parameter set (or removed). */
export function withDialog(pathname: string, search: string, dialog: AccountDialogName | undefined): string {
  const params = new URLSearchParams(search);
  if (dialog) params.set(DIALOG_PARAM, dialog);
  else params.delete(DIALOG_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The login and sign-up dialogs (SPEC §2), opened by `?dialog=login|signup` so that they work
 * without JavaScript too. The Accounts work fills them with their forms.
 */
export function AccountDialog() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = dialogOf(location.search);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const closeHref = withDialog(location.pathname, location.search, undefined);

  useEffect(() => {
    if (!dialog) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [dialog, closeHref, navigate]);

  if (!dialog) return null;
  const other: AccountDialogName = dialog === 'login' ? 'signup' : 'login';
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center sm:items-center sm:p-6">
      <Link
        to={closeHref}
        replace
        preventScrollReset
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 bg-ink/60 backdrop-blur-[2px]"
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="account-dialog-title"
        className="relative w-full max-w-md rounded-t-3xl bg-white px-6 pt-7 pb-8 shadow-2xl sm:rounded-3xl sm:px-8"
      >
        <Link
          ref={closeRef}
          to={closeHref}
          replace
          preventScrollReset
          aria-label={t('common.close')}
          className="absolute top-4 right-4 grid size-9 place-items-center rounded-full text-zinc-500 transition hover:bg-zinc-100 hover:text-ink"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </Link>
        <BrandMark className="size-11" />
        <h2 id="account-dialog-title" className="mt-4 text-2xl font-black tracking-tight text-ink">
          {t(`dialog.${dialog}.title`)}
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-zinc-600">
          {t(`dialog.${dialog}.body`, { name: SERVICE_NAME })}
        </p>
        <div className="mt-7 flex flex-col gap-2 sm:flex-row-reverse">
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className="inline-flex h-11 items-center sm:flex-1 justify-center rounded-full bg-ink px-5 text-sm font-bold text-white transition hover:bg-zinc-800"
          >
            {t('common.close')}
          </Link>
          <Link
            to={withDialog(location.pathname, location.search, other)}
            replace
            preventScrollReset
            className="inline-flex h-11 items-center sm:flex-1 justify-center rounded-full px-5 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-50"
          >
            {t(`header.${other}`)}
          </Link>
        </div>
      </div>
    </div>
  );
}
