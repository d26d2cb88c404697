import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useLocation, useNavigate } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useModalFocus } from '#app/components/ui/modal.tsx';
import { REDIRECT_PARAM } from '#app/guards/navigation-guard.ts';
import {
  ScriptMarker,
  SignupFields,
  SubmitButton,
  TextField,
  textLinkClass,
  useFormFeedback,
  useHydrated,
} from './account-form.tsx';
import { type AnyFormResult, type FieldErrorKey, validateLoginForm, validateSignupForm } from './account-forms.ts';
import {
  DIALOG_PARAM,
  LOGIN_ACTION_PATH,
  LOGIN_ERROR_PARAM,
  loginReturnTarget,
  PASSWORD_RESET_REQUEST_PATH,
  SIGNUP_PATH,
} from './account-paths.ts';

export type AccountDialogName = 'login' | 'signup';

export function dialogOf(search: string): AccountDialogName | undefined {
  const value = new URLSearchParams(search).get(DIALOG_PARAM);
  return value === 'login' || value === 'signup' ? value : undefined;
}

/** The current URL with the dialog parameter set (or removed); a failed login's note goes with it. */
export function withDialog(pathname: string, search: string, dialog: AccountDialogName | undefined): string {
  const params = new URLSearchParams(search);
  if (dialog) params.set(DIALOG_PARAM, dialog);
  else params.delete(DIALOG_PARAM);
  params.delete(LOGIN_ERROR_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** What a login without JavaScript left in the URL: an API code or a field error key. */
export function loginErrorOf(search: string): { code?: number; field?: FieldErrorKey } {
  const value = new URLSearchParams(search).get(LOGIN_ERROR_PARAM);
  if (!value) return {};
  if (/^\d{1,5}$/.test(value)) return { code: Number(value) };
  if (/^(account\.errors|password_error)\.[a-z_]+$/.test(value)) return { field: value as FieldErrorKey };
  return {};
}

type LoginResult = AnyFormResult | { status: 'done'; to: string };

function LoginForm({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { setLoggedIn } = useLoginState();
  const fetcher = useFetcher<LoginResult>();
  const hydrated = useHydrated();
  const feedback = useFormFeedback(fetcher.data, validateLoginForm);
  const fromUrl = loginErrorOf(location.search);
  const loginHref = withDialog(location.pathname, location.search, 'login');
  const target = loginReturnTarget(new URLSearchParams(location.search).get(REDIRECT_PARAM)) ?? closeHref;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === 'idle' && data?.status === 'done' && 'to' in data) {
      // product §4: a successful login sets the login state.
      setLoggedIn(true);
      navigate(data.to, { replace: true });
    }
  }, [fetcher.state, fetcher.data, setLoggedIn, navigate]);

  // A login without scripts comes back with its error in the URL; a new answer replaces it.
  const code = feedback.code ?? (fetcher.data ? undefined : fromUrl.code);
  return (
    <fetcher.Form
      method="post"
      action={LOGIN_ACTION_PATH}
      noValidate={hydrated}
      onSubmit={feedback.onSubmit}
      className="mt-6 space-y-4"
      aria-label={t('dialog.login.title')}
    >
      <ScriptMarker />
      <input type="hidden" name="redirect" value={target} />
      <input type="hidden" name="from" value={loginHref} />
      {fromUrl.field && !fetcher.data ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700 ring-1 ring-red-100">
          {t(fromUrl.field)}
        </p>
      ) : null}
      <TextField
        name="email"
        type="email"
        label={t('account.fields.email')}
        autoComplete="email"
        error={feedback.errors.email}
        autoFocus
      />
      <TextField
        name="password"
        type="password"
        label={t('account.fields.password')}
        autoComplete="current-password"
        error={feedback.errors.password}
      />
      <FormError code={code} retryAfterSeconds={feedback.code !== undefined ? feedback.retryAfterSeconds : undefined} />
      <div className="flex justify-end">
        <Link to={PASSWORD_RESET_REQUEST_PATH} className={`text-sm ${textLinkClass}`}>
          {t('dialog.login.forgot')}
        </Link>
      </div>
      <SubmitButton busy={busy}>{t('dialog.login.submit')}</SubmitButton>
    </fetcher.Form>
  );
}

type SignupResult = AnyFormResult | { status: 'done'; email: string };

function SignupForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<SignupResult>();
  const hydrated = useHydrated();
  const feedback = useFormFeedback(fetcher.data, validateSignupForm);
  const busy = fetcher.state !== 'idle';
  const sent = fetcher.data?.status === 'done' && 'email' in fetcher.data ? fetcher.data.email : undefined;

  if (sent !== undefined) {
    return (
      <div className="mt-6" role="status" data-testid="signup-sent">
        <div className="rounded-2xl bg-brand-50 px-5 py-4 ring-1 ring-brand-100">
          <p className="text-base font-bold text-ink">{t('dialog.signup.sent_title')}</p>
          <p className="mt-1.5 text-sm leading-relaxed text-zinc-700">
            {t('dialog.signup.sent_body', { email: sent })}
          </p>
        </div>
        <p className="mt-4 text-xs leading-relaxed text-zinc-500">{t('account.sent.spam_hint')}</p>
      </div>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={SIGNUP_PATH}
      noValidate={hydrated}
      onSubmit={feedback.onSubmit}
      className="mt-6 space-y-4"
      aria-label={t('dialog.signup.title')}
    >
      <SignupFields
        errors={feedback.errors}
        busy={busy}
        autoFocus
        error={<FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />}
      />
    </fetcher.Form>
  );
}

/**
 * The login and sign-up dialogs (product §2), opened by `?dialog=login|signup` so that they work
 * without JavaScript too: their forms post to /account/login and /account/presave. With scripts
 * they submit in place and stay open on errors.
 */
export function AccountDialog() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = dialogOf(location.search);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeHref = withDialog(location.pathname, location.search, undefined);
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });
  useModalFocus(panelRef, dialog !== undefined, close);

  useEffect(() => {
    if (!dialog) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [dialog]);

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
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="account-dialog-title"
        aria-describedby="account-dialog-lead"
        tabIndex={-1}
        data-testid={`${dialog}-dialog`}
        className="relative max-h-[calc(100dvh-1rem)] w-full max-w-md overflow-y-auto rounded-t-3xl bg-white px-6 pt-7 pb-8 shadow-2xl outline-none sm:max-h-[calc(100dvh-3rem)] sm:rounded-3xl sm:px-8"
      >
        <Link
          to={closeHref}
          replace
          preventScrollReset
          aria-label={t('common.close')}
          className="absolute top-4 right-4 grid size-9 place-items-center rounded-full text-zinc-500 transition hover:bg-zinc-100 hover:text-ink"
        >
          <Icon name="dismiss" className="size-5" />
        </Link>
        <BrandMark className="size-11" />
        <h2 id="account-dialog-title" className="mt-4 text-2xl font-black tracking-tight text-ink">
          {t(`dialog.${dialog}.title`)}
        </h2>
        <p id="account-dialog-lead" className="mt-2 text-sm leading-relaxed text-zinc-600">
          {t(`dialog.${dialog}.body`, { name: SERVICE_NAME })}
        </p>
        {dialog === 'login' ? <LoginForm closeHref={closeHref} /> : <SignupForm />}
        <p className="mt-6 border-t border-zinc-100 pt-5 text-center text-sm text-zinc-600">
          {t(`dialog.${dialog}.switch_lead`, { name: SERVICE_NAME })}{' '}
          <Link
            to={withDialog(location.pathname, location.search, other)}
            replace
            preventScrollReset
            className={textLinkClass}
          >
            {t(`dialog.${dialog}.switch`)}
          </Link>
        </p>
      </div>
    </div>
  );
}
